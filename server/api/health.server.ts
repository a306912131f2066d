import fs from 'node:fs'
import path from 'node:path'
import express, { type Router } from 'express'
import { readBackupStatus } from '#db/queries/backup-status.server'
import { checkDatabaseAnswers } from '#db/queries/database-file.server'
import type { AppContext } from '../context.server'
import type { FrontCacheStatistics } from '../front-cache.server'
import { askedByAdmin } from '../policy/require.server'

/** The version in package.json (every entry point runs in the project folder). */
function packageVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { version: string }).version
  } catch {
    return 'unknown'
  }
}

/**
 * GET /api/health, for monitors: anyone learns whether the database answers, from `ok` and the status
 * code (a 500 in the error shape when it does not). Which version runs since when, how the last backup
 * went (its error output may name remotes and paths) and what the front cache holds and has answered,
 * only a signed-in administrator learns.
 */
export function createHealthRouter(
  ctx: AppContext,
  frontCacheStatistics?: () => FrontCacheStatistics,
): Router {
  const router = express.Router()
  const version = packageVersion()
  router.get('/', (req, res) => {
    checkDatabaseAnswers(ctx.db)
    if (!askedByAdmin(req)) {
      res.json({ success: true, ok: true })
      return
    }
    res.json({
      success: true,
      ok: true,
      db: 'ok',
      version,
      uptimeSeconds: Math.round(process.uptime()),
      backup: readBackupStatus(ctx.db),
      frontCache: frontCacheStatistics?.() ?? null,
    })
  })
  return router
}
