/**
 * `npm run load-test [-- --duration 30 --repeats 5 --connections 10]`: a bounded load test of the
 * production server on this machine (issue 7). Each route is loaded for `duration` seconds with
 * autocannon, and the whole set is repeated `repeats` times; the server's memory is read after each
 * repeat. It passes when no request errors or times out, p99 stays under 500 ms, and memory grows by less
 * than 15% between the first and the last repeat. Not part of `npm test`: it takes about 10 minutes.
 * Traffic goes to 127.0.0.1 only, and every run stops by itself.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { ensureProductionBuild } from '../support/build'
import { type ServerProcess, startServer } from '../support/server-process'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    repeats: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    json: { type: 'string' },
  },
})
const duration = Number(values.duration)
const repeats = Number(values.repeats)
const connections = Number(values.connections)

const P99_LIMIT_MS = 500
const MEMORY_GROWTH_LIMIT = 0.15
const ADMIN = { email: 'load-admin@example.org', password: 'load test admin password' }

type Route = {
  name: string
  /** Statuses this route answers when all is well. */
  expect: number[]
  requests: (context: { events: string[]; token: string }) => autocannon.Request[]
}

const eventBody = (n: number) =>
  JSON.stringify({
    title: `Load test event ${n}`,
    startTime: '10:00',
    endTime: '12:00',
    eventDate: '2027-03-01',
    location: 'Dhaka',
    host: 'Load Test Chapter',
    registrationMethod: 'Online',
    fees: n % 100,
    banner: 'https://images.example.org/banner.png',
    eventLink: 'https://example.org/events/load',
    description: `Updated by the load test, ${n}.`,
  })

const routes: Route[] = [
  { name: 'GET /', expect: [200], requests: () => [{ method: 'GET', path: '/' }] },
  // The public events page is built on another branch; until it lands this measures the 404 page, which
  // is rendered (and hydrated) by the same machinery.
  { name: 'GET /events', expect: [200, 404], requests: () => [{ method: 'GET', path: '/events' }] },
  { name: 'GET /api/events', expect: [200], requests: () => [{ method: 'GET', path: '/api/events' }] },
  {
    name: 'PUT /api/events/:id (signed in)',
    expect: [200],
    requests: ({ events, token }) => {
      let n = 0
      return [
        {
          method: 'PUT',
          setupRequest: (request) => {
            n++
            return {
              ...request,
              path: `/api/events/${events[n % events.length]}`,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: eventBody(n),
            }
          },
        },
      ]
    },
  },
]

/** Resident memory of the server process, in MB (Linux). */
function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}

async function prepare(server: ServerProcess) {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const { token } = (await login.json()) as { token: string }
  const events: string[] = []
  for (let n = 0; n < 20; n++) {
    const created = await fetch(`${server.url}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: eventBody(n),
    })
    events.push(((await created.json()) as { event: { _id: string } }).event._id)
  }
  return { token, events }
}

type Measure = {
  repeat: number
  route: string
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  timeouts: number
  unexpected: number
}

function run(
  url: string,
  route: Route,
  context: { events: string[]; token: string },
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration, timeout: 10, requests: route.requests(context), expectBody: undefined },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
  })
}

ensureProductionBuild()
const server = await startServer({
  logFile: path.join(os.tmpdir(), `chapter-load-test-${process.pid}.log`),
  env: {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_SCALE: '1000000',
    LOG_LEVEL: 'info',
  },
})
const pid = server.child.pid ?? 0
const measures: Measure[] = []
const memory: number[] = []
try {
  const context = await prepare(server)
  console.log(
    `Load test: ${routes.length} routes x ${duration} s, ${repeats} repeats, ${connections} connections, server pid ${pid} (${residentMb(pid)} MB at start)`,
  )
  for (let repeat = 1; repeat <= repeats; repeat++) {
    for (const route of routes) {
      const result = await run(server.url, route, context)
      const statuses = result.statusCodeStats as Record<string, { count: number }>
      const unexpected = Object.entries(statuses)
        .filter(([code]) => !route.expect.includes(Number(code)))
        .reduce((sum, [, { count }]) => sum + count, 0)
      const measure: Measure = {
        repeat,
        route: route.name,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors,
        timeouts: result.timeouts,
        unexpected,
      }
      measures.push(measure)
      console.log(
        `  repeat ${repeat}  ${route.name.padEnd(32)} ${String(measure.requestsPerSecond).padStart(6)} req/s  ` +
          `p50 ${measure.p50} ms  p99 ${measure.p99} ms  errors ${measure.errors}  timeouts ${measure.timeouts}  ` +
          `unexpected statuses ${measure.unexpected}`,
      )
    }
    memory.push(residentMb(pid))
    console.log(`  after repeat ${repeat}: server RSS ${memory.at(-1)} MB`)
  }
} finally {
  await server.stop('SIGTERM')
}

const growth = (memory.at(-1) ?? 0) / (memory[0] ?? 1) - 1
const failures = [
  ...measures
    .filter((m) => m.errors + m.timeouts + m.unexpected > 0)
    .map((m) => `${m.route} (repeat ${m.repeat}) had errors`),
  ...measures
    .filter((m) => m.p99 >= P99_LIMIT_MS)
    .map((m) => `${m.route} (repeat ${m.repeat}) p99 ${m.p99} ms`),
  ...(growth >= MEMORY_GROWTH_LIMIT ? [`memory grew ${(growth * 100).toFixed(1)}%`] : []),
]
console.log(
  `Memory: ${memory[0]} MB after the first repeat, ${memory.at(-1)} MB after repeat ${repeats} (${(growth * 100).toFixed(1)}%)`,
)
if (values.json) fs.writeFileSync(values.json, JSON.stringify({ measures, memory, growth }, null, 2))
console.log(failures.length === 0 ? 'PASS' : `FAIL:\n  ${failures.join('\n  ')}`)
process.exit(failures.length === 0 ? 0 : 1)
