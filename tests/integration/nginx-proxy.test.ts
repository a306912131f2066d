import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pictureBytes, validEvent } from '../support/api'
import { projectRoot } from '../support/build'
import { allowTimeForProcesses } from '../support/process-budget'
import { multipartBody, type RawAnswer, rawRequest } from '../support/raw-http'
import { type ServerProcess, startServer } from '../support/server-process'

allowTimeForProcesses()

/**
 * deploy/nginx/chapter-site.conf, run by Debian's nginx in front of the production server on loopback (no
 * TLS, test ports): pages, the API, uploads and the refusal of a too large one, the visitor's address
 * reaching the sign-in throttle, the shared cache serving public pages, a write visible within
 * SHARED_CACHE_SECONDS, a signed-in page never served from the cache.
 */

const SHARED_CACHE_SECONDS = 2
const ADMIN = { email: 'nginx-admin@example.org', password: 'nginx admin password' }

function findNginx(): string | undefined {
  if (process.env.NGINX) return process.env.NGINX
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    if (fs.existsSync(candidate)) return candidate
  }
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' })
  return which.status === 0 ? which.stdout.trim() || undefined : undefined
}

const nginx = findNginx()
if (!nginx && process.env.CI !== '1') {
  console.warn(
    'nginx-proxy.test.ts: SKIPPED, nginx is not installed (apt-get install -y nginx; .ci/run installs it).',
  )
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** Replaces `pattern` in `text`, failing loudly when the deployment file no longer has what it rewrites. */
function rewrite(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text)) throw new Error(`deploy/nginx/chapter-site.conf no longer matches ${pattern}`)
  return text.replace(pattern, replacement)
}

/** The site file with this test's ports and folders, without TLS, inside a minimal nginx.conf. */
function nginxConfigFor(options: { appPort: number; listenPort: number; prefix: string }): string {
  let site = fs.readFileSync(path.join(projectRoot, 'deploy', 'nginx', 'chapter-site.conf'), 'utf8')
  site = rewrite(site, /server 127\.0\.0\.1:3000;/, `server 127.0.0.1:${options.appPort};`)
  site = rewrite(site, /\/var\/cache\/nginx\/chapter-site/, path.join(options.prefix, 'cache'))
  // The plain-HTTP server only redirects to https: not run here.
  site = rewrite(site, /server \{\n {4}listen 80;[\s\S]*?\n\}\n/, '')
  site = rewrite(site, /listen 443 ssl http2 (backlog=\d+);/, `listen 127.0.0.1:${options.listenPort} $1;`)
  site = rewrite(site, /\n {4}listen \[::\]:443 ssl http2 backlog=\d+;/, '')
  site = rewrite(site, /\n {4}ssl_\w+ +[^\n]*;/g, '')
  const prefix = options.prefix
  return [
    // As root, the workers would otherwise run as nobody, who cannot use these private temporary folders.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    'daemon off;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log info;`,
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${prefix}/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${prefix}/${kind}-temp;`,
    ),
    site,
    '}',
    '',
  ].join('\n')
}

async function waitForPort(port: number, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const failure = exited()
    if (failure !== null) throw new Error(failure)
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('nginx did not listen in time')
}

const json = (answer: RawAnswer) => JSON.parse(answer.body.toString('utf8'))
/** The body as text, unpacked when the app sent it gzipped. */
const text = (answer: RawAnswer) =>
  (answer.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(answer.body) : answer.body).toString(
    'utf8',
  )

describe.runIf(!nginx && process.env.CI === '1')('nginx in CI', () => {
  it('is installed (CI must run the nginx test, not skip it)', () => {
    throw new Error('nginx is not installed: .ci/run installs it with apt-get install -y nginx')
  })
})

describe.skipIf(!nginx)('the nginx site configuration in front of the production server', () => {
  let server: ServerProcess
  let proxy: ReturnType<typeof spawn>
  let proxyUrl: string
  let prefix: string
  let token: string
  let cookie: string

  const get = (url: string, headers: Record<string, string> = {}) =>
    rawRequest(proxyUrl, { path: url, headers: { 'accept-encoding': 'gzip', ...headers } })
  const postJson = (
    url: string,
    body: unknown,
    headers: Record<string, string> = {},
    localAddress?: string,
  ) =>
    rawRequest(proxyUrl, {
      method: 'POST',
      path: url,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      localAddress,
    })

  beforeAll(async () => {
    server = await startServer({
      env: {
        TRUST_PROXY: 'true',
        SHARED_CACHE_SECONDS: String(SHARED_CACHE_SECONDS),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: 'false',
      },
    })
    prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'chapter-nginx-'))
    const listenPort = await freePort()
    const config = nginxConfigFor({ appPort: Number(new URL(server.url).port), listenPort, prefix })
    fs.writeFileSync(path.join(prefix, 'nginx.conf'), config)
    let exitedWith: string | null = null
    proxy = spawn(
      nginx as string,
      ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let stderr = ''
    proxy.stderr?.on('data', (chunk) => {
      stderr += chunk
    })
    proxy.once('exit', (code) => {
      const log = fs.existsSync(path.join(prefix, 'error.log'))
        ? fs.readFileSync(path.join(prefix, 'error.log'), 'utf8')
        : ''
      exitedWith = `nginx exited with ${code}:\n${stderr}\n${log}`
    })
    await waitForPort(listenPort, () => exitedWith)
    proxyUrl = `http://127.0.0.1:${listenPort}`

    const login = await postJson('/api/auth/login', ADMIN)
    expect(login.status).toBe(200)
    token = json(login).token
    cookie = `session=${token}`
  })

  afterAll(async () => {
    if (proxy && proxy.exitCode === null) {
      const exited = new Promise((resolve) => proxy.once('exit', resolve))
      proxy.kill('SIGQUIT')
      await exited
    }
    await server?.stop()
  })

  it('serves pages and the API through the proxy, compressed by the app, with the visitor-facing headers', async () => {
    for (const page of ['/', '/events', '/chapters', '/login']) {
      const answer = await get(page)
      expect(answer.status, page).toBe(200)
      expect(answer.headers['content-type']).toMatch(/text\/html/)
    }
    const home = await get('/')
    // The app's compression passes through untouched (nginx's gzip is off).
    expect(home.headers['content-encoding']).toBe('gzip')
    expect(home.headers['content-security-policy']).toMatch(/script-src/)
    const health = await get('/api/health')
    expect(health.status).toBe(200)
    expect(json(health)).toMatchObject({ success: true })
    expect(health.headers['cache-control']).toBe('private, no-store')
    const again = await get('/api/health')
    expect(again.headers['x-cache-status']).not.toBe('HIT')
    const missing = await get('/api/nothing-here')
    expect(missing.status).toBe(404)
    expect(json(missing)).toMatchObject({ success: false })
  })

  it('takes an upload, serves it back, and refuses a 6 MB one with the JSON 413 before the app reads it', async () => {
    const picture = await pictureBytes(77, 16)
    const small = multipartBody('image', 'p.png', 'image/png', picture)
    const uploaded = await rawRequest(proxyUrl, {
      method: 'POST',
      path: '/api/uploads',
      headers: { authorization: `Bearer ${token}`, 'content-type': small.contentType },
      body: small.body,
    })
    expect(uploaded.status).toBe(201)
    const url = json(uploaded).data.url as string
    const image = await get(url)
    expect(image.status).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')

    const large = multipartBody('image', 'big.png', 'image/png', Buffer.alloc(6 * 1024 * 1024, 7))
    const refused = await rawRequest(proxyUrl, {
      method: 'POST',
      path: '/api/uploads',
      headers: { authorization: `Bearer ${token}`, 'content-type': large.contentType },
      body: large.body,
    })
    expect(refused.status).toBe(413)
    expect(refused.headers['content-type']).toMatch(/application\/json/)
    expect(json(refused)).toEqual({ success: false, message: 'The image is too large: at most 5 MB.' })
    // nginx answered it: the app puts a request id on every answer it sends.
    expect(refused.headers['x-request-id']).toBeUndefined()

    // A JSON body over nginx's limit for everything else, in the app's words for it.
    const hugeJson = await postJson('/api/contact', { message: 'x'.repeat(1_100_000) })
    expect(hugeJson.status).toBe(413)
    expect(json(hugeJson)).toEqual({ success: false, message: 'The request body is too large.' })
  })

  it("counts failed sign-ins per visitor address, the one nginx saw, not the proxy's", async () => {
    const attempt = (n: number, localAddress: string) =>
      postJson(
        '/api/auth/login',
        { email: `nobody-${n}-${localAddress}@example.org`, password: 'wrong password here' },
        {},
        localAddress,
      )
    // Five failures from one address lock that address (each under another email: no account locks).
    for (let n = 0; n < 5; n++) expect((await attempt(n, '127.0.0.2')).status).toBe(401)
    const locked = await attempt(5, '127.0.0.2')
    expect(locked.status).toBe(429)
    // Another visitor, through the same proxy, is not locked out with them.
    const other = await attempt(6, '127.0.0.3')
    expect(other.status).toBe(401)
    // A forged X-Forwarded-For from the client does not pick another address: nginx replaces it.
    const forged = await rawRequest(proxyUrl, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ email: 'forged@example.org', password: 'wrong password here' }),
      localAddress: '127.0.0.2',
    })
    expect(forged.status).toBe(429)
  })

  it('answers public pages from the shared cache', async () => {
    const first = await get('/about')
    expect(first.status).toBe(200)
    expect(first.headers['cache-control']).toBe(
      `public, max-age=0, s-maxage=${SHARED_CACHE_SECONDS}, stale-while-revalidate=${SHARED_CACHE_SECONDS}`,
    )
    const second = await get('/about')
    expect(second.headers['x-cache-status']).toBe('HIT')
    expect(second.body).toEqual(first.body)
  })

  it(`shows a write through the proxy within SHARED_CACHE_SECONDS (${SHARED_CACHE_SECONDS} s)`, async () => {
    // A URL of its own (a parameter the page does not read), so its copy is stored now, by this request.
    const url = `/events?since=${Date.now().toString(36)}`
    const primedAt = Date.now()
    const primed = await get(url)
    expect(primed.headers['x-cache-status']).toBe('MISS')
    // nginx stored the copy between these two moments, and keeps it for SHARED_CACHE_SECONDS counted in
    // whole seconds of its clock: it runs out more than N s after primedAt, at most N + 1 s after storedAt.
    const storedAt = Date.now()
    const copyLasts = SHARED_CACHE_SECONDS * 1000
    const title = `Proxy write ${Date.now().toString(36)}`
    const eventDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
    const created = await postJson('/api/events', validEvent({ title, eventDate }), {
      authorization: `Bearer ${token}`,
    })
    expect(created.status).toBe(201)
    const reads: { sentAt: number; answeredAt: number; shown: boolean; cache: string }[] = []
    while (Date.now() < storedAt + copyLasts + 10_000) {
      const sentAt = Date.now()
      const page = await get(url)
      expect(page.status).toBe(200)
      const shown = text(page).includes(title)
      reads.push({ sentAt, answeredAt: Date.now(), shown, cache: String(page.headers['x-cache-status']) })
      if (shown) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const shownAt = reads.findIndex((read) => read.shown)
    const firstShown = reads[shownAt]
    expect(firstShown, JSON.stringify(reads)).toBeDefined()
    // Until the copy ran out, readers got it, not the app: the cache absorbs the load. Reads go one at a
    // time, so the first one after it ran out fetched the page again and showed the write.
    for (const read of reads.slice(0, shownAt)) expect(read).toMatchObject({ shown: false, cache: 'HIT' })
    expect(firstShown?.cache, JSON.stringify(reads)).toMatch(/^(EXPIRED|MISS)$/)
    // Not before the copy's time was up, and the copy was not served past it: bounds that hold however
    // long each read takes (a read is answered after it arrives, and sent before).
    expect(firstShown?.answeredAt ?? 0).toBeGreaterThan(primedAt + copyLasts)
    const lastCopy = reads[shownAt - 1]
    if (lastCopy) expect(lastCopy.sentAt).toBeLessThan(storedAt + copyLasts + 1000)
  })

  it('never answers a signed-in visitor from the cache, nor keeps what they were shown', async () => {
    for (let n = 0; n < 2; n++) {
      const console_ = await get('/dashboard', { cookie })
      expect(console_.status).toBe(200)
      expect(console_.headers['x-cache-status']).toBe('BYPASS')
      expect(console_.headers['cache-control']).toBe('private, no-store')
    }
    // A public page already in the cache: a signed-in visitor still goes to the app.
    await get('/chapters')
    const signedIn = await get('/chapters', { cookie })
    expect(signedIn.headers['x-cache-status']).toBe('BYPASS')
    // Over https the cookie is named __Host-session: the same bypass.
    const secureName = await get('/chapters', { cookie: `theme=dark; __Host-session=${token}` })
    expect(secureName.headers['x-cache-status']).toBe('BYPASS')
    // Nobody else gets the console from the cache: the anonymous visitor is sent to sign in.
    const anonymous = await get('/dashboard')
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.location).toMatch(/\/login/)
    expect(anonymous.headers['x-cache-status']).not.toBe('HIT')
  })
})
