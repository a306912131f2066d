import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/**
 * PDFs are opened in a worker thread, never on the event loop (docs/decisions/092-pdf-backgrounds.md): a
 * page whose streams inflate past PDF_INFLATED_MAX_BYTES is refused, and the worker has a memory limit
 * (WORKER_MEMORY_MB) and a time limit (WORKER_TIME_MS), so a decompression bomb costs a refused upload,
 * not the site's answers to everyone else.
 */

/** What a background's page may inflate to: its content, fonts and images together. */
export const PDF_INFLATED_MAX_BYTES = 4 * 1024 * 1024
const WORKER_TIME_MS = 20_000
const WORKER_MEMORY_MB = 96

/** The worker's code: plain CommonJS, run with `eval` so the bundled server needs no file of its own. */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const zlib = require('node:zlib')
const lib = require(workerData.pdfLib)
const { PDFDocument, PDFName, PDFRawStream, PDFDict, PDFArray, PDFRef } = lib
const KEEP = ['Type', 'Parent', 'Contents', 'Resources', 'MediaBox']

class TooLarge extends Error {}

/** Cuts the page's dictionary down to what draws it. */
function keepOnlyWhatDraws(page) {
  const contents = page.Contents()
  const resources = page.Resources()
  const mediaBox = page.MediaBox()
  for (const key of page.keys()) if (!KEEP.includes(key.decodeText())) page.delete(key)
  if (contents) page.set(PDFName.of('Contents'), contents)
  if (resources) page.set(PDFName.of('Resources'), resources)
  page.set(PDFName.of('MediaBox'), mediaBox)
}

/** Inflates (at most up to the limit) every stream the page reaches; throws TooLarge past it. */
function measure(context, page, limit) {
  let total = 0
  const seen = new Set()
  const visit = (object) => {
    if (object instanceof PDFRef) {
      const key = object.toString()
      if (seen.has(key)) return
      seen.add(key)
      visit(context.lookup(object))
      return
    }
    if (object instanceof PDFRawStream) {
      const filter = object.dict.get(PDFName.of('Filter'))
      const flate = filter && String(filter).includes('FlateDecode')
      let size = object.contents.length
      if (flate) {
        try {
          size = zlib.inflateSync(object.contents, { maxOutputLength: limit - total + 1 }).length
        } catch (error) {
          if (error && error.code === 'ERR_BUFFER_TOO_LARGE') throw new TooLarge()
          if (error instanceof RangeError) throw new TooLarge()
        }
      }
      total += size
      if (total > limit) throw new TooLarge()
      visit(object.dict)
      return
    }
    if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) if (key.decodeText() !== 'Parent') visit(value)
      return
    }
    if (object instanceof PDFArray) for (const value of object.asArray()) visit(value)
  }
  visit(page)
}

async function run({ task, bytes, limit, width, height, png }) {
  if (task === 'overlay') {
    // A certificate over its background: the PNG decoded and compressed again here, not on the event loop.
    try {
      const out = bytes ? await PDFDocument.load(bytes, { updateMetadata: false }) : await PDFDocument.create({ updateMetadata: false })
      const page = bytes ? out.getPage(0) : out.addPage([width, height])
      page.drawImage(await out.embedPng(png), { x: 0, y: 0, width, height })
      return { bytes: await out.save() }
    } catch {
      return { refused: 'The certificate could not be made.' }
    }
  }
  let source
  try {
    source = await PDFDocument.load(bytes, { updateMetadata: false })
    if (source.getPageCount() < 1) return { refused: 'The PDF has no page.' }
  } catch {
    return { refused: 'The PDF could not be read (is it damaged or password-protected?).' }
  }
  const page = source.getPage(0).node
  try {
    keepOnlyWhatDraws(page)
    measure(source.context, page, limit)
  } catch (error) {
    if (error instanceof TooLarge)
      return { refused: 'The PDF’s first page is too large once unpacked (over ' + Math.round(limit / 1048576) + ' MB): export it again, with smaller images.' }
    return { refused: 'The first page of the PDF could not be read.' }
  }
  try {
    if (task === 'clean') {
      const onePage = await PDFDocument.create({ updateMetadata: false })
      const [copied] = await onePage.copyPages(source, [0])
      onePage.addPage(copied)
      return { bytes: await onePage.save() }
    }
    // 'base': the page embedded and scaled to cover a certificate's page, centred (the overflow cut off).
    const out = await PDFDocument.create({ updateMetadata: false })
    const target = out.addPage([width, height])
    const [background] = await out.embedPdf(source, [0])
    const scale = Math.max(width / background.width, height / background.height)
    const drawnWidth = background.width * scale
    const drawnHeight = background.height * scale
    target.drawPage(background, { x: (width - drawnWidth) / 2, y: (height - drawnHeight) / 2, width: drawnWidth, height: drawnHeight })
    return { bytes: await out.save() }
  } catch {
    return { refused: 'The first page of the PDF could not be read.' }
  }
}

run(workerData).then(
  (answer) => parentPort.postMessage(answer),
  () => parentPort.postMessage({ refused: 'The first page of the PDF could not be read.' }),
)
`

const pdfLibPath = () => createRequire(import.meta.url).resolve('pdf-lib')

export type PdfWorkerAnswer = { bytes: Uint8Array } | { refused: string }

/**
 * Runs one PDF task in a new worker thread with memory and time limits: 'clean' (the first page, only what
 * draws it, as a new document), 'base' (that page scaled to cover a `width` x `height` pt page) or
 * 'overlay' (a PNG drawn over a base's page, or over a blank one without a base). A
 * refusal says why, for a field error; a worker that runs out of time or memory is a refusal too.
 */
export function inPdfWorker(
  task: 'clean' | 'base' | 'overlay',
  bytes: Uint8Array | null,
  size: { width: number; height: number } = { width: 0, height: 0 },
  png?: Uint8Array,
): Promise<PdfWorkerAnswer> {
  return new Promise((resolve) => {
    const tooMuch: PdfWorkerAnswer = {
      refused: 'The PDF’s first page takes too long or too much memory to open: export it again, simpler.',
    }
    const worker = new Worker(SOURCE, {
      eval: true,
      workerData: { task, bytes, png, limit: PDF_INFLATED_MAX_BYTES, ...size, pdfLib: pdfLibPath() },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_MEMORY_MB, maxYoungGenerationSizeMb: 16 },
    })
    let settled = false
    const settle = (answer: PdfWorkerAnswer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void worker.terminate()
      resolve(answer)
    }
    const timer = setTimeout(() => settle(tooMuch), WORKER_TIME_MS)
    worker.once('message', (answer: PdfWorkerAnswer) =>
      settle('bytes' in answer ? { bytes: new Uint8Array(answer.bytes) } : answer),
    )
    worker.once('error', () => settle(tooMuch))
    worker.once('exit', () => settle(tooMuch))
  })
}
