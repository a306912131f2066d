import type { PDFName as PDFNameType, PDFPageLeaf } from 'pdf-lib'
import { ApiError } from '../api/errors.server'

/** What a PDF starts with; anything else is not taken as one. */
const PDF_MAGIC = '%PDF-'

export const isPdfBytes = (bytes: Buffer) =>
  bytes.subarray(0, PDF_MAGIC.length).toString('latin1') === PDF_MAGIC

/** A refusal the form shows under its file field ("image", the field the upload comes in). */
const unreadable = (message: string) => new ApiError(400, message, { image: message })

/** The page's entries that draw it: everything else (actions, annotations, attachments, ...) is dropped. */
const DRAWING_KEYS = ['Type', 'Parent', 'Contents', 'Resources', 'MediaBox'] as const

/**
 * Leaves on the page only its contents, resources and media box (the inherited ones made its own), so
 * that copying it copies nothing else: no page-open actions (/AA), no annotations (a JavaScript link, a
 * file attachment and its bytes), no thumbnails, structure or metadata (docs/decisions/092-pdf-backgrounds.md).
 */
function keepOnlyWhatDraws(page: PDFPageLeaf, names: typeof PDFNameType): void {
  const contents = page.Contents()
  const resources = page.Resources()
  const mediaBox = page.MediaBox()
  for (const key of page.keys())
    if (!(DRAWING_KEYS as readonly string[]).includes(key.decodeText())) page.delete(key)
  if (contents) page.set(names.of('Contents'), contents)
  if (resources) page.set(names.of('Resources'), resources)
  page.set(names.of('MediaBox'), mediaBox)
}

/**
 * A certificate's background as a PDF (docs/decisions/083-certificates-of-participation.md): loaded with
 * pdf-lib to be sure it reads, and only its first page kept, copied into a new document, so what is stored
 * is one page and none of the rest of the file (other pages, attachments, document scripts, metadata),
 * and of that page only what draws it.
 */
export async function sanitizePdf(bytes: Buffer): Promise<Buffer> {
  if (!isPdfBytes(bytes)) throw unreadable('This file is not a PDF.')
  const { PDFDocument, PDFName } = await import('pdf-lib')
  // pdf-lib reads leniently: a damaged file may load and fail only when its pages are asked for.
  const source = await (async () => {
    const document = await PDFDocument.load(bytes, { updateMetadata: false })
    return { document, pages: document.getPageCount() }
  })().catch(() => {
    throw unreadable('The PDF could not be read (is it damaged or password-protected?).')
  })
  if (source.pages < 1) throw unreadable('The PDF has no page.')
  try {
    keepOnlyWhatDraws(source.document.getPage(0).node, PDFName)
    const onePage = await PDFDocument.create({ updateMetadata: false })
    const [page] = await onePage.copyPages(source.document, [0])
    if (page) onePage.addPage(page)
    return Buffer.from(await onePage.save())
  } catch {
    throw unreadable('The first page of the PDF could not be read.')
  }
}
