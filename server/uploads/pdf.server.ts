import { ApiError } from '../api/errors.server'

/** What a PDF starts with; anything else is not taken as one. */
const PDF_MAGIC = '%PDF-'

export const isPdfBytes = (bytes: Buffer) =>
  bytes.subarray(0, PDF_MAGIC.length).toString('latin1') === PDF_MAGIC

/** A refusal the form shows under its file field ("image", the field the upload comes in). */
const unreadable = (message: string) => new ApiError(400, message, { image: message })

/**
 * A certificate's background as a PDF (docs/decisions/083-certificates-of-participation.md): loaded with
 * pdf-lib to be sure it reads, and only its first page kept, copied into a new document, so what is stored
 * is one page and none of the rest of the file (other pages, attachments, document scripts, metadata).
 */
export async function sanitizePdf(bytes: Buffer): Promise<Buffer> {
  if (!isPdfBytes(bytes)) throw unreadable('This file is not a PDF.')
  const { PDFDocument } = await import('pdf-lib')
  // pdf-lib reads leniently: a damaged file may load and fail only when its pages are asked for.
  const source = await (async () => {
    const document = await PDFDocument.load(bytes, { updateMetadata: false })
    return { document, pages: document.getPageCount() }
  })().catch(() => {
    throw unreadable('The PDF could not be read (is it damaged or password-protected?).')
  })
  if (source.pages < 1) throw unreadable('The PDF has no page.')
  try {
    const onePage = await PDFDocument.create({ updateMetadata: false })
    const [page] = await onePage.copyPages(source.document, [0])
    if (page) onePage.addPage(page)
    return Buffer.from(await onePage.save())
  } catch {
    throw unreadable('The first page of the PDF could not be read.')
  }
}
