import { ApiError } from '../errors.server'
import { inPdfWorker } from './pdf-worker.server'

/** What a PDF starts with; anything else is not taken as one. */
const PDF_MAGIC = '%PDF-'

export const isPdfBytes = (bytes: Buffer) =>
  bytes.subarray(0, PDF_MAGIC.length).toString('latin1') === PDF_MAGIC

/** A refusal the form shows under its file field ("image", the field the upload comes in). */
const unreadable = (message: string) => new ApiError(400, message, { image: message })

/**
 * A certificate's background as a PDF (docs/decisions/083-certificates-of-participation.md,
 * 092-pdf-backgrounds.md): opened in a worker thread with memory and time limits, its first page refused
 * when its streams inflate past a few MB, and only that page kept, copied into a new document with only
 * what draws it (contents, resources, media box): none of the rest of the file (other pages, attachments,
 * scripts, annotations, metadata).
 */
export async function sanitizePdf(bytes: Buffer): Promise<Buffer> {
  if (!isPdfBytes(bytes)) throw unreadable('This file is not a PDF.')
  const answer = await inPdfWorker('clean', bytes)
  if ('refused' in answer) throw unreadable(answer.refused)
  return Buffer.from(answer.bytes)
}
