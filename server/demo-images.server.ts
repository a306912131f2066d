import { loadSharp } from './uploads/sharp.server'
import { storeImage, type UploadVariants } from './uploads/variants.server'

/**
 * Abstract sample pictures for the demo content, drawn from SVG shapes (no text, so no fonts are
 * needed) and stored like any upload. They make the demo look like a site in use without shipping
 * photos of real people.
 */
const palettes = [
  ['#004e85', '#1b73b8', '#f59e0b'],
  ['#0f766e', '#14b8a6', '#fde68a'],
  ['#7c2d12', '#ea580c', '#fed7aa'],
  ['#4c1d95', '#7c3aed', '#c4b5fd'],
  ['#1e3a8a', '#3b82f6', '#93c5fd'],
  ['#831843', '#db2777', '#fbcfe8'],
] as const

function palette(seed: number) {
  return palettes[seed % palettes.length] ?? palettes[0]
}

function bannerSvg(seed: number): string {
  const [dark, mid, light] = palette(seed)
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = (seed * 97 + i * 211) % 1200
    const y = (seed * 53 + i * 137) % 630
    const r = 40 + ((seed + i * 31) % 160)
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 2 ? light : mid}" opacity="${0.18 + (i % 3) * 0.08}"/>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
    <rect width="1200" height="630" fill="url(#g)"/>${circles}
    <path d="M0 520 C 300 440, 600 600, 1200 480 L1200 630 L0 630 Z" fill="${light}" opacity="0.35"/>
  </svg>`
}

function logoSvg(seed: number): string {
  const [dark, mid, light] = palette(seed)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <rect width="256" height="256" rx="48" fill="${dark}"/>
    <circle cx="128" cy="128" r="78" fill="none" stroke="${light}" stroke-width="18"/>
    <path d="M88 128 L120 160 L172 96" fill="none" stroke="${mid}" stroke-width="20" stroke-linecap="round" stroke-linejoin="round"/>
  </svg>`
}

function portraitSvg(seed: number): string {
  const [dark, mid, light] = palette(seed)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
    <rect width="320" height="320" fill="${light}"/>
    <circle cx="160" cy="130" r="62" fill="${mid}"/>
    <path d="M50 320 C 60 220, 260 220, 270 320 Z" fill="${dark}"/>
  </svg>`
}

const toWebp = async (svg: string) => (await loadSharp())(Buffer.from(svg)).webp({ quality: 72 }).toBuffer()

/** Each picture is stored like an upload, with its resized copies. */
export const demoImages = {
  banner: async (dir: string, seed: number, variants?: UploadVariants) =>
    storeImage(dir, await toWebp(bannerSvg(seed)), 'webp', variants),
  logo: async (dir: string, seed: number, variants?: UploadVariants) =>
    storeImage(dir, await toWebp(logoSvg(seed)), 'webp', variants),
  portrait: async (dir: string, seed: number, variants?: UploadVariants) =>
    storeImage(dir, await toWebp(portraitSvg(seed)), 'webp', variants),
}
