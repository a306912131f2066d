import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { call, clientOf, pictureBytes, signIn } from '../support/api'
import { allowTimeForProcesses } from '../support/process-budget'
import { freshDataDir, startServer } from '../support/server-process'

allowTimeForProcesses()

/**
 * docs/decisions/031-request-logs.md, observability: the real server's log lines (pino, one JSON object per line) carry a request
 * id, and never a password, a token or a cookie: not on sign-in, not on errors, not at shutdown.
 */

const ADMIN = { email: 'logs-admin@example.org', password: 'logs admin password' }
const WRONG_PASSWORD = 'not the password at all'

type LogLine = { level: number; msg: string; req?: { id?: string }; err?: { message?: string } }

describe('logs of the running server', () => {
  it('have a request id on every request line and on error lines, and no secret anywhere', async () => {
    const dataDir = freshDataDir()
    // A file where the uploads folder should be: an upload then fails inside the server (a 500).
    fs.writeFileSync(path.join(dataDir, 'uploads'), 'not a folder')
    const server = await startServer({
      dataDir,
      env: {
        SEED_DEMO: 'false',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'trace',
      },
    })
    const client = clientOf(server.url)
    const { token, cookie } = await signIn(client, ADMIN.email, ADMIN.password)
    for (let i = 0; i < 6; i++) {
      await call(client, 'POST', '/api/auth/login', {
        json: { email: ADMIN.email, password: WRONG_PASSWORD },
      })
    }
    const throttled = await call(client, 'POST', '/api/auth/login', { json: ADMIN })
    expect(throttled.status).toBe(429)
    await call(client, 'GET', '/api/auth/me', { token })
    await call(client, 'GET', '/api/auth/me', { cookie: `${cookie}; signed_in=1` })
    await call(client, 'POST', '/api/auth/logout', { cookie, origin: 'https://evil.example.org' })
    await call(client, 'POST', '/api/auth/login', {
      body: `{"email":"${ADMIN.email}","password":"${ADMIN.password}"`,
      contentType: 'application/json',
    })
    await call(client, 'POST', '/api/users', {
      token,
      json: {
        name: 'Logged',
        email: 'logged@example.org',
        password: 'a chapter passphrase',
        phone: '01711000000',
      },
    })
    const form = new FormData()
    form.append('image', new Blob([new Uint8Array(await pictureBytes(3))], { type: 'image/png' }), 'p.png')
    const failed = await call(client, 'POST', '/api/uploads', { token, cookie, body: form })
    expect(failed.status).toBe(500)
    expect(failed.body).toEqual({ success: false, message: 'Internal server error' })
    const pageWithCookie = await client.request('/', { headers: { cookie } })
    expect(pageWithCookie.status).toBe(200)
    expect(await server.stop('SIGTERM')).toBe(0)

    const output = server.output()
    for (const secret of [
      ADMIN.password,
      WRONG_PASSWORD,
      'a chapter passphrase',
      token,
      token.split('.')[2] ?? token,
      cookie,
      '$argon2',
    ]) {
      expect(output, 'a secret in the output').not.toContain(secret)
    }

    const lines: LogLine[] = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line))
    const requests = lines.filter(
      (line) => line.msg === 'request completed' || line.msg === 'request errored',
    )
    expect(requests.length).toBeGreaterThanOrEqual(14)
    for (const line of requests) expect(line.req?.id).toMatch(/^[0-9a-f-]{36}$/)
    const failure = lines.find((line) => line.msg === 'API request failed')
    expect(failure?.req?.id).toBe(failed.headers.get('x-request-id'))
    expect(failure?.err?.message).toBeTruthy()
    expect(lines.some((line) => line.msg === 'Shutting down: finishing requests in flight')).toBe(true)
    expect(lines.at(-1)?.msg).toBe('Stopped')
  })
})
