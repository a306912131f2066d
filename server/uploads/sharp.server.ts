import type SharpType from 'sharp'

let loading: Promise<typeof SharpType> | undefined

/**
 * sharp (libvips), loaded on first use: it adds some 25 MB to the process's memory as soon as it is
 * imported, and most of the server's life passes without an image to process (docs/decisions/038-resized-image-copies.md).
 */
export function loadSharp(): Promise<typeof SharpType> {
  loading ??= import('sharp').then((module) => {
    const sharp = module.default
    // libvips keeps recent operations and their pixels (up to 50 MB) for reuse; uploads never repeat.
    sharp.cache(false)
    return sharp
  })
  return loading
}
