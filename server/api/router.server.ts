import express, { type Router } from 'express'
import type { AppContext } from '../context.server'
import { apiErrorHandler, apiNotFound } from './errors.server'

/** Largest JSON body the API reads; an event description of 10,000 characters fits many times over. */
export const jsonBodyLimit = '100kb'

export function createApiRouter(ctx: AppContext): Router {
  const api = express.Router()
  api.use((_req, res, next) => {
    // API answers are per-user and change on every write: never cache them in shared caches.
    res.setHeader('Cache-Control', 'no-store')
    next()
  })
  api.use(express.json({ limit: jsonBodyLimit, strict: true }))

  api.get('/health', (_req, res) => {
    ctx.db.$client.prepare('SELECT count(*) AS accounts FROM accounts').get()
    res.json({ success: true, db: 'ok' })
  })

  api.use(apiNotFound)
  api.use(apiErrorHandler(ctx.logger))
  return api
}
