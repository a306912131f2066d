import fs from 'node:fs/promises'
import path from 'node:path'
import { longDate } from '#components/shared/dates'
import {
  CERTIFICATE_PAGE_MM,
  type CertificateDesign,
  type CertificateField,
  type CertificateSignature,
  isPdfUpload,
} from '#db/validation'
import { inPdfWorker } from '../uploads/pdf-worker.server'
import { loadSharp } from '../uploads/sharp.server'

/**
 * A certificate as an image and a PDF, made in the server process without a browser
 * (docs/decisions/083-certificates-of-participation.md): the layout is an SVG in mm whose text is outlines
 * shaped by HarfBuzz (./certificate-typesetting.server.ts), rasterised and compressed to JPEG by sharp (libvips, librsvg) and put on
 * an A4 or Letter landscape page by pdf-lib, with the serial and verification link as invisible text and
 * in the PDF's metadata, so they can be read by a program. The console's preview is the same image.
 * A background that is a PDF's page is embedded as it is (vector), with the rest drawn over it as a PNG
 * with transparency; sharp cannot draw a PDF, so images of such a design show a placeholder instead.
 */

/** What the fields of a certificate say. */
export type CertificateContent = {
  name: string
  /** E.g. "for participating in", "First place in". */
  roleLine: string
  event: string
  /** As printed, e.g. "7 December 2026". */
  date: string
  chapter: string
  /** Grouped, e.g. K7QF-M2XR-9H. */
  serial: string
  verifyUrl: string
  /** The chapter's logo, an upload URL; empty: none. */
  logo: string
}

/** 1 pt in mm. */
const PT = 25.4 / 72
/** Resolution of the page's image: sharp enough to print, small enough to mail. */
export const CERTIFICATE_DPI = 150

/** Reads an upload (`/uploads/<name>`) as PNG for the SVG, or null when it is missing. */
export type ImageSource = (uploadUrl: string) => Promise<string | null>

/** The file name of an upload URL (`/uploads/<name>`), or null for anything else. */
function uploadNameOf(url: string): string | null {
  const name = url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : ''
  return !name || name.includes('/') || name.includes('..') ? null : name
}

/** Uploads from `dir`, converted once to PNG data URIs (librsvg reads PNG and JPEG, not WebP). */
export function uploadImages(dir: string, cacheSize = 16): ImageSource {
  const cache = new Map<string, Promise<string | null>>()
  return (url) => {
    const name = uploadNameOf(url)
    if (!name) return Promise.resolve(null)
    let image = cache.get(name)
    if (!image) {
      image = (async () => {
        try {
          const bytes = await fs.readFile(path.join(dir, name))
          const sharp = await loadSharp()
          const png = await sharp(bytes).png().toBuffer()
          return `data:image/png;base64,${png.toString('base64')}`
        } catch {
          return null
        }
      })()
      if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string)
      cache.set(name, image)
    }
    return image
  }
}

/** Reads an upload (`/uploads/<name>`) as it is stored, or null when it is missing. */
export type UploadBytes = (uploadUrl: string) => Promise<Uint8Array | null>

export function uploadBytes(dir: string): UploadBytes {
  return async (url) => {
    const name = uploadNameOf(url)
    if (!name) return null
    return fs.readFile(path.join(dir, name)).catch(() => null)
  }
}

/** What stands for a PDF background where only an image can be made (the console's preview). */
export const PDF_BACKGROUND_PLACEHOLDER = 'PDF background: see the sample PDF'

/** "2026-12-07" as "7 December 2026". */
export const certificateDate = longDate

function textOfField(field: CertificateField, content: CertificateContent): string {
  switch (field.kind) {
    case 'text':
      return field.text
    case 'name':
      return content.name
    case 'role':
      return content.roleLine
    case 'event':
      return content.event
    case 'date':
      return content.date
    case 'chapter':
      return content.chapter
    case 'serial':
      return field.text ? `${field.text} ${content.serial}` : content.serial
    case 'qr':
    case 'logo':
      return ''
  }
}

/** The built-in background: a double border in the accent colour with corner marks. */
function builtInBorder(width: number, height: number, accent: string): string {
  const corner = (x: number, y: number, dx: number, dy: number) =>
    `<path d="M${x} ${y + dy * 22} L${x} ${y} L${x + dx * 22} ${y}" fill="none" stroke="${accent}" stroke-width="1.6"/>` +
    `<circle cx="${x + dx * 4}" cy="${y + dy * 4}" r="1.6" fill="${accent}"/>`
  return [
    `<rect width="${width}" height="${height}" fill="#fffdf8"/>`,
    `<rect x="7" y="7" width="${width - 14}" height="${height - 14}" fill="none" stroke="${accent}" stroke-width="2.2"/>`,
    `<rect x="11" y="11" width="${width - 22}" height="${height - 22}" fill="none" stroke="${accent}" stroke-width="0.4"/>`,
    corner(15, 15, 1, 1),
    corner(width - 15, 15, -1, 1),
    corner(15, height - 15, 1, -1),
    corner(width - 15, height - 15, -1, -1),
  ].join('')
}

/** The x where something `width` wide starts, for its anchor `x` and alignment. */
const startOf = (x: number, width: number, align: CertificateField['align']) =>
  align === 'left' ? x : align === 'right' ? x - width : x - width / 2

async function qrSvg(text: string, x: number, y: number, size: number): Promise<string> {
  const QRCode = await import('qrcode')
  const code = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const count = code.modules.size
  const quiet = 2
  const cell = size / (count + quiet * 2)
  let d = ''
  for (let row = 0; row < count; row++)
    for (let column = 0; column < count; column++)
      if (code.modules.get(row, column))
        d += `M${round(x + (column + quiet) * cell)} ${round(y + (row + quiet) * cell)}h${round(cell)}v${round(cell)}h${round(-cell)}z`
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="#ffffff"/><path d="${d}" fill="#000000" shape-rendering="crispEdges"/>`
}

const round = (value: number) => Math.round(value * 1000) / 1000

/**
 * The certificate as an SVG document whose units are mm. A PDF background is left out ('transparent':
 * the PDF embeds the page underneath) or drawn as a light placeholder saying so ('placeholder').
 */
export async function certificateSvg(
  design: CertificateDesign,
  content: CertificateContent,
  images: ImageSource,
  pdfBackground: 'placeholder' | 'transparent' = 'placeholder',
): Promise<string> {
  const { shapeLine, shapeLineToFit } = await import('./certificate-typesetting.server')
  const { width, height } = CERTIFICATE_PAGE_MM[design.paper]
  const parts: string[] = []
  if (isPdfUpload(design.background)) {
    if (pdfBackground === 'placeholder') {
      const note = shapeLine(PDF_BACKGROUND_PLACEHOLDER, 12 * PT, 'regular')
      parts.push(
        `<rect width="${width}" height="${height}" fill="#f1f5f9"/>`,
        `<rect x="4" y="4" width="${width - 8}" height="${height - 8}" fill="none" stroke="#94a3b8" stroke-width="0.5" stroke-dasharray="3 2"/>`,
        note.svg(width / 2 - note.width / 2, height - 9, '#64748b'),
      )
    }
  } else {
    const background = design.background ? await images(design.background) : null
    parts.push(
      background
        ? `<rect width="${width}" height="${height}" fill="#ffffff"/><image href="${background}" x="0" y="0" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice"/>`
        : builtInBorder(width, height, design.accent),
    )
  }
  for (const field of design.fields) {
    if (field.kind === 'qr') {
      parts.push(
        await qrSvg(content.verifyUrl, startOf(field.x, field.size, field.align), field.y, field.size),
      )
      continue
    }
    if (field.kind === 'logo') {
      const logo = content.logo ? await images(content.logo) : null
      if (logo)
        parts.push(
          `<image href="${logo}" x="${startOf(field.x, field.size, field.align)}" y="${field.y}" width="${field.size}" height="${field.size}" preserveAspectRatio="xMidYMid meet"/>`,
        )
      continue
    }
    const text = textOfField(field, content)
    if (!text) continue
    const room =
      field.align === 'center'
        ? 2 * Math.min(field.x, width - field.x) - 20
        : field.align === 'left'
          ? width - field.x - 15
          : field.x - 15
    const line = shapeLineToFit(text, field.size * PT, field.bold ? 'bold' : 'regular', Math.max(room, 20))
    parts.push(line.svg(startOf(field.x, line.width, field.align), field.y, field.colour))
  }
  for (const signature of design.signatures) parts.push(await signatureSvg(signature, images, shapeLine))
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}mm" height="${height}mm" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`
}

async function signatureSvg(
  signature: CertificateSignature,
  images: ImageSource,
  shapeLine: typeof import('./certificate-typesetting.server').shapeLine,
): Promise<string> {
  const lineWidth = 62
  const parts = [
    `<line x1="${signature.x - lineWidth / 2}" y1="${signature.y}" x2="${signature.x + lineWidth / 2}" y2="${signature.y}" stroke="#374151" stroke-width="0.35"/>`,
  ]
  const image = signature.image ? await images(signature.image) : null
  if (image)
    parts.push(
      `<image href="${image}" x="${signature.x - 25}" y="${signature.y - 17}" width="50" height="16" preserveAspectRatio="xMidYMax meet"/>`,
    )
  const name = shapeLine(signature.name, 11 * PT, 'bold')
  parts.push(name.svg(signature.x - name.width / 2, signature.y + 5.5, '#111827'))
  if (signature.title) {
    const title = shapeLine(signature.title, 9 * PT, 'regular')
    parts.push(title.svg(signature.x - title.width / 2, signature.y + 10, '#4b5563'))
  }
  return parts.join('')
}

/** The SVG drawn `widthPx` wide (the page's height follows), as sharp (libvips, librsvg) reads it; on white unless `transparent`. */
async function rasterised(svg: string, widthPx: number, transparent = false) {
  const sharp = await loadSharp()
  const match = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)
  const [width, height] = [Number(match?.[1] ?? 297), Number(match?.[2] ?? 210)]
  // Pixel dimensions on the root at 72 dpi: librsvg then draws exactly `widthPx` across.
  const sized = svg.replace(
    /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="[^"]+" height="[^"]+"/,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${Math.round((widthPx * height) / width)}"`,
  )
  const image = sharp(Buffer.from(sized), { density: 72 })
  return transparent ? image : image.flatten({ background: '#ffffff' })
}

/** The certificate's page as PNG, `widthPx` wide (the console's preview, tests). */
export async function certificatePng(svg: string, widthPx: number): Promise<Buffer> {
  return (await rasterised(svg, widthPx)).png().toBuffer()
}

const pagePixels = (widthMm: number) => Math.round((widthMm / 25.4) * CERTIFICATE_DPI)

/** The page as JPEG at CERTIFICATE_DPI: what the PDF carries. */
async function certificateJpeg(svg: string, widthMm: number): Promise<Buffer> {
  return (await rasterised(svg, pagePixels(widthMm))).jpeg({ quality: 88 }).toBuffer()
}

/** What is drawn over a PDF background: the page as PNG at CERTIFICATE_DPI, transparent where it is empty. */
async function certificateOverlayPng(svg: string, widthMm: number): Promise<Buffer> {
  return (await rasterised(svg, pagePixels(widthMm), true)).png({ compressionLevel: 9 }).toBuffer()
}

/** Background pages made, by upload and page size (a stored upload never changes: its name is its hash). */
const madeBases = new Map<string, Promise<Uint8Array | null>>()
const BASES_KEPT = 16

/**
 * A PDF background's first page scaled to cover a `width` x `height` pt page, as a one-page PDF made in a
 * worker thread with memory and time limits (docs/decisions/092-pdf-backgrounds.md), once per upload and
 * size; null when there is none or it cannot be opened within the limits (the certificate then has none).
 */
function pdfBackgroundBase(
  url: string,
  uploads: UploadBytes,
  width: number,
  height: number,
): Promise<Uint8Array | null> {
  const key = `${url}:${width}x${height}`
  let base = madeBases.get(key)
  if (!base) {
    base = (async () => {
      const bytes = await uploads(url)
      if (!bytes) return null
      const answer = await inPdfWorker('base', bytes, { width, height })
      return 'bytes' in answer ? answer.bytes : null
    })()
    madeBases.set(key, base)
    for (const oldest of madeBases.keys()) {
      if (madeBases.size <= BASES_KEPT) break
      madeBases.delete(oldest)
    }
  }
  return base
}

export type PdfFacts = {
  /** The chapter or site that issues it (the PDF's author). */
  issuer: string
  issuedAt: Date
}

/**
 * The certificate as a one-page PDF. A PDF background's first page is embedded and scaled to cover the
 * page (centred, the overflow cut off, like an image background), with the rest as a transparent PNG over it.
 */
export async function certificatePdf(
  design: CertificateDesign,
  content: CertificateContent,
  images: ImageSource,
  facts: PdfFacts,
  uploads: UploadBytes,
): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib')
  const { width, height } = CERTIFICATE_PAGE_MM[design.paper]
  const [pageWidth, pageHeight] = [width / PT, height / PT]
  // A PDF background's page, scaled to cover the page, is made once in a worker (pdfBackgroundBase), and
  // the fields' PNG drawn over it in a worker too (pdf-lib decodes and compresses a PNG in JavaScript):
  // here the result is only read (its streams stay compressed) and finished.
  let composed: Uint8Array | null = null
  if (isPdfUpload(design.background)) {
    const base = await pdfBackgroundBase(design.background, uploads, pageWidth, pageHeight)
    const overlay = await certificateOverlayPng(
      await certificateSvg(design, content, images, 'transparent'),
      width,
    )
    const answer = await inPdfWorker('overlay', base, { width: pageWidth, height: pageHeight }, overlay)
    if ('refused' in answer) throw new Error(answer.refused)
    composed = answer.bytes
  }
  const pdf = composed
    ? await PDFDocument.load(composed, { updateMetadata: false })
    : await PDFDocument.create()
  const page = composed ? pdf.getPage(0) : pdf.addPage([pageWidth, pageHeight])
  if (!composed) {
    const jpeg = await certificateJpeg(await certificateSvg(design, content, images), width)
    page.drawImage(await pdf.embedJpg(jpeg), { x: 0, y: 0, width: pageWidth, height: pageHeight })
  }
  // The serial and link as text a program (or a search) can read, drawn invisibly over the image.
  const helvetica = await pdf.embedFont(StandardFonts.Helvetica)
  page.drawText(`Certificate ${content.serial} ${content.verifyUrl}`, {
    x: 10,
    y: 4,
    size: 4,
    font: helvetica,
    opacity: 0,
  })
  pdf.setTitle(`Certificate ${content.serial}`)
  pdf.setSubject(`${content.name}: ${content.roleLine} ${content.event}, ${content.date}`)
  pdf.setAuthor(facts.issuer)
  pdf.setKeywords([content.serial, content.verifyUrl])
  pdf.setCreator(facts.issuer)
  pdf.setProducer('chapter-site')
  pdf.setCreationDate(facts.issuedAt)
  pdf.setModificationDate(facts.issuedAt)
  return pdf.save()
}
