import type { ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'

/** What an answer meant for one visitor says to every cache: keep nothing, share nothing. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

/**
 * An answer that sets a cookie belongs to one visitor: whatever else said it may be shared (a public page
 * answered while a stale session cookie is cleared, a sign-in), a shared cache must never keep it and hand
 * the cookie to the next reader. Checked as the head goes out, so no later middleware can undo it; the
 * front cache passes its headers to `writeHead` as a list, which is rewritten the same way.
 */
export function neverShareAnswersThatSetCookies(): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      const listed = args.find(Array.isArray) as unknown[] | undefined
      const listsCookie = listed?.some(
        (item, index) => index % 2 === 0 && String(item).toLowerCase() === 'set-cookie',
      )
      if (this.hasHeader('set-cookie') || listsCookie) {
        this.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL)
        if (listed) {
          for (let index = 0; index < listed.length; index += 2) {
            if (String(listed[index]).toLowerCase() === 'cache-control')
              listed[index + 1] = PRIVATE_CACHE_CONTROL
          }
        }
      }
      return (writeHead as (...parameters: unknown[]) => ServerResponse).apply(this, args)
    } as typeof writeHead
    next()
  }
}
