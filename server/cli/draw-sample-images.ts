/**
 * Draws the sample pictures of the static pages (content/images/) from SVG and encodes them as WebP.
 * Run once by hand after changing a drawing: `npx tsx server/cli/draw-sample-images.ts`; the output is
 * committed. Everything is abstract shapes and a few words of text: no photos of real people.
 */
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const outDir = path.resolve(import.meta.dirname, '..', '..', 'content', 'images')

const palettes = [
  ['#04223c', '#1b73b8', '#f59e0b', '#d5e9f7'],
  ['#134e4a', '#14b8a6', '#fde68a', '#ccfbf1'],
  ['#7c2d12', '#ea580c', '#fed7aa', '#ffedd5'],
  ['#3b0764', '#7c3aed', '#c4b5fd', '#ede9fe'],
  ['#1e3a8a', '#3b82f6', '#fbbf24', '#dbeafe'],
  ['#831843', '#db2777', '#fbcfe8', '#fce7f3'],
  ['#14532d', '#16a34a', '#bbf7d0', '#dcfce7'],
  ['#0c4a6e', '#0ea5e9', '#fde047', '#e0f2fe'],
] as const

const pick = (seed: number) => palettes[seed % palettes.length] ?? palettes[0]
const font = "font-family='DejaVu Sans, Liberation Sans, sans-serif'"

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`
}

function gradient(id: string, from: string, to: string): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`
}

function bubbles(seed: number, width: number, height: number, colors: readonly string[]): string {
  return Array.from({ length: 7 }, (_, i) => {
    const x = (seed * 97 + i * 211) % width
    const y = (seed * 53 + i * 137) % height
    const r = Math.round((0.06 + ((seed + i * 31) % 9) / 40) * Math.min(width, height))
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${colors[i % colors.length]}" opacity="${0.16 + (i % 3) * 0.08}"/>`
  }).join('')
}

/** A banner: gradient, soft circles, a wave, and optionally a title and a subtitle. */
function banner(seed: number, width: number, height: number, title = '', subtitle = ''): string {
  const [dark, mid, accent, light] = pick(seed)
  const titleSize = Math.round(height / 7.5)
  const text = title
    ? `<text x="${width * 0.07}" y="${height * 0.48}" ${font} font-size="${titleSize}" font-weight="700" fill="#fff">${title}</text>
       <text x="${width * 0.07}" y="${height * 0.48 + titleSize * 1.1}" ${font} font-size="${Math.round(titleSize * 0.45)}" fill="${light}">${subtitle}</text>
       <rect x="${width * 0.07}" y="${height * 0.48 - titleSize * 1.45}" width="${titleSize * 1.6}" height="${Math.round(titleSize / 6)}" rx="4" fill="${accent}"/>`
    : ''
  return svg(
    width,
    height,
    `${gradient('g', dark, mid)}<rect width="${width}" height="${height}" fill="url(#g)"/>${bubbles(seed, width, height, [light, accent, mid])}
     <path d="M0 ${height * 0.82} C ${width * 0.25} ${height * 0.7}, ${width * 0.5} ${height * 0.95}, ${width} ${height * 0.76} L${width} ${height} L0 ${height} Z" fill="${light}" opacity="0.3"/>${text}`,
  )
}

/** A person drawn as a silhouette: head, hair and shoulders in one of the palettes. */
function portrait(seed: number, size = 256): string {
  const [dark, mid, accent, light] = pick(seed)
  const skins = ['#8d5524', '#a86b3c', '#c68642', '#e0ac69', '#7a4a2a']
  const skin = skins[seed % skins.length]
  const longHair = seed % 3 === 0
  const hair = longHair
    ? `<path d="M76 112 C 70 50, 186 50, 180 112 L 186 190 L 70 190 Z" fill="#1f1a17"/>`
    : `<path d="M82 104 C 80 58, 176 58, 174 104 C 160 84, 100 84, 82 104 Z" fill="#1f1a17"/>`
  return svg(
    size,
    size,
    `<g transform="scale(${size / 256})"><rect width="256" height="256" fill="${light}"/>
     <circle cx="${40 + ((seed * 37) % 180)}" cy="${30 + ((seed * 23) % 60)}" r="46" fill="${accent}" opacity="0.35"/>
     ${hair}<circle cx="128" cy="112" r="46" fill="${skin}"/>
     <path d="M40 256 C 48 184, 208 184, 216 256 Z" fill="${seed % 2 ? dark : mid}"/>
     <path d="M112 190 L128 214 L144 190 Z" fill="${light}"/></g>`,
  )
}

/** A round seal with initials: the sample student-branch logos. */
function seal(seed: number, initials: string): string {
  const [dark, mid, accent, light] = pick(seed)
  const size = Math.max(30, 86 - initials.length * 10)
  return svg(
    200,
    200,
    `<rect width="200" height="200" fill="#fff"/><circle cx="100" cy="100" r="92" fill="${dark}"/>
     <circle cx="100" cy="100" r="78" fill="none" stroke="${accent}" stroke-width="5" stroke-dasharray="${4 + (seed % 4) * 3} 6"/>
     <circle cx="100" cy="100" r="62" fill="${mid}"/>
     <text x="100" y="${100 + size * 0.36}" text-anchor="middle" ${font} font-size="${size}" font-weight="700" fill="${light}">${initials}</text>`,
  )
}

/** A simple scene for the gallery and news items: a stage, a screen and an audience of dots. */
function scene(seed: number, width: number, height: number, icon: string): string {
  const [dark, mid, accent, light] = pick(seed)
  const heads = Array.from({ length: 18 }, (_, i) => {
    const row = Math.floor(i / 6)
    const x = width * (0.12 + (i % 6) * 0.15 + (row % 2) * 0.05)
    const y = height * (0.72 + row * 0.1)
    return `<circle cx="${x}" cy="${y}" r="${height * 0.045}" fill="${row % 2 ? dark : mid}" opacity="0.9"/>`
  }).join('')
  return svg(
    width,
    height,
    `${gradient('s', light, '#ffffff')}<rect width="${width}" height="${height}" fill="url(#s)"/>
     <rect x="${width * 0.2}" y="${height * 0.1}" width="${width * 0.6}" height="${height * 0.44}" rx="12" fill="${dark}"/>
     <g transform="translate(${width * 0.5 - 60} ${height * 0.32 - 60}) scale(5)" fill="none" stroke="${accent}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${icon}</g>
     ${heads}`,
  )
}

const icons = {
  trophy:
    '<path d="M7 4h10v4a5 5 0 0 1-10 0V4Z"/><path d="M7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8"/>',
  cap: '<path d="M2 9l10-5 10 5-10 5-10-5Z"/><path d="M6 11v5c3 2 9 2 12 0v-5"/>',
  code: '<path d="M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16"/>',
  chip: '<rect x="6" y="6" width="12" height="12" rx="2"/><path d="M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4"/>',
  people:
    '<circle cx="9" cy="8" r="3"/><circle cx="17" cy="9" r="2.5"/><path d="M3 20c0-4 3-6 6-6s6 2 6 6M15 14c3 0 6 1.5 6 5"/>',
  globe: '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18"/>',
}

function videoPoster(): string {
  const [dark, mid, accent, light] = pick(0)
  return svg(
    1280,
    720,
    `${gradient('v', dark, mid)}<rect width="1280" height="720" fill="url(#v)"/>${bubbles(3, 1280, 720, [light, accent])}
     <g transform="translate(440 160) scale(16.6)" fill="none" stroke="${light}" stroke-width="1.2" opacity="0.25">${icons.code}</g>`,
  )
}

function socialCard(): string {
  const [dark, mid, accent, light] = pick(0)
  return svg(
    1200,
    630,
    `${gradient('c', dark, mid)}<rect width="1200" height="630" fill="url(#c)"/>${bubbles(5, 1200, 630, [light, accent])}
     <rect x="90" y="150" width="120" height="120" rx="26" fill="#fff"/>
     <path d="M123 186 112 210l11 24M177 186l11 24-11 24M162 178l-24 64" fill="none" stroke="${dark}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round" transform="translate(0 0)"/>
     <text x="90" y="370" ${font} font-size="64" font-weight="700" fill="#fff">Computing Society</text>
     <text x="90" y="448" ${font} font-size="64" font-weight="700" fill="#fff">Bangladesh Chapter</text>
     <rect x="90" y="490" width="160" height="10" rx="5" fill="${accent}"/>
     <text x="90" y="556" ${font} font-size="30" fill="${light}">Empowering the future of computer science</text>`,
  )
}

type Drawing = { name: string; svg: string; format?: 'webp' | 'jpeg'; quality?: number }

const logoInitials = [
  'PU',
  'MIT',
  'JEU',
  'SUST',
  'BRU',
  'KUET',
  'RIU',
  'CTU',
  'SYU',
  'BSU',
  'DIU',
  'TGU',
  'NRU',
  'KTU',
  'GCU',
]

const drawings: Drawing[] = [
  ...[1, 2, 3, 4].map((n) => ({
    name: `gallery-${n}`,
    svg: scene(n, 640, 480, [icons.code, icons.people, icons.chip, icons.globe][n - 1] ?? ''),
  })),
  { name: 'blog-chapter-leads', svg: banner(0, 1200, 630) },
  { name: 'blog-quantum', svg: banner(3, 1200, 630) },
  { name: 'blog-metaverse', svg: banner(5, 1200, 630) },
  { name: 'achievement-award', svg: scene(4, 800, 450, icons.trophy) },
  { name: 'achievement-scholarship', svg: scene(1, 800, 450, icons.cap) },
  { name: 'achievement-colead', svg: scene(7, 800, 450, icons.code) },
  {
    name: 'xtreme-17',
    svg: banner(7, 1200, 630, 'Xtreme 17.0', '24-hour programming contest · Ambassadors'),
  },
  {
    name: 'symposium-summer',
    svg: banner(2, 1200, 500, 'Summer Symposium 2022', 'Call for extended abstracts · online, 10-11 June'),
  },
  {
    name: 'symposium-winter',
    svg: banner(4, 1200, 500, 'Winter Symposium 2021', 'Call for abstracts · online, 13-14 November'),
  },
  { name: 'about-community', svg: scene(0, 960, 640, icons.people) },
  { name: 'video-poster', svg: videoPoster() },
  ...logoInitials.map((initials, i) => ({
    name: `logo-${String(i + 1).padStart(2, '0')}`,
    svg: seal(i, initials),
  })),
  ...Array.from({ length: 16 }, (_, i) => ({
    name: `portrait-${String(i + 1).padStart(2, '0')}`,
    svg: portrait(i),
  })),
  { name: 'social-card', svg: socialCard(), format: 'jpeg', quality: 78 },
]

fs.mkdirSync(outDir, { recursive: true })
let total = 0
for (const drawing of drawings) {
  const image = sharp(Buffer.from(drawing.svg))
  const format = drawing.format ?? 'webp'
  const buffer =
    format === 'jpeg'
      ? await image.jpeg({ quality: drawing.quality ?? 78, mozjpeg: true }).toBuffer()
      : await image.webp({ quality: drawing.quality ?? 70, effort: 6 }).toBuffer()
  const file = path.join(outDir, `${drawing.name}.${format === 'jpeg' ? 'jpg' : 'webp'}`)
  fs.writeFileSync(file, buffer)
  total += buffer.length
}
console.log(
  `${drawings.length} images, ${Math.round(total / 1024)} KB in ${path.relative(process.cwd(), outDir)}`,
)
