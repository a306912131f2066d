import zlib from 'node:zlib'
import type { RequestHandler } from 'express'
import { chooseEncoding } from './cached-page.server'

/**
 * Compression of dynamic answers (JSON, pages rendered per request, feeds), in brotli or gzip as the client
 * accepts. It replaces the `compression` package on purpose (docs/decisions/039-precompressed-assets-and-compression.md): that one compresses every answer in
 * a zlib stream whose work runs on libuv's thread pool, and each pool thread then keeps its own malloc
 * arena of freed compressor memory: about 60 MB per thread after a load test, most of the server's
 * resident memory. Our answers are whole bodies of a few kilobytes, so they are compressed here in one
 * synchronous call on the main thread (tens of microseconds), and nothing is left behind.
 *
 * Only an answer sent in one `res.end(body)` (what res.send and res.json do) is compressed; a streamed one
 * (files) passes untouched, as does one that is already encoded, too small, HEAD, 204/304, marked
 * `no-transform`, or marked `res.locals.precompressed`.
 */

declare global {
  namespace Express {
    interface Locals {
      /** The body is compressed already (a cached page, a precompressed file): left alone here. */
      precompressed?: boolean
    }
  }
}

/** Below this, compressing saves less than the headers it adds (the `compression` package's default). */
export const COMPRESSION_THRESHOLD_BYTES = 1024

const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|xml|rss\+xml|atom\+xml|manifest\+json|ld\+json)|image\/svg\+xml)/i

const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: {
    // Quality 3: on the events API's first page (14 KB of JSON) about 60 µs for 1.2 KB, where 5 took
    // 160 µs (the most expensive single step of the request) for 1.1 KB; on a console page 3.5 KB
    // in 100 µs against 3.1 KB in 240 µs.
    [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
    // Answers are small: a 256 KB window loses nothing and keeps the encoder's tables small.
    [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
  },
}
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 }

function appendVary(current: string | number | string[] | undefined, field: string): string {
  const value = Array.isArray(current) ? current.join(', ') : String(current ?? '')
  if (
    value.split(',').some((part) => part.trim().toLowerCase() === field.toLowerCase() || part.trim() === '*')
  )
    return value
  return value ? `${value}, ${field}` : field
}

export function compressAnswers(): RequestHandler {
  return (req, res, next) => {
    const end = res.end
    const write = res.write
    let streamed = false
    res.write = function (this: typeof res, ...args: Parameters<typeof write>) {
      streamed = true
      return write.apply(this, args)
    } as typeof write
    res.end = function (this: typeof res, ...args: unknown[]) {
      const [chunk, encodingOrCallback] = args
      if (
        streamed ||
        this.headersSent ||
        res.locals.precompressed ||
        req.method === 'HEAD' ||
        (typeof chunk !== 'string' && !Buffer.isBuffer(chunk))
      ) {
        return end.apply(this, args as Parameters<typeof end>)
      }
      const type = String(this.getHeader('Content-Type') ?? '')
      const status = this.statusCode
      if (
        !COMPRESSIBLE.test(type) ||
        status === 204 ||
        status === 304 ||
        this.getHeader('Content-Encoding')
      ) {
        return end.apply(this, args as Parameters<typeof end>)
      }
      // A compressible answer varies by what the client accepts, whether or not this one is compressed.
      this.setHeader('Vary', appendVary(this.getHeader('Vary'), 'Accept-Encoding'))
      const body =
        typeof chunk === 'string'
          ? Buffer.from(
              chunk,
              typeof encodingOrCallback === 'string' ? (encodingOrCallback as BufferEncoding) : 'utf8',
            )
          : chunk
      const encoding = chooseEncoding(req.headers['accept-encoding'])
      if (
        encoding === 'identity' ||
        body.length < COMPRESSION_THRESHOLD_BYTES ||
        /\bno-transform\b/.test(String(this.getHeader('Cache-Control') ?? ''))
      ) {
        return end.apply(this, args as Parameters<typeof end>)
      }
      const compressed =
        encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body, GZIP_OPTIONS)
      this.setHeader('Content-Encoding', encoding)
      this.setHeader('Content-Length', compressed.length)
      const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined
      return (end as (chunk: Buffer, callback?: () => void) => typeof res).call(this, compressed, callback)
    } as typeof end
    next()
  }
}
