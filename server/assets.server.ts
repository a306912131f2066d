import fs from 'node:fs'
import path from 'node:path'
import express, { type RequestHandler } from 'express'
import { chooseEncoding } from './cached-page.server'

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000

/** The files under `dir`, as paths relative to it starting with '/'. */
function listFiles(dir: string, prefix = ''): string[] {
  let entries: fs.Dirent[] = []
  try {
    entries = fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })
  } catch {
    return []
  }
  return entries.flatMap((entry) =>
    entry.isDirectory() ? listFiles(dir, `${prefix}/${entry.name}`) : [`${prefix}/${entry.name}`],
  )
}

/**
 * /assets: the hashed build files, cached for a year. A file the build precompressed (server/build.mjs
 * writes `.br` and `.gz` copies) is answered with the copy the client accepts, brotli first, with its own
 * type, Content-Encoding and `Vary: Accept-Encoding`; nothing is compressed per request.
 */
export function serveAssets(assetsDir: string): RequestHandler {
  const files = new Set(listFiles(assetsDir))
  const staticFiles = express.static(assetsDir, {
    fallthrough: false,
    index: false,
    redirect: false,
    immutable: true,
    maxAge: ONE_YEAR_MS,
  })
  return (req, res, next) => {
    const file = req.path
    const hasCopies = files.has(`${file}.br`) || files.has(`${file}.gz`)
    if (hasCopies && (req.method === 'GET' || req.method === 'HEAD')) {
      res.setHeader('Vary', 'Accept-Encoding')
      const encoding = chooseEncoding(req.headers['accept-encoding'])
      const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : ''
      if (suffix && files.has(`${file}${suffix}`)) {
        res.type(path.extname(file))
        res.setHeader('Content-Encoding', encoding)
        res.locals.precompressed = true
        req.url = `${file}${suffix}`
      }
    }
    staticFiles(req, res, next)
  }
}
