import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import sharp from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { databaseFileName } from '#db/client.server'
import { SHUTDOWN_GRACE_MS } from '#server/shutdown.server'
import { clientOf, signIn, validContact } from '../support/api'
import { allowTimeForProcesses } from '../support/process-budget'
import { multipartBody, rawRequest, slowRequest } from '../support/raw-http'
import { type ServerProcess, startServer } from '../support/server-process'

allowTimeForProcesses()

/** docs/decisions/030-graceful-shutdown.md: SIGTERM and SIGINT stop the server gracefully, within 10 s, with exit code 0. */

const ADMIN = { email: 'shutdown-admin@example.org', password: 'shutdown admin password' }
const env = {
  SEED_DEMO: 'false',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  RATE_LIMIT_SCALE: '100',
  LOG_LEVEL: 'info',
}

const running: ServerProcess[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')))
})
async function start() {
  const server = await startServer({ env })
  running.push(server)
  return server
}

function slowContact(server: ServerProcess, message: string) {
  const body = Buffer.from(JSON.stringify({ ...validContact(), message }))
  return slowRequest(server.url, {
    path: '/api/contact',
    headers: { 'content-type': 'application/json' },
    body,
    sentFirst: 20,
  })
}

/** A noisy picture of about 1 MB, so its upload is still arriving when the signal comes. */
async function largePicture(): Promise<Buffer> {
  const width = 600
  const height = 600
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

/** Waits (until a deadline) for the server to log that the signal came: it has stopped listening by then. */
async function shuttingDown(server: ServerProcess) {
  await vi.waitFor(
    () => expect(server.output()).toMatch(/"msg":"Shutting down: finishing requests in flight"/),
    {
      timeout: 10_000,
      interval: 20,
    },
  )
}

function storedMessages(dataDir: string): string[] {
  const db = new SQLite(path.join(dataDir, databaseFileName), { readonly: true })
  try {
    return db
      .prepare('SELECT message FROM contact_messages')
      .all()
      .map((row) => (row as { message: string }).message)
  } finally {
    db.close()
  }
}

describe('graceful shutdown', () => {
  it('SIGTERM: stops accepting, finishes a slow upload and a slow JSON body, closes the database, exits 0', async () => {
    const server = await start()
    const { token } = await signIn(clientOf(server.url), ADMIN.email, ADMIN.password)

    // An idle keep-alive connection must not keep the server waiting.
    const keepAlive = new http.Agent({ keepAlive: true })
    expect((await rawRequest(server.url, { path: '/api/health', agent: keepAlive })).status).toBe(200)

    const picture = await largePicture()
    const form = multipartBody('image', 'large.png', 'image/png', picture)
    const upload = slowRequest(server.url, {
      path: '/api/uploads',
      headers: { 'content-type': form.contentType, authorization: `Bearer ${token}` },
      body: form.body,
      sentFirst: Math.floor(form.body.length / 2),
    })
    const contact = slowContact(server, 'sent across the shutdown')
    // The server has both requests in flight when the signal comes.
    await Promise.all([upload.started, contact.started])

    const signalledAt = performance.now()
    const exited = server.stop('SIGTERM')
    await shuttingDown(server)
    // No new connections once the signal has come.
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow()
    expect(server.child.exitCode).toBeNull()

    upload.finish()
    contact.finish()
    const [uploaded, sent] = await Promise.all([upload.answer, contact.answer])
    expect(sent.status).toBe(201)
    expect(sent.headers.connection).toBe('close')
    expect(uploaded.status).toBe(201)
    const { url } = JSON.parse(uploaded.body.toString()).data as { url: string }

    expect(await exited).toBe(0)
    const seconds = (performance.now() - signalledAt) / 1000
    // Finished as soon as the requests were: nothing waited for the cut-off.
    expect(seconds).toBeLessThan(SHUTDOWN_GRACE_MS / 1000)
    keepAlive.destroy()

    expect(server.output()).toMatch(/"msg":"Shutting down: finishing requests in flight"/)
    expect(server.output()).toMatch(/"msg":"Stopped"/)
    // The database was closed: its WAL was checkpointed and removed.
    expect(fs.existsSync(path.join(server.dataDir, `${databaseFileName}-wal`))).toBe(false)
    expect(storedMessages(server.dataDir)).toEqual(['sent across the shutdown'])
    expect(fs.existsSync(path.join(server.dataDir, url))).toBe(true)
  })

  it('SIGINT does the same', async () => {
    const server = await start()
    const contact = slowContact(server, 'sent across Ctrl-C')
    await contact.started
    const exited = server.stop('SIGINT')
    await shuttingDown(server)
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow()
    contact.finish()
    expect((await contact.answer).status).toBe(201)
    expect(await exited).toBe(0)
    expect(storedMessages(server.dataDir)).toEqual(['sent across Ctrl-C'])
  })

  it('a request that never finishes is cut off, and the process still exits 0 within 10 s', async () => {
    const server = await start()
    const stuck = slowContact(server, 'never sent in full')
    stuck.answer.catch(() => {})
    await stuck.started
    const signalledAt = performance.now()
    expect(await server.stop('SIGTERM')).toBe(0)
    const seconds = (performance.now() - signalledAt) / 1000
    expect(seconds).toBeGreaterThanOrEqual(SHUTDOWN_GRACE_MS / 1000 - 0.5)
    expect(seconds).toBeLessThan(10)
    await expect(stuck.answer).rejects.toThrow()
    expect(storedMessages(server.dataDir)).toEqual([])
  })
})
