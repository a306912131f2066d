import { spawnSync } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import SQLite from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseFileName } from '#db/client.server'
import { clientOf, signIn } from '../support/api'
import { projectRoot, withoutTestRunnerVariables } from '../support/build'
import { allowTimeForProcesses } from '../support/process-budget'
import { freshDataDir, type ServerProcess, startServer } from '../support/server-process'

allowTimeForProcesses()

const running: ServerProcess[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()))
})

async function start(options: Parameters<typeof startServer>[0] = {}) {
  const server = await startServer(options)
  running.push(server)
  return server
}

async function json(url: string) {
  const response = await fetch(url)
  return { status: response.status, body: await response.json() }
}

describe('npm start on a fresh data directory', () => {
  it('creates the administrator and the demo once; a restart keeps everything and seeds nothing', async () => {
    const dataDir = freshDataDir()
    const first = await start({ dataDir })
    const output = first.output()
    expect(output).toMatch(/Administrator created: admin@example\.org/)
    expect(output).toMatch(/22 chapters created from content\/chapters\.ts/)
    expect(output).toMatch(/Demo content added/)
    expect(output).toMatch(/Sign in at http:\/\/localhost:\d+\/login/)
    // Where links in mails and feeds point, and that it is this machine only while PUBLIC_URL is unset.
    expect(output).toMatch(
      /Public address \(PUBLIC_URL\): http:\/\/localhost:\d+ {2}\(not set: links in mails/,
    )
    // Standard output is a pipe here, as under a supervisor that keeps it in a log: the generated passwords
    // go to a file in the data directory that only this user can read, and the output says where.
    const passwordsFile = path.join(dataDir, 'first-run-passwords.txt')
    expect(output).toContain(`Password: in ${passwordsFile}`)
    expect(fs.statSync(passwordsFile).mode & 0o777).toBe(0o600)
    const written = fs.readFileSync(passwordsFile, 'utf8')
    const password = /Administrator: admin@example\.org {2}([A-Za-z0-9]{20})/.exec(written)?.[1] ?? ''
    expect(password).toHaveLength(20)
    const demoPasswords = [...written.matchAll(/@[\w.-]+ {2}([A-Za-z0-9]{20})$/gm)].map((match) => match[1])
    expect(demoPasswords.length).toBeGreaterThan(1)
    for (const secret of [password, ...demoPasswords]) expect(output).not.toContain(secret)
    expect(output).not.toMatch(/shown once/)
    // The password in the file is the administrator's.
    await signIn(clientOf(first.url), 'admin@example.org', password)
    expect(await json(`${first.url}/api/health`)).toEqual({ status: 200, body: { success: true, ok: true } })
    const home = await fetch(`${first.url}/`)
    expect(home.status).toBe(200)
    expect(await first.stop()).toBe(0)

    const second = await start({ dataDir })
    expect(second.output()).not.toMatch(/Administrator created|chapters created|Demo content added/)
    expect(second.output()).toMatch(/ready at/)
    await second.stop()

    // The data is all still there: count rows straight from the file.
    const count = spawnSync(
      process.execPath,
      [
        '-e',
        `const db = require('better-sqlite3')(${JSON.stringify(path.join(dataDir, 'chapter.db'))}, { readonly: true });
         console.log(JSON.stringify(db.prepare("SELECT (SELECT count(*) FROM users) a, (SELECT count(*) FROM events) e, (SELECT count(*) FROM contact_messages) m").get()))`,
      ],
      { cwd: projectRoot, encoding: 'utf8' },
    )
    const rows = JSON.parse(count.stdout) as { a: number; e: number; m: number }
    expect(rows.a).toBe(4)
    expect(rows.e).toBeGreaterThanOrEqual(8)
    expect(rows.m).toBeGreaterThanOrEqual(2)
  })

  it('on a terminal, the generated passwords are printed once and written nowhere', async () => {
    const server = await start({ terminal: true })
    const output = server.output()
    expect(output).toMatch(/Password \(shown once, write it down\): [A-Za-z0-9]{20}/)
    expect(output).toMatch(/Demo chapter accounts \(passwords shown once\)/)
    expect(fs.existsSync(path.join(server.dataDir, 'first-run-passwords.txt'))).toBe(false)
  })

  it('with SEED_DEMO=false starts with the administrator it was given and the first-run chapters, no demo', async () => {
    const server = await start({
      env: { SEED_DEMO: 'false', ADMIN_EMAIL: 'chair@example.org', ADMIN_PASSWORD: 'correct horse battery' },
    })
    expect(server.output()).toMatch(/Administrator created: chair@example\.org/)
    expect(server.output()).toMatch(/Password: the ADMIN_PASSWORD you set/)
    expect(server.output()).not.toMatch(/correct horse battery/)
    expect(server.output()).not.toMatch(/Demo content added/)
    // The chapters of the old fixed page are the site's content, not a demo.
    expect(server.output()).toMatch(/22 chapters created/)
    const chapters = await (await fetch(`${server.url}/chapters`)).text()
    expect(chapters).toContain('href="/chapter/padma-university-student-branch"')
  })

  it('stops at once with one line naming a wrong variable', () => {
    const result = spawnSync(
      process.execPath,
      [path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts'],
      {
        cwd: projectRoot,
        env: { ...withoutTestRunnerVariables(), PORT: 'eighty', DATA_DIR: freshDataDir() },
        encoding: 'utf8',
        timeout: 30_000,
      },
    )
    expect(result.status).toBe(1)
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a port number (got "eighty")')
  })

  it('exits 0 on SIGTERM and SIGINT', async () => {
    const viaTerm = await start({ env: { SEED_DEMO: 'false' } })
    expect(await viaTerm.stop('SIGTERM')).toBe(0)
    const viaInt = await start({ env: { SEED_DEMO: 'false' } })
    expect(await viaInt.stop('SIGINT')).toBe(0)
  })

  it('keeps an idle connection open past a proxy pool’s reuse (Node’s 5 s default closed it under nginx)', async () => {
    const server = await start({ env: { SEED_DEMO: 'false' } })
    const { hostname, port } = new URL(server.url)
    const socket = net.connect(Number(port), hostname)
    await once(socket, 'connect')
    let received = ''
    let closedAt: 'open' | 'closed' = 'open'
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      received += chunk
    })
    socket.on('close', () => {
      closedAt = 'closed'
    })
    const ask = () => socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`)
    ask()
    await expect.poll(() => received.match(/HTTP\/1\.1 200/g)?.length ?? 0).toBe(1)
    // Longer than the old idle limit; the connection must still take a second request.
    await sleep(6_000)
    expect(closedAt).toBe('open')
    ask()
    await expect.poll(() => received.match(/HTTP\/1\.1 200/g)?.length ?? 0).toBe(2)
    socket.destroy()
  })

  it('signs in while another process writes the database (a deferred transaction was refused: a 500)', async () => {
    const admin = { email: 'writer-admin@example.org', password: 'writer admin password' }
    const server = await start({
      env: { SEED_DEMO: 'false', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    })
    // Another process's write (a script, the people CLI): it holds the write lock for a moment.
    const other = new SQLite(path.join(server.dataDir, databaseFileName))
    try {
      other.exec('BEGIN IMMEDIATE')
      other.prepare("INSERT INTO app_state (key, value) VALUES ('another-writer', 'was here')").run()
      const signIn = fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      })
      // Well inside the server's busy timeout (5 s): the sign-in waits for the lock, then goes on.
      await sleep(1_000)
      other.exec('COMMIT')
      expect((await signIn).status).toBe(200)
    } finally {
      other.close()
    }
  })

  it('queues a crowd that connects while it is busy (Node’s backlog of 511 dropped the rest: a second’s wait each)', async () => {
    const server = await start({ env: { SEED_DEMO: 'false' } })
    const { hostname, port } = new URL(server.url)
    // The kernel caps the queue at net.core.somaxconn (4096 on current kernels).
    const somaxconn = Number(fs.readFileSync('/proc/sys/net/core/somaxconn', 'utf8'))
    const crowd = Math.min(1_500, somaxconn - 1)
    // A stopped process accepts nothing, as a busy event loop does for a while: the kernel completes each
    // handshake into the listening socket's queue, or drops the SYN once the queue is full (the client then
    // tries again after 1 s, 3 s, 7 s...).
    server.child.kill('SIGSTOP')
    const sockets: net.Socket[] = []
    let connected = 0
    try {
      for (let index = 0; index < crowd; index++) {
        const socket = net.connect(Number(port), hostname)
        socket.on('error', () => {})
        socket.once('connect', () => connected++)
        sockets.push(socket)
      }
      await expect.poll(() => connected, { timeout: 30_000 }).toBe(crowd)
    } finally {
      server.child.kill('SIGCONT')
    }
    // Every one of them is answered once the process runs again.
    const answered = await Promise.all(
      sockets.map(async (socket) => {
        let received = ''
        socket.setEncoding('utf8').on('data', (chunk: string) => {
          received += chunk
        })
        socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`)
        await once(socket, 'close')
        return received.startsWith('HTTP/1.1 200')
      }),
    )
    expect(answered.filter(Boolean)).toHaveLength(crowd)
  })
})
