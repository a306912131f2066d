import fs from 'node:fs'
import path from 'node:path'
import type { ResponsiveImage } from '#components/shared/responsive-image'
import { UPLOAD_URL_PREFIX } from '#db/queries/uploads.server'
import { loadSharp } from './sharp.server'
import { storeUpload, writeFileDurably } from './store.server'

/**
 * Resized copies of uploaded images (docs/decisions/038-resized-image-copies.md). Every upload `<hash>.<ext>` gets WebP copies
 * `<hash>-<width>w.webp` at the widths pages show images at: 160 and 320 for people and logos, 400, 800 and
 * 1200 for banners (1x and 2x screens), each narrower than the upload itself, plus one at the upload's own
 * width when that is 1200 or less, so the largest copy is never missing. Pages list them in `srcset`
 * (`ResponsiveImage`) and the browser fetches the smallest sharp one. Copies belong to their upload: the
 * orphan sweep keeps or removes them with it (server/uploads/orphans.server.ts).
 */

export const VARIANT_WIDTHS = [160, 320, 400, 800, 1200] as const
const LARGEST = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? 1200
/** WebP at this quality is about a third of the JPEG it replaces, with no visible loss at these sizes. */
const WEBP_QUALITY = 75

/** `<hash>-<width>w.webp`: the copy of upload `<hash>.<ext>` at that width. */
export const VARIANT_NAME = /^([A-Za-z0-9][A-Za-z0-9_]*)-(\d{1,5})w\.webp$/

export const stemOf = (name: string) => name.replace(/\.[A-Za-z0-9]+$/, '')
export const variantName = (upload: string, width: number) => `${stemOf(upload)}-${width}w.webp`

/** The widths to make for an image `width` pixels wide. */
export function variantWidths(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((candidate) => candidate < width)
  if (width > 0 && width <= LARGEST) widths.push(width)
  return widths
}

/**
 * Writes the resized copies of an upload (already sanitized bytes) and returns their widths. An animated
 * image gets none: a still copy in the srcset would stop its animation.
 */
export async function writeVariants(dir: string, upload: string, bytes: Buffer): Promise<number[]> {
  const sharp = await loadSharp()
  const { width = 0, pages = 1 } = await sharp(bytes).metadata()
  if (pages > 1) return []
  const widths = variantWidths(width)
  for (const target of widths) {
    const copy = await sharp(bytes)
      .resize({ width: target, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer()
    await writeFileDurably(dir, variantName(upload, target), copy)
  }
  return widths
}

/** Stores an image under its hash name with its resized copies (the upload endpoint, demo content). */
export async function storeImage(
  dir: string,
  bytes: Buffer,
  extension: string,
  variants?: UploadVariants,
): Promise<string> {
  const url = await storeUpload(dir, bytes, extension)
  const name = url.slice(UPLOAD_URL_PREFIX.length)
  const widths = await writeVariants(dir, name, bytes)
  variants?.add(name, widths)
  return url
}

/**
 * Which uploads have which copies, read from the uploads folder once and kept up to date by the upload
 * endpoint. Pages ask it for an image's srcset (pageContext.image).
 */
export class UploadVariants {
  private readonly widths = new Map<string, number[]>()

  constructor(readonly dir: string) {
    let names: string[] = []
    try {
      names = fs.readdirSync(dir)
    } catch {}
    for (const name of names) {
      const match = VARIANT_NAME.exec(name)
      if (!match?.[1]) continue
      const stem = match[1]
      const list = this.widths.get(stem) ?? []
      list.push(Number(match[2]))
      this.widths.set(stem, list)
    }
    for (const list of this.widths.values()) list.sort((a, b) => a - b)
  }

  add(upload: string, widths: number[]): void {
    if (widths.length > 0)
      this.widths.set(
        stemOf(upload),
        [...widths].sort((a, b) => a - b),
      )
  }

  has(upload: string): boolean {
    return this.widths.has(stemOf(upload))
  }

  /** An image URL as a page writes it: an upload with copies gets a srcset; anything else stays as it is. */
  image = (url: string): ResponsiveImage => {
    if (!url.startsWith(UPLOAD_URL_PREFIX)) return { src: url }
    const upload = url.slice(UPLOAD_URL_PREFIX.length)
    const widths = this.widths.get(stemOf(upload))
    if (!widths || upload.includes('/')) return { src: url }
    return {
      src: url,
      srcSet: widths.map((width) => `${UPLOAD_URL_PREFIX}${variantName(upload, width)} ${width}w`).join(', '),
    }
  }
}

/** The uploads folder's files that are copies, by the upload they belong to (its name without extension). */
export function isVariant(name: string): { stem: string; width: number } | null {
  const match = VARIANT_NAME.exec(name)
  return match?.[1] ? { stem: match[1], width: Number(match[2]) } : null
}

/** Makes the copies of uploads that have none yet (uploads from before copies existed); returns how many. */
export async function backfillVariants(
  variants: UploadVariants,
  uploads: Iterable<string>,
  onError: (upload: string, error: unknown) => void,
): Promise<number> {
  let made = 0
  for (const upload of uploads) {
    if (variants.has(upload) || isVariant(upload)) continue
    try {
      const bytes = await fs.promises.readFile(path.join(variants.dir, upload))
      variants.add(upload, await writeVariants(variants.dir, upload, bytes))
      made++
    } catch (error) {
      onError(upload, error)
    }
  }
  return made
}
