import busboy from 'busboy'
import type { Request, Response } from 'express'
import { ApiError } from '../errors.server'

/** Room for the multipart envelope (boundaries, part headers, a few small fields) around the file. */
const ENVELOPE_BYTES = 64 * 1024

/** How much of a refused body is still read (and thrown away), as a multiple of the allowed size. */
const DISCARD_FACTOR = 4

/**
 * The answer to a refused body goes out at once, and the rest of the body is read and thrown away, up to
 * `bound` bytes in all: a client (Node's fetch, a browser) that is still sending when the server closes
 * the connection sees only a network error (EPIPE, a reset), never the answer. A body declared or sent
 * beyond the bound is not worth the reading: the connection is closed after the answer, or cut.
 */
function discardRest(req: Request, res: Response, bound: number): void {
  req.unpipe()
  if (Number(req.headers['content-length']) > bound) {
    res.setHeader('Connection', 'close')
    return
  }
  let discarded = 0
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length
    if (discarded > bound) req.socket.destroy()
  })
  req.resume()
}

/**
 * Streams a multipart/form-data body and returns the one file sent in `field` (docs/decisions/017-uploads-on-this-server.md). Nothing
 * larger than `maxBytes` is ever buffered: a declared or actual body beyond that is cut off with a 413.
 */
export function readSingleFile(
  req: Request,
  res: Response,
  { field, maxBytes, tooLarge }: { field: string; maxBytes: number; tooLarge: string },
): Promise<Buffer> {
  if (!req.is('multipart/form-data')) {
    throw new ApiError(415, `Send the image as multipart/form-data, in a field named "${field}".`)
  }
  const stopReading = () => {
    discardRest(req, res, maxBytes * DISCARD_FACTOR)
    return new ApiError(413, tooLarge)
  }
  if (Number(req.headers['content-length']) > maxBytes + ENVELOPE_BYTES) throw stopReading()

  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: req.headers,
      limits: { files: 1, fileSize: maxBytes, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 20 },
    })
  } catch {
    throw new ApiError(400, 'The multipart body could not be read.')
  }

  return new Promise((resolve, reject) => {
    let file: Buffer | undefined
    let failure: ApiError | undefined
    let settled = false
    const fail = (error: ApiError) => {
      failure ??= error
    }
    const settle = () => {
      if (settled) return
      settled = true
      if (failure) reject(failure)
      else if (file) resolve(file)
      else reject(new ApiError(400, `Choose an image to upload (a file in the field "${field}").`))
    }

    parser.on('file', (name, stream) => {
      // A body that ends inside the file destroys this stream with an error: unheard, it would crash the process.
      stream.on('error', () => fail(new ApiError(400, 'The multipart body could not be read.')))
      if (name !== field) {
        fail(new ApiError(400, `Send the image in a field named "${field}".`))
        stream.resume()
        return
      }
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('limit', () => fail(new ApiError(413, tooLarge)))
      stream.on('end', () => {
        if (!stream.truncated) file = Buffer.concat(chunks)
      })
    })
    parser.on('filesLimit', () => fail(new ApiError(400, 'Send one image at a time.')))
    parser.on('fieldsLimit', () => fail(new ApiError(400, 'The upload has too many fields.')))
    parser.on('partsLimit', () => fail(new ApiError(400, 'The upload has too many parts.')))
    parser.on('error', () => {
      fail(new ApiError(400, 'The multipart body could not be read.'))
      settle()
    })
    parser.on('close', settle)

    // A body without a (truthful) Content-Length is cut off once it outgrows any allowed upload.
    let received = 0
    req.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > maxBytes + ENVELOPE_BYTES && !settled) {
        req.unpipe(parser)
        fail(stopReading())
        settle()
      }
    })
    req.on('aborted', () => {
      fail(new ApiError(400, 'The upload was aborted.'))
      settle()
    })
    req.pipe(parser)
  })
}
