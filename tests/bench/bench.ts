/**
 * `npm run bench [-- --events 2000 --duration 5 --connections 32 --rounds 5 --median --sizes 1000,10000,100000 --registrations 1000 --json file]`
 * `npm run bench -- --only finding` runs one part: `pages` (every page next to its ceiling, the signed-in
 * phase), `scaling` (the list and API at growing sizes), `finding` (finding events at 100,000 events),
 * `registrations` (the registration burst), `check-in` (ticket codes verified a second, 1,000 check-ins
 * through the API: tests/bench/check-in.ts), `check-in-device` (the door phone's check of a
 * scan, in Chromium: tests/bench/check-in-verify.ts), `certificates` (issuing certificates in the background).
 *
 * The benchmark of docs/decisions/041-benchmark-and-lighthouse.md. It builds if needed, fills a fresh data directory with a chapter (information,
 * committee) and N events, starts the production server as `npm start` does, and loads each public page
 * and the events API with a fixed number of connections (1 thread). Next to each figure it loads a bare
 * node:http server that answers the very same bytes from memory, in the same run: the ratio to that
 * ceiling is the figure that counts, because absolute numbers drift between machines and with the
 * machine's other work. A signed-in console list page and the events API are measured the same way
 * (with their own, lower, targets), and a run with a different unknown query parameter on every request
 * is set against the plain URL. Then a signed-in phase (console list pages of both roles mixed with API
 * reads and writes, tests/bench/signed-in.ts) with the server's heap (after a forced GC) and RSS read
 * after a warm-up, after the phase and after 60 s idle, and its RSS sampled all along. It also reports
 * what each page ships (gzipped HTML and JavaScript, from a real Chromium), the cold start to the first
 * 200, and the event list and API at 1k, 10k and 100k events. Finding events
 * (docs/decisions/061-event-search-with-fts5.md): with `--finding-events` (100,000) events, filtered /events
 * pages and month calendars rendered afresh (a new URL every request, one at a time, so the latency is the
 * render's, not a queue's) and a cached filtered page next to its ceiling; and a registration burst
 * (tests/bench/registration-burst.ts: 1,000 at once for 100 seats against a bare insert loop; `--registrations 0`
 * skips it); and issuing `--certificates` (500) certificates for one event in the background
 * (tests/bench/certificates.ts: time per certificate, peak RSS, a public page's latency meanwhile;
 * `--certificates 0` skips it). Prints markdown tables. Traffic
 * stays on 127.0.0.1.
 */

import type { ChildProcess } from 'node:child_process'
import { fork } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { ensureProductionBuild, projectRoot } from '../support/build'
import { chromiumLaunchOptions } from '../support/chromium'
import { freshDataDir, type ServerProcess, startServer } from '../support/server-process'
import { siteClock } from '../support/site-clock'
import { type CertificateIssuingResult, measureCertificateIssuing } from './certificates'
import { type CheckInResult, measureCheckIn } from './check-in'
import { measureTicketVerification, type VerificationResult } from './check-in-verify'
import { detectLoadTool, type LoadResult, type LoadTool, runLoad } from './load'
import { type MemoryReading, memoryProbeOptions, readMemory, sampleResident } from './memory'
import { measurePageBytes, type PageBytes } from './page-bytes'
import { type BurstResult, measureRegistrationBurst } from './registration-burst'
import { SEEDED_COMMITTEE, SEEDED_POST, seedBenchData } from './seed'
import { type MixResult, runSignedInMix, signInOfficers } from './signed-in'

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    /** Keep the median run of each figure instead of the best (with `--rounds 5`: the median of five). */
    median: { type: 'boolean', default: false },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '32' },
    sizes: { type: 'string', default: '1000,10000,100000' },
    phase: { type: 'string', default: '30' },
    idle: { type: 'string', default: '60' },
    tool: { type: 'string' },
    json: { type: 'string' },
    registrations: { type: 'string', default: '1000' },
    certificates: { type: 'string', default: '500' },
    only: {
      type: 'string',
      default: 'pages,scaling,finding,registrations,check-in,check-in-device,certificates',
    },
    'finding-events': { type: 'string', default: '100000' },
    'finding-requests': { type: 'string', default: '300' },
  },
})
/** The parts of the benchmark to run. */
const PARTS = new Set((values.only ?? '').split(',').map((part) => part.trim()))
const FINDING_EVENTS = Number(values['finding-events'])
/** Requests of each fresh-render measure of finding events (one at a time). */
const FINDING_REQUESTS = Number(values['finding-requests'])
const EVENTS = Number(values.events)
const DURATION = Number(values.duration)
const ROUNDS = Math.max(1, Number(values.rounds))
/** Which run of each figure is kept. */
const KEPT = values.median ? 'median' : 'best'
const WARMUP = Number(values.warmup)
const CONNECTIONS = Number(values.connections)
const PHASE = Number(values.phase)
/** How long the server idles after the signed-in phase before its memory is read again. */
const IDLE_SECONDS = Number(values.idle)
const SIZES = (values.sizes ?? '')
  .split(',')
  .filter(Boolean)
  .map((size) => Number(size))
/** Registrations of the burst (0: no burst). */
const REGISTRATIONS = Number(values.registrations)
/** Certificates issued for one event (0: none). */
const CERTIFICATES = Number(values.certificates)
const tool: LoadTool = values.tool === 'wrk' || values.tool === 'autocannon' ? values.tool : detectLoadTool()

/** What Chromium sends; the server and the ceiling are both measured with it. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
const HEADERS = { 'Accept-Encoding': ACCEPT_ENCODING, Accept: 'text/html,application/json' }
const SERVER_ENV = {
  ADMIN_EMAIL: 'bench-admin@example.org',
  ADMIN_PASSWORD: 'bench admin password',
  SEED_DEMO: 'false',
  RATE_LIMIT_SCALE: '1000000',
  // What a real installation logs: a line per request Express answers, the front cache's counts each minute.
  LOG_LEVEL: 'info',
}
const ADMIN = { email: SERVER_ENV.ADMIN_EMAIL, password: SERVER_ENV.ADMIN_PASSWORD }
/** The chapter seedBenchData creates. */
const CHAPTER = { email: 'bench-chapter@example.org', password: 'bench chapter password' }
const TARGETS = {
  pageRatio: 0.5,
  apiRatio: 0.05,
  consoleRatio: 0.01,
  unknownParameter: 0.8,
  scaling: 1.5,
  coldStartMs: 1500,
  peakRssMb: 250,
  memoryGrowth: 0.15,
  interactiveJsKb: 110,
  registrationRatio: 0.3,
  /** The door phone's answer to a scan comes within 100 ms; the check on the device is a small part of it. */
  checkInMsPerScan: 5,
  /** Finding events at FINDING_EVENTS events: a filtered page and a month rendered afresh, p99. */
  filteredRenderP99Ms: 50,
  monthRenderP99Ms: 30,
  cachedFilteredRatio: 0.4,
}
/** Connections of the signed-in phase (autocannon). */
const SIGNED_IN_CONNECTIONS = 8
const WARMUP_MIX_SECONDS = 5

type Route = {
  name: string
  path: string
  page: boolean
  /** The least ratio to the ceiling this route must reach. */
  target: number
  /** Extra request headers (a session cookie); the ceiling answers the same bytes without them. */
  headers?: Record<string, string>
}
type Measured = Route & {
  server: LoadResult
  bare: LoadResult
  /** Server against ceiling, run by run (each server run with the ceiling's run right after it), the kept one. */
  ratio: number
  /** The server's p99 over the ceiling's, run by run like `ratio`, the kept one. */
  p99Ratio: number
  bytes: number
  encoding: string
}

const log = (line: string) => process.stderr.write(`${line}\n`)

/** The raw answer (not decoded), as a client that sent HEADERS receives it. */
function fetchRaw(
  url: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { ...HEADERS, ...extra }, agent: false }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        )
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

type Bare = {
  url: string
  child: ChildProcess
  record: (path: string, headers: Record<string, string>, body: Buffer) => Promise<void>
}

async function startBare(): Promise<Bare> {
  // Plain node, without the TypeScript loader this script runs under.
  const child = fork(path.join(import.meta.dirname, 'bare-server.mjs'), [], {
    execArgv: [],
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  })
  const port = await new Promise<number>((resolve) => {
    child.once('message', (message: { port: number }) => resolve(message.port))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    record: (url, headers, body) =>
      new Promise((resolve) => {
        const onMessage = (message: { recorded?: string }) => {
          if (message.recorded !== url) return
          child.off('message', onMessage)
          resolve()
        }
        child.on('message', onMessage)
        child.send({ url, headers, body: body.toString('base64') })
      }),
  }
}

type LoadExtras = { headers?: Record<string, string>; randomParameter?: string; randomValuePrefix?: string }
const warm = (url: string, extras: LoadExtras = {}) =>
  WARMUP > 0
    ? runLoad(tool, {
        url,
        connections: CONNECTIONS,
        durationSeconds: WARMUP,
        ...extras,
        headers: { ...HEADERS, ...extras.headers },
      })
    : Promise.resolve()
const once = (url: string, extras: LoadExtras = {}) =>
  runLoad(tool, {
    url,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    ...extras,
    headers: { ...HEADERS, ...extras.headers },
  })

/**
 * The highest request rate of the runs and the lowest p99 (with `--median`, the median of each), with the
 * errors of all runs. Whatever else the machine does only ever slows a run down, so the best of a few is
 * the closest to what the server can do; server and ceiling are treated alike.
 */
function best(results: LoadResult[]): LoadResult {
  return {
    requestsPerSecond: keptOf(
      results.map((result) => result.requestsPerSecond),
      true,
    ),
    p99Ms: keptOf(
      results.map((result) => result.p99Ms),
      false,
    ),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  }
}

/** The kept one of figures taken run by run: the median with `--median`, otherwise the best (`higherIsBetter`). */
function keptOf(figures: number[], higherIsBetter: boolean): number {
  const sorted = [...figures].sort((a, b) => (higherIsBetter ? b - a : a - b))
  return sorted[values.median ? Math.floor((sorted.length - 1) / 2) : 0] ?? 0
}

async function load(url: string, extras: LoadExtras = {}): Promise<LoadResult> {
  await warm(url, extras)
  const results: LoadResult[] = []
  for (let round = 0; round < ROUNDS; round++) results.push(await once(url, extras))
  return best(results)
}

/** The plain URL and the same URL with a different unknown parameter on every request, alternating. */
async function measureUnknownParameter(
  server: string,
  path: string,
): Promise<{ plain: LoadResult; random: LoadResult }> {
  const url = `${server}${path}`
  const random = { randomParameter: 'x' }
  await warm(url)
  await warm(url, random)
  const plainRuns: LoadResult[] = []
  const randomRuns: LoadResult[] = []
  for (let round = 0; round < ROUNDS; round++) {
    plainRuns.push(await once(url))
    randomRuns.push(await once(url, random))
  }
  return { plain: best(plainRuns), random: best(randomRuns) }
}

/**
 * Loads `route` on the server and its recorded answer on the ceiling, alternating, ROUNDS times each, and
 * keeps the best of each: whatever else the machine does then weighs on both alike. The ratio and the p99
 * check are taken run by run, each server run against the ceiling's run right after it, so that a slow
 * minute of the machine weighs on both sides of a ratio instead of on one figure of it.
 */
async function measure(server: string, bare: Bare, route: Route): Promise<Measured> {
  const extras = { headers: route.headers }
  const answer = await fetchRaw(`${server}${route.path}`, route.headers)
  if (answer.status !== 200) throw new Error(`${route.path} answered ${answer.status}`)
  const headers: Record<string, string> = { 'Content-Type': String(answer.headers['content-type']) }
  const encoding = answer.headers['content-encoding']
  if (encoding) headers['Content-Encoding'] = String(encoding)
  await bare.record(route.path, headers, answer.body)
  const serverUrl = `${server}${route.path}`
  const bareUrl = `${bare.url}${route.path}`
  await warm(serverUrl, extras)
  await warm(bareUrl)
  const serverRuns: LoadResult[] = []
  const bareRuns: LoadResult[] = []
  for (let round = 0; round < ROUNDS; round++) {
    serverRuns.push(await once(serverUrl, extras))
    bareRuns.push(await once(bareUrl))
  }
  const measuredServer = best(serverRuns)
  const measuredBare = best(bareRuns)
  const paired = (figure: (run: LoadResult) => number) =>
    serverRuns.map((run, round) => figure(run) / figure(bareRuns[round] as LoadResult))
  const ratio = keptOf(
    paired((run) => run.requestsPerSecond),
    true,
  )
  const p99Ratio = keptOf(
    paired((run) => run.p99Ms),
    false,
  )
  log(
    `  ${route.name.padEnd(28)} ${Math.round(measuredServer.requestsPerSecond)} req/s (ceiling ${Math.round(measuredBare.requestsPerSecond)}), ratio ${ratio.toFixed(3)}, p99 ${p99Ratio.toFixed(1)}× the ceiling's`,
  )
  return {
    ...route,
    server: measuredServer,
    bare: measuredBare,
    ratio,
    p99Ratio,
    bytes: answer.body.length,
    encoding: encoding ?? 'identity',
  }
}

type Latencies = {
  requests: number
  p50Ms: number
  p90Ms: number
  p99Ms: number
  maxMs: number
  errors: number
  /** The server's CPU time (user and system, from /proc) per request, on average: what a busy machine does not inflate. */
  cpuMsPerRequest: number
}

/** The CPU time a process has used so far, in ms (Linux: /proc/{pid}/stat, in clock ticks of 10 ms). */
function cpuTimeMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return Number.NaN
  }
}

/**
 * `count` requests one after another (one keep-alive connection), each to `pathOf(i)`, timed from sending
 * to the last byte: with nothing queued, that is the server's time for the answer.
 */
async function sequentialLatencies(
  server: string,
  count: number,
  pathOf: (index: number) => string,
  pid?: number,
): Promise<Latencies> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const times: number[] = []
  let errors = 0
  const cpuBefore = cpuTimeMs(pid)
  try {
    for (let index = 0; index < count; index++) {
      const started = performance.now()
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get(`${server}${pathOf(index)}`, { headers: HEADERS, agent }, (res) => {
            res.resume()
            res.on('end', () => resolve(res.statusCode ?? 0))
            res.on('error', reject)
          })
          .on('error', reject)
      })
      times.push(performance.now() - started)
      if (status !== 200) errors++
    }
  } finally {
    agent.destroy()
  }
  times.sort((a, b) => a - b)
  const at = (share: number) =>
    times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)] ?? Number.NaN
  const cpuMsPerRequest = (cpuTimeMs(pid) - cpuBefore) / count
  return {
    requests: count,
    p50Ms: at(0.5),
    p90Ms: at(0.9),
    p99Ms: at(0.99),
    maxMs: at(1),
    errors,
    cpuMsPerRequest,
  }
}

/** The day `days` after `day` (YYYY-MM-DD). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

type Finding = {
  events: number
  filtered: Latencies
  months: Latencies
  cached: Measured
  /** The filtered URLs, one of each kind (with <day> where each request puts another day). */
  kinds: string[]
}

/**
 * Finding events at FINDING_EVENTS events: filtered lists and month calendars rendered afresh (every request
 * a URL not asked for before, so the front cache cannot answer it), then one filtered page next to its
 * ceiling once cached.
 */
async function measureFinding(bare: Bare): Promise<Finding> {
  const dir = freshDataDir('chapter-bench-')
  log(`Finding events: seeding ${FINDING_EVENTS} events...`)
  const data = await seedBenchData(dir, FINDING_EVENTS)
  const { server } = await startTimed(dir)
  try {
    const today = siteClock.today()
    const upcomingDays = Math.max(1, Math.round((Date.parse(data.lastDay) - Date.parse(today)) / 86_400_000))
    const pastDays = Math.max(1, Math.round((Date.parse(today) - Date.parse(data.firstDay)) / 86_400_000))
    const kinds: ((day: string) => string)[] = [
      (day) => `/events?from=${day}&q=machine+learning`,
      (day) => `/events?fees=free&from=${day}&mode=offline&q=workshop`,
      (day) => `/events?chapter=${data.chapterSlug}&from=${day}&mode=online&registration=open`,
      (day) => `/events?from=${day}&q=${encodeURIComponent('লার্নিং')}`,
      (day) => `/events?q=robotics&to=${day}&when=past`,
      (day) => `/events?from=${day}&q=dhaka+seminar&sort=date`,
    ]
    const pastKind = 4
    // Every request a day not used before by its kind: a new canonical URL, a fresh render.
    const filteredPath = (index: number) => {
      const kind = index % kinds.length
      const round = Math.floor(index / kinds.length)
      const day =
        kind === pastKind
          ? addDays(today, -1 - ((round * 7919) % pastDays))
          : addDays(today, (round * 7919) % upcomingDays)
      return (kinds[kind] as (day: string) => string)(day)
    }
    const firstMonth = data.firstDay.slice(0, 7)
    const monthCount =
      (Number(data.lastDay.slice(0, 4)) - Number(firstMonth.slice(0, 4))) * 12 +
      Number(data.lastDay.slice(5, 7)) -
      Number(firstMonth.slice(5, 7)) +
      1
    const monthPath = (index: number) => {
      const offset = (index * 7919) % monthCount
      const date = new Date(`${firstMonth}-01T00:00:00Z`)
      date.setUTCMonth(date.getUTCMonth() + offset)
      // A month's calendar once plain, once filtered: both new URLs.
      const filter = Math.floor((index * 7919) / monthCount) % 2 === 1 ? '?mode=online' : ''
      return `/events/calendar/${date.toISOString().slice(0, 7)}${filter}`
    }
    // Warm up the code paths, on URLs other than those measured.
    await sequentialLatencies(server.url, 12, (index) => `/events?q=warm${index}`)
    await sequentialLatencies(server.url, 6, (index) => `/events/calendar/190${index}-01`)
    const pid = server.child.pid
    const filtered = await sequentialLatencies(server.url, FINDING_REQUESTS, filteredPath, pid)
    log(
      `  filtered /events, rendered afresh: p50 ${fmt(filtered.p50Ms, 1)} ms, p99 ${fmt(filtered.p99Ms, 1)} ms`,
    )
    const months = await sequentialLatencies(
      server.url,
      Math.min(FINDING_REQUESTS, monthCount * 2),
      monthPath,
      pid,
    )
    log(`  month calendar, rendered afresh: p50 ${fmt(months.p50Ms, 1)} ms, p99 ${fmt(months.p99Ms, 1)} ms`)
    const cached = await measure(server.url, bare, {
      name: 'a filtered /events page (cached)',
      path: '/events?mode=online&q=machine+learning',
      page: true,
      target: TARGETS.cachedFilteredRatio,
    })
    return { events: FINDING_EVENTS, filtered, months, cached, kinds: kinds.map((kind) => kind('<day>')) }
  } finally {
    await server.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** Time from spawning `npm start`'s entry to the first 200 of the home page. */
async function startTimed(dataDir: string): Promise<{ server: ServerProcess; coldStartMs: number }> {
  const startedAt = performance.now()
  const probe = memoryProbeOptions(dataDir)
  // The log goes to a file, as on a real installation; a pipe read by this process would compete for the CPU.
  const server = await startServer({
    dataDir,
    env: { ...SERVER_ENV, ...probe.env },
    nodeArgs: probe.nodeArgs,
    logFile: path.join(dataDir, 'server.log'),
  })
  for (;;) {
    const answer = await fetchRaw(`${server.url}/`).catch(() => null)
    if (answer?.status === 200) break
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return { server, coldStartMs: performance.now() - startedAt }
}

const fmt = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a'
const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`
const verdict = (ok: boolean) => (ok ? 'yes' : '**no**')

async function main() {
  ensureProductionBuild()
  const cpus = os.cpus()
  log(
    `Benchmark: ${tool}, 1 thread, ${CONNECTIONS} connections, ${KEPT} of ${ROUNDS} runs of ${DURATION} s (after ${WARMUP} s of warm-up)`,
  )

  const bare = await startBare()
  process.once('exit', () => bare.child.kill())

  // ---- The main run: every page next to its ceiling.
  const measured: Measured[] = []
  let unknownParameter: { plain: LoadResult; random: LoadResult } | null = null
  const memory: { warm?: MemoryReading; afterPhase?: MemoryReading; idle?: MemoryReading } = {}
  let phase: MixResult | null = null
  let bytes: Map<string, PageBytes> | null = null
  let coldStartMs = Number.NaN
  let peakRssMb = Number.NaN
  let chapterSlug = ''
  const loadBefore = os.loadavg()[0] ?? 0
  if (PARTS.has('pages')) {
    const dataDir = freshDataDir('chapter-bench-')
    log(`Seeding ${EVENTS} events into ${dataDir}...`)
    const data = await seedBenchData(dataDir, EVENTS)
    chapterSlug = data.chapterSlug
    const started = await startTimed(dataDir)
    const { server } = started
    coldStartMs = started.coldStartMs
    const rss = sampleResident(server.child.pid ?? 0)
    const signedIn = await signInOfficers(server.url, ADMIN, CHAPTER)
    const adminCookie = { Cookie: `session=${signedIn.adminToken}` }
    const page = (name: string, path: string): Route => ({
      name,
      path,
      page: true,
      target: TARGETS.pageRatio,
    })
    const routes: Route[] = [
      page('/', '/'),
      page('/about', '/about'),
      page('/events', '/events'),
      page('an event page', `/events/${data.eventId}`),
      page('a chapter landing', `/chapter/${data.chapterSlug}`),
      page('/chapters', '/chapters'),
      // The region's pages that come from the database since the console edits them (committees, posts).
      page('/blogs', '/blogs'),
      page('a post', `/blogs/${SEEDED_POST}`),
      page('a committee page', SEEDED_COMMITTEE),
      {
        name: 'GET /api/events (page 1 of 20)',
        path: '/api/events?page=1&pageSize=20',
        page: false,
        target: TARGETS.apiRatio,
      },
      {
        name: 'a console list page (signed in)',
        path: '/dashboard/events',
        page: false,
        target: TARGETS.consoleRatio,
        headers: adminCookie,
      },
    ]
    try {
      for (const route of routes) measured.push(await measure(server.url, bare, route))
      unknownParameter = await measureUnknownParameter(server.url, '/events')
      log(
        `  /events with ?x=<random>      ${Math.round(unknownParameter.random.requestsPerSecond)} req/s (plain ${Math.round(unknownParameter.plain.requestsPerSecond)})`,
      )

      // ---- The signed-in phase: memory after a warm-up, after the phase, after idling.
      await runSignedInMix(server.url, signedIn, {
        connections: SIGNED_IN_CONNECTIONS,
        durationSeconds: WARMUP_MIX_SECONDS,
      })
      memory.warm = await readMemory(server, dataDir)
      log(
        `Signed-in phase: ${PHASE} s, ${SIGNED_IN_CONNECTIONS} connections (after warm-up: ${JSON.stringify(memory.warm)})`,
      )
      phase = await runSignedInMix(server.url, signedIn, {
        connections: SIGNED_IN_CONNECTIONS,
        durationSeconds: PHASE,
      })
      memory.afterPhase = await readMemory(server, dataDir)
      log(
        `  ${Math.round(phase.requestsPerSecond)} req/s, ${phase.errors} errors; after it: ${JSON.stringify(memory.afterPhase)}`,
      )
      // Timers, caches and V8's young generation settle while the server idles.
      await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000))
      memory.idle = await readMemory(server, dataDir)
      log(`  after ${IDLE_SECONDS} s idle: ${JSON.stringify(memory.idle)}`)
      bytes = await measurePageBytes(server.url, [
        ...routes.filter((route) => route.page).map((route) => route.path),
        '/contact',
      ])
    } finally {
      rss.stop()
      await server.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
    peakRssMb = rss.peakMb()
  }
  const loadAfter = os.loadavg()[0] ?? 0

  // ---- The same list page and API call at growing sizes, each on a fresh server.
  const scaling: { size: number; results: Record<string, LoadResult> }[] = []
  const scaledRoutes = {
    '/events (cached)': '/events',
    // A cursor the page reads, different on every request: a new URL, so a render each time (an unknown
    // parameter, or a value the page does not read, is answered from the cache as the canonical URL).
    '/events?before=<random> (rendered each time)': '/events',
    'GET /api/events?page=1&pageSize=20': '/api/events?page=1&pageSize=20',
  }
  const randomCursorRoutes = new Set(['/events?before=<random> (rendered each time)'])
  // A valid cursor (today, 23:59, a random id): the past events before it, a page rendered afresh.
  const randomCursorPrefix = `${siteClock.today()}_23:59_`
  try {
    for (const size of PARTS.has('scaling') ? SIZES : []) {
      const dir = freshDataDir('chapter-bench-')
      log(`Scaling: ${size} events...`)
      await seedBenchData(dir, size)
      const { server: sized } = await startTimed(dir)
      try {
        const results: Record<string, LoadResult> = {}
        for (const [name, target] of Object.entries(scaledRoutes)) {
          const answer = await fetchRaw(`${sized.url}${target}`)
          if (answer.status !== 200) throw new Error(`${target} answered ${answer.status}`)
          const extras = randomCursorRoutes.has(name)
            ? { randomParameter: 'before', randomValuePrefix: randomCursorPrefix }
            : {}
          results[name] = await load(`${sized.url}${target}`, extras)
          log(`  ${name.padEnd(36)} ${Math.round(results[name].requestsPerSecond)} req/s`)
        }
        scaling.push({ size, results })
      } finally {
        await sized.stop()
        fs.rmSync(dir, { recursive: true, force: true })
      }
    }
  } finally {
    if (!PARTS.has('finding')) bare.child.kill()
  }

  // ---- Finding events at 100,000 events.
  let finding: Finding | null = null
  if (PARTS.has('finding')) {
    try {
      finding = await measureFinding(bare)
    } finally {
      bare.child.kill()
    }
  }

  // ---- A registration burst on a server of its own, next to a bare insert loop.
  const burst: BurstResult | null =
    REGISTRATIONS > 0 && PARTS.has('registrations')
      ? await measureRegistrationBurst(REGISTRATIONS, log)
      : null

  // ---- The door: ticket codes verified, and check-ins through the API, on a server of its own.
  const checkIn: CheckInResult | null = PARTS.has('check-in') ? await measureCheckIn(1000, log) : null

  // ---- The door phone's check of 2,000 scans in Chromium (no server).
  let deviceCheckIn: VerificationResult | 'no chromium' | null = null
  if (PARTS.has('check-in-device')) {
    const launch = chromiumLaunchOptions()
    if (launch) {
      const browser = await chromium.launch(launch)
      try {
        deviceCheckIn = await measureTicketVerification(await browser.newPage(), 2000)
        log(`Check-in on the device: ${fmt(deviceCheckIn.perSecond)} verifications/s`)
      } finally {
        await browser.close()
      }
    } else deviceCheckIn = 'no chromium'
  }
  // ---- Certificates issued in the background on a server of their own, a public page loaded meanwhile.
  const certificates: CertificateIssuingResult | null =
    CERTIFICATES > 0 && PARTS.has('certificates') ? await measureCertificateIssuing(CERTIFICATES, log) : null

  // ---- The report.
  const lines: string[] = []
  lines.push(
    `Measured ${new Date().toISOString().slice(0, 10)} with **${tool}** (1 thread, ${CONNECTIONS} connections; each figure the ${KEPT} of ${ROUNDS} runs of ${DURATION} s after ${WARMUP} s of warm-up, server and ceiling alternating; the ratio and the p99 check taken run by run, each server run against the ceiling's run right after it), ${EVENTS.toLocaleString('en-US')} events, Accept-Encoding \`${ACCEPT_ENCODING}\`.`,
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; load average ${fmt(loadBefore, 1)} before and ${fmt(loadAfter, 1)} after the page runs. Server, ceiling and load generator share this machine, so absolute figures move with whatever else runs on it; the ratio is measured back to back and is the figure that counts.`,
  )
  if (PARTS.has('pages')) {
    lines.push(
      '',
      '| route | req/s | p99 | ceiling req/s | ceiling p99 | ratio | target | met | p99 ≤ 2× ceiling | answer | HTML gz | JS gz |',
      '|---|---:|---:|---:|---:|---:|---:|:---:|:---:|---|---:|---:|',
    )
    for (const route of measured) {
      const { ratio } = route
      const shipped = bytes?.get(route.path)
      lines.push(
        `| ${route.name} | ${fmt(route.server.requestsPerSecond)} | ${fmt(route.server.p99Ms, 1)} ms | ${fmt(route.bare.requestsPerSecond)} | ${fmt(route.bare.p99Ms, 1)} ms | ${fmt(ratio, 3)} | ≥ ${route.target} | ${verdict(ratio >= route.target)} | ${route.page ? `${verdict(route.p99Ratio <= 2)} (${fmt(route.p99Ratio, 1)}×)` : ''} | ${kb(route.bytes)} ${route.encoding} | ${shipped ? kb(shipped.htmlGzip) : route.page ? 'n/a' : ''} | ${shipped ? kb(shipped.jsGzip) : route.page ? 'n/a' : ''} |`,
      )
    }
    const contact = bytes?.get('/contact')
    if (contact) {
      lines.push(
        `| /contact (not loaded) | | | | | | | | | | ${kb(contact.htmlGzip)} | ${kb(contact.jsGzip)} |`,
      )
    }
    const errors = measured.reduce((sum, route) => sum + route.server.errors, 0)
    lines.push('')
    lines.push('| measure | value | target | met |', '|---|---:|---:|:---:|')
    lines.push(
      `| cold start to the first 200 of \`/\` | ${fmt(coldStartMs)} ms | < ${TARGETS.coldStartMs} ms | ${verdict(coldStartMs < TARGETS.coldStartMs)} |`,
    )
    if (unknownParameter) {
      const ratio = unknownParameter.random.requestsPerSecond / unknownParameter.plain.requestsPerSecond
      lines.push(
        `| \`/events?x=<random>\` against \`/events\` (${fmt(unknownParameter.random.requestsPerSecond)} and ${fmt(unknownParameter.plain.requestsPerSecond)} req/s) | ${fmt(ratio, 2)}x | ≥ ${TARGETS.unknownParameter}x | ${verdict(ratio >= TARGETS.unknownParameter)} |`,
      )
    }
    lines.push(
      `| server RSS at its peak, the whole run on this server | ${peakRssMb} MB | < ${TARGETS.peakRssMb} MB | ${verdict(peakRssMb < TARGETS.peakRssMb)} |`,
    )
    if (phase) {
      lines.push(
        `| signed-in phase (${PHASE} s, ${SIGNED_IN_CONNECTIONS} connections: console pages of both roles, API reads and writes) | ${fmt(phase.requestsPerSecond)} req/s, p99 ${fmt(phase.p99Ms, 1)} ms, ${phase.errors} errors | 0 errors | ${verdict(phase.errors === 0)} |`,
      )
    }
    const growth = (after: MemoryReading | undefined, field: keyof MemoryReading) =>
      after && memory.warm ? after[field] / memory.warm[field] - 1 : Number.NaN
    for (const [label, reading] of [
      ['after the warm-up', memory.warm],
      ['after the signed-in phase', memory.afterPhase],
      [`after ${IDLE_SECONDS} s idle`, memory.idle],
    ] as const) {
      if (!reading) continue
      const heapGrowth = growth(reading, 'heapMb')
      const rssGrowth = growth(reading, 'rssMb')
      const first = reading === memory.warm
      const within =
        Math.abs(heapGrowth) <= TARGETS.memoryGrowth && rssGrowth <= TARGETS.memoryGrowth ? 'yes' : '**no**'
      lines.push(
        `| server heap (after a forced GC) and RSS ${label} | ${fmt(reading.heapMb, 1)} MB, ${fmt(reading.rssMb)} MB${first ? '' : ` (${fmt(heapGrowth * 100, 0)}%, ${fmt(rssGrowth * 100, 0)}%)`} | ${first ? 'baseline' : `within ${TARGETS.memoryGrowth * 100}% of it`} | ${first ? '' : within} |`,
      )
    }
    const phaseErrors = phase?.errors ?? 0
    lines.push(
      `| errors and non-2xx answers under load | ${errors + phaseErrors} | 0 | ${verdict(errors + phaseErrors === 0)} |`,
    )
    if (bytes) {
      for (const [label, target] of [
        ['a chapter landing', `/chapter/${chapterSlug}`],
        ['/contact', '/contact'],
      ] as const) {
        const js = bytes.get(target)?.jsGzip ?? Number.NaN
        lines.push(
          `| JavaScript of ${label} (gzipped) | ${kb(js)} | ≤ ${TARGETS.interactiveJsKb} KB | ${verdict(js <= TARGETS.interactiveJsKb * 1024)} |`,
        )
      }
    } else {
      lines.push('| JavaScript per page | n/a: no Chromium found (set CHROMIUM_PATH) | | |')
    }
  }

  if (burst) {
    const ratio = burst.perSecond / burst.bare.perSecond
    lines.push(
      `| registration burst: ${fmt(burst.count)} at once for ${burst.seats} seats (mail on, a connection each, warm server), against a bare better-sqlite3 loop of the same insert (synchronous ${burst.bare.synchronous === '2' ? 'FULL' : burst.bare.synchronous}, ${fmt(burst.bare.before)} and ${fmt(burst.bare.after)} rows/s before and after) | ${fmt(burst.perSecond)} vs ${fmt(burst.bare.perSecond)} per s = ${fmt(ratio, 2)}x | ≥ ${TARGETS.registrationRatio}x | ${verdict(ratio >= TARGETS.registrationRatio)} |`,
      `| registration burst: the first after the start (cold), and the HTTP floor (the same requests refused at once, 400, by the same server) | ${fmt(burst.coldPerSecond)} per s = ${fmt(burst.coldPerSecond / burst.bare.perSecond, 2)}x; floor ${fmt(burst.floorPerSecond)} per s = ${fmt(burst.floorPerSecond / burst.bare.perSecond, 2)}x | | |`,
      `| registration burst: latency p50 and p99; ${burst.confirmed} confirmed, ${burst.waiting} waiting, ${burst.failures} failed | ${fmt(burst.p50Ms)} ms, ${fmt(burst.p99Ms)} ms | | |`,
      `| server RSS after the registration burst | ${burst.rssAfterMb} MB | < ${TARGETS.peakRssMb} MB | ${verdict(burst.rssAfterMb < TARGETS.peakRssMb)} |`,
    )
  }
  if (certificates) {
    const page = certificates.eventsPage
    lines.push(
      `| certificates: ${fmt(certificates.count)} issued in the background for one event (PDF, mail queued and sent); ${certificates.failed} failed, ${certificates.mailsReceived} certificate mails received | ${fmt(certificates.perCertificateMs)} ms per certificate (${fmt(certificates.totalSeconds, 1)} s) | | |`,
      `| certificates: server peak RSS while issuing (${certificates.rssBeforeMb} MB before) | ${certificates.peakRssMb} MB | < ${TARGETS.peakRssMb} MB | ${verdict(certificates.peakRssMb < TARGETS.peakRssMb)} |`,
      `| certificates: GET /events one at a time, p50 and p99 during the issuing (${page.during} requests; before: ${fmt(page.beforeP50Ms, 1)} ms, ${fmt(page.beforeP99Ms, 1)} ms) | ${fmt(page.duringP50Ms, 1)} ms, ${fmt(page.duringP99Ms, 1)} ms | | |`,
    )
  }

  if (checkIn) {
    lines.push(
      '',
      '| the door | value |',
      '|---|---:|',
      `| ticket codes verified (Ed25519, node:crypto, ${fmt(checkIn.verified)} codes of 100 events; ${fmt(checkIn.forgedRefused)} of 1,000 forged refused) | ${fmt(checkIn.verifyPerSecond)} a second |`,
      `| ${fmt(checkIn.attendees)} check-ins through the API, one after another (a door phone), request to answer on loopback | p50 ${fmt(checkIn.scanP50Ms, 1)} ms, p99 ${fmt(checkIn.scanP99Ms, 1)} ms, ${fmt(checkIn.scansPerSecond)} a second, ${checkIn.failures} failed |`,
    )
  }

  if (deviceCheckIn) {
    lines.push(
      '',
      '| measure | value | target | met |',
      '|---|---:|---:|:---:|',
      deviceCheckIn === 'no chromium'
        ? '| check-in on the device | n/a: no Chromium found (set CHROMIUM_PATH) | | |'
        : `| check-in on the device: ${fmt(deviceCheckIn.count)} signed codes split, verified (Ed25519, Web Crypto) and looked up one after another in Chromium; ${fmt(deviceCheckIn.valid)} admitted | ${fmt(deviceCheckIn.perSecond)} per s, ${fmt(deviceCheckIn.msPerScan, 2)} ms a scan | ≤ ${TARGETS.checkInMsPerScan} ms a scan | ${verdict(deviceCheckIn.msPerScan <= TARGETS.checkInMsPerScan && deviceCheckIn.valid === deviceCheckIn.count)} |`,
    )
  }

  if (scaling.length > 0) {
    lines.push(
      '',
      `| route | ${scaling.map((row) => `${row.size.toLocaleString('en-US')} events`).join(' | ')} | smallest / largest | ≤ 1.5 |`,
    )
    lines.push(`|---|${scaling.map(() => '---:').join('|')}|---:|:---:|`)
    for (const name of Object.keys(scaledRoutes)) {
      const figures = scaling.map((row) => row.results[name])
      const first = figures[0]?.requestsPerSecond ?? Number.NaN
      const last = figures[figures.length - 1]?.requestsPerSecond ?? Number.NaN
      const growth = first / last
      lines.push(
        `| ${name} | ${figures.map((figure) => (figure ? `${fmt(figure.requestsPerSecond)} req/s, p99 ${fmt(figure.p99Ms, 1)} ms` : 'n/a')).join(' | ')} | ${fmt(growth, 2)} | ${verdict(growth <= TARGETS.scaling)} |`,
      )
    }
  }
  if (finding) {
    const { filtered, months, cached } = finding
    const { ratio } = cached
    const latency = (result: Latencies) =>
      `p50 ${fmt(result.p50Ms, 1)} ms, p90 ${fmt(result.p90Ms, 1)} ms, **p99 ${fmt(result.p99Ms, 1)} ms**, max ${fmt(result.maxMs, 1)} ms; server CPU ${fmt(result.cpuMsPerRequest, 1)} ms a request${result.errors ? `, ${result.errors} errors` : ''}`
    lines.push(
      '',
      `Finding events at ${finding.events.toLocaleString('en-US')} events: a new URL every request (the front cache cannot answer it), one request at a time, so each time is a render's; the server's CPU time per request (from /proc) is what the machine's other work does not inflate. Load average ${fmt(os.loadavg()[0] ?? 0, 1)} at the end.`,
      '',
      '| measure | value | target | met |',
      '|---|---|---:|:---:|',
      `| filtered \`/events\` rendered afresh (${filtered.requests} requests: ${finding.kinds.map((kind) => `\`${kind}\``).join(', ')}) | ${latency(filtered)} | p99 < ${TARGETS.filteredRenderP99Ms} ms | ${verdict(filtered.p99Ms < TARGETS.filteredRenderP99Ms && filtered.errors === 0)} |`,
      `| month calendar rendered afresh (${months.requests} requests: \`/events/calendar/YYYY-MM\`, half with \`?mode=online\`) | ${latency(months)} | p99 < ${TARGETS.monthRenderP99Ms} ms | ${verdict(months.p99Ms < TARGETS.monthRenderP99Ms && months.errors === 0)} |`,
      `| a cached filtered page \`${cached.path}\` against its ceiling (${fmt(cached.server.requestsPerSecond)} and ${fmt(cached.bare.requestsPerSecond)} req/s, ${kb(cached.bytes)} ${cached.encoding}) | ${fmt(ratio, 3)}x | ≥ ${TARGETS.cachedFilteredRatio}x | ${verdict(ratio >= TARGETS.cachedFilteredRatio && cached.server.errors === 0)} |`,
    )
  }
  const report = lines.join('\n')
  console.log(report)
  if (values.json) {
    fs.writeFileSync(
      values.json,
      JSON.stringify(
        {
          tool,
          measured,
          coldStartMs,
          unknownParameter,
          phase,
          memory,
          peakRssMb,
          bytes: bytes ? Object.fromEntries(bytes) : null,
          scaling,
          burst,
          checkIn,
          certificates,
          finding,
          deviceCheckIn,
        },
        null,
        2,
      ),
    )
  }
}

process.chdir(projectRoot)
await main()
