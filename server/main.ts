/**
 * The one process. Production: server/start.mjs (`npm start`) builds when needed and imports this file's
 * bundle (dist/node/main.mjs). Development: `npm run dev` runs this file with tsx and `--dev` (Vite
 * middleware with hot reload). Order: settings → database → first run → listen.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { answerMalformedRequestsInJson } from './client-errors.server'
import { loadEnvOrExit, publicUrlIssue } from './env.server'

/** Longer than nginx's upstream keepalive_timeout (deploy/nginx/chapter-site.conf sets 60 s). */
const IDLE_CONNECTION_MS = 75_000
/**
 * How many connections the kernel holds for us while the event loop is busy (capped by
 * net.core.somaxconn, 4096 on current kernels). Node's 511 dropped the rest of a crowd that arrived at once
 * (a registration opening): each dropped client waited a second before trying again.
 */
const LISTEN_BACKLOG = 4096
const dev = process.argv.includes('--dev')
// Vike and React pick their production code paths from NODE_ENV; set it before they are imported.
process.env.NODE_ENV = dev ? 'development' : 'production'
const root = process.cwd()
const startedAt = performance.now()

async function main(): Promise<void> {
  const env = loadEnvOrExit(root)

  const { databaseFileName, openDataDirDatabase, pendingMigrations } = await import('#db/client.server')
  const { writeBackupStatus } = await import('#db/queries/backup-status.server')
  const { createSiteClock } = await import('#db/clock')
  const { backupBeforeMigrations, scheduleBackups } = await import('./services/scheduled-backups.server')
  const { createLogger, logFormatFor } = await import('./logger.server')
  const { createApp } = await import('./app.server')
  const {
    createFirstRunChapters,
    ensureAdministrator,
    passwordsFileIn,
    seedDemoContent,
    writePasswordLines,
  } = await import('./first-run.server')
  const { seedPosts } = await import('./services/seed-posts.server')
  const { seedCommittees } = await import('./services/committee-seed.server')
  const { stopGracefullyOnSignals } = await import('./shutdown.server')
  const { scheduleOrphanSweeps } = await import('./uploads/orphans.server')
  const { backfillVariants } = await import('./uploads/variants.server')
  const { usedUploadNames } = await import('#db/queries/uploads.server')
  const { uploadsDir } = await import('./context.server')

  const logger = createLogger(env.LOG_LEVEL, undefined, logFormatFor(env.LOG_FORMAT, process.stdout.isTTY))
  // A fault outside any request (Express answers those): one structured line, then exit for a clean restart.
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'Uncaught exception; exiting')
    process.exit(1)
  })
  // An upgrade that brings new migrations backs the database up first; no backup, no migration.
  const preMigration = await backupBeforeMigrations(
    env,
    pendingMigrations(path.join(env.dataDir, databaseFileName)),
    logger,
  ).catch((error: Error) => {
    console.error(
      `Could not back up the database before applying new migrations: ${error.message}\n` +
        'Nothing was changed. Fix the cause (space, BACKUP_DIR), or set BACKUP_DIR=off to migrate without a backup.',
    )
    process.exit(1)
  })
  const db = openDataDirDatabase(env.dataDir)
  if (preMigration) writeBackupStatus(db, preMigration)
  const ctx = { db, env, logger, clock: createSiteClock(env.TIME_ZONE) }

  // Generated passwords are printed only to a person at a terminal; a service's standard output ends up in
  // a log (journald) that others may read, so there they go to a file only this user can read.
  const passwordFile = process.stdout.isTTY ? undefined : passwordsFileIn(env.dataDir)
  const admin = await ensureAdministrator(ctx, { passwordFile })
  const firstRunChapters = await createFirstRunChapters(ctx)
  const committeesCreated = seedCommittees(db, new Date(ctx.clock.now()))
  const seeded = await seedDemoContent(ctx)
  seedPosts(ctx)
  if (seeded && passwordFile)
    writePasswordLines(
      passwordFile,
      ['Demo chapter accounts:', ...seeded.map((chapter) => `  ${chapter.email}  ${chapter.password}`)],
      // Added to the administrator's lines of this start; a file of an earlier installation is replaced.
      !admin?.passwordFile,
    )
  const { handler, close, variants, frontCache, siteTextsSeeded } = await createApp(ctx, {
    pages: dev ? 'development' : 'production',
    clientDir: path.join(root, 'dist', 'client'),
  })

  // The front cache answers what it holds; everything else goes on to Express (server/app.server.ts).
  const server: Server = createServer(handler)
  // A proxy keeps idle connections to us in its pool (nginx's upstream keepalive, 60 s by default) and may
  // send on one at the moment we close it: that request fails (a 502, or ECONNRESET for a direct client).
  // Node's 5 s default made that likely; idle connections now outlive the proxy's.
  server.keepAliveTimeout = IDLE_CONNECTION_MS
  server.listen({ port: env.PORT, host: env.HOST, backlog: LISTEN_BACKLOG })
  answerMalformedRequestsInJson(server)
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  }).catch((error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Port ${env.PORT} is already in use: stop the other server or set PORT to another port.`
        : `Could not listen on ${env.HOST}:${env.PORT}: ${error.message}`,
    )
    process.exit(1)
  })

  // Backups every BACKUP_INTERVAL_HOURS into BACKUP_DIR, verified, rotated, copied by BACKUP_COMMAND.
  const backups = scheduleBackups(ctx)
  // Uploaded files that no row uses any more (and that no form can still be about to use) are removed.
  const stopSweeps = scheduleOrphanSweeps(db, uploadsDir(env), logger, env.TIME_ZONE)
  // Uploads from before resized copies existed get theirs, in the background; pages then list them.
  void backfillVariants(variants, usedUploadNames(db), (upload, error) =>
    logger.warn({ err: error, upload }, 'Could not make the resized copies of an upload'),
  ).then((made) => {
    if (made === 0) return
    logger.info({ uploads: made }, 'Made resized copies of earlier uploads')
    frontCache?.invalidate()
  })

  // Before the ready line: whoever reads it may signal at once, and a signal without a handler kills.
  stopGracefullyOnSignals({
    server,
    logger,
    cleanup: async () => {
      stopSweeps()
      await backups?.stop()
      await close()
      // Closing the last connection checkpoints the WAL into chapter.db and removes the -wal file.
      db.$client.close()
    },
  })

  const { port } = server.address() as AddressInfo
  const url = `http://localhost:${port}`

  const lines = [
    ``,
    `  ${dev ? 'Development server' : 'Chapter site'} ready at ${url}  (${Math.round(performance.now() - startedAt)} ms)`,
  ]
  const urlIssue = publicUrlIssue(env)
  lines.push(
    `  Public address (PUBLIC_URL): ${env.publicUrl}${
      urlIssue?.problem === 'unset'
        ? '  (not set: links in mails and feeds name this machine)'
        : urlIssue
          ? '  (this machine only: set the address visitors use)'
          : ''
    }`,
  )
  lines.push(`  Data directory: ${env.dataDir}`)
  if (admin) {
    lines.push(`  Administrator created: ${admin.email}`)
    lines.push(
      admin.passwordFile
        ? `  Password: in ${admin.passwordFile} (readable by this user only; delete it once you have signed in)`
        : admin.generatedPassword
          ? `  Password (shown once, write it down): ${admin.generatedPassword}`
          : '  Password: the ADMIN_PASSWORD you set',
    )
  }
  if (committeesCreated > 0) {
    lines.push(`  ${committeesCreated} committees created from content/ (edit them in the console)`)
  }
  if (siteTextsSeeded) lines.push("  Site texts created from content/ (edit them on the console's Site page)")
  if (firstRunChapters > 0) {
    lines.push(`  ${firstRunChapters} chapters created from content/chapters.ts (edit them in the console)`)
  }
  if (seeded && passwordFile) {
    lines.push(`  Demo content added. Demo chapter accounts and their passwords: in ${passwordFile}`)
  } else if (seeded) {
    lines.push('  Demo content added. Demo chapter accounts (passwords shown once):')
    for (const chapter of seeded) lines.push(`    ${chapter.email}  ${chapter.password}`)
  }
  lines.push(`  Sign in at ${url}/login`, '')
  console.log(lines.join('\n'))
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
