import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { openDataDirDatabase } from '#db/client.server'
import { newId } from '#db/ids.server'
import { freshDataDir, startServer } from '../support/server-process'
import { startSmtpSink } from '../support/smtp'
import { benchEvent } from './bench-event'
import { residentMb } from './memory'
import { percentile } from './stats'

/**
 * The registration burst of `npm run bench` (docs/decisions/074-registration-burst-and-bench.md): a
 * popular workshop opens and `count` people register at once for 100 seats, each on a connection of their
 * own (as a crowd of browsers, or nginx opening upstream connections for them, arrives), against the
 * production server (mail on, to an SMTP server on loopback that only counts what arrives).
 * Set against a bare better-sqlite3 loop that inserts the same rows into the same table, one transaction
 * each, with the server's `synchronous` setting, on the same disk, in the same run: that ratio is the
 * figure. The first burst after the start (cold: nothing compiled by the JIT yet) is measured on an event
 * of its own and reported too; the figure is a later one, on a warm server (after the cold burst's mails
 * have gone and a burst of refused requests), as the page benchmarks measure after a warm-up. Next to it,
 * the HTTP floor: the same requests refused at once (400) by the same server, which no registration
 * beats. Also the latencies and the server's RSS after the burst.
 */

export type BurstResult = {
  count: number
  seats: number
  /** Registrations answered per second on the warm server, from the first request sent to the last answer. */
  perSecond: number
  /** The same for the first burst after the start, on another event. */
  coldPerSecond: number
  /** The same requests with an id that is not one, answered 400 before any registration work. */
  floorPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Answers other than 201 (none expected). */
  failures: number
  confirmed: number
  waiting: number
  /** The bare loop (run just before and just after the bursts, the two averaged): rows per second and its synchronous setting. */
  bare: { perSecond: number; synchronous: string; before: number; after: number }
  rssAfterMb: number
}

const SEATS = 100
const ADMIN = { email: 'burst-admin@example.org', password: 'burst admin password' }

/** One request on a connection of its own, its answer read whole. */
function send(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        // No agent: a new connection, closed after the answer.
        agent: false,
        headers: {
          ...headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          try {
            resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined })
          } catch (error) {
            reject(error)
          }
        })
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

type Burst = {
  perSecond: number
  latencies: number[]
  failures: number
  confirmed: number
  waiting: number
}

/** `count` registrations sent at once to `target`, emails made unique by `prefix`. */
async function burst(target: string, count: number, prefix: string): Promise<Burst> {
  const latencies: number[] = []
  let failures = 0
  let confirmed = 0
  let waiting = 0
  const startedAt = performance.now()
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const sentAt = performance.now()
      try {
        const answer = await send(target, 'POST', {
          name: `Attendee ${index}`,
          email: `${prefix}-${index}@example.org`,
          answers: {},
        })
        latencies.push(performance.now() - sentAt)
        const status = (answer.body as { registration?: { status: string } } | undefined)?.registration
          ?.status
        if (answer.status !== 201) failures++
        else if (status === 'confirmed') confirmed++
        else waiting++
      } catch {
        failures++
      }
    }),
  )
  const seconds = (performance.now() - startedAt) / 1000
  latencies.sort((a, b) => a - b)
  return { perSecond: count / seconds, latencies, failures, confirmed, waiting }
}

/** The same INSERT as a registration's, `count` times, each in its own write transaction (BEGIN IMMEDIATE). */
function bareInsertLoop(count: number): { perSecond: number; synchronous: string } {
  // openDatabase's settings (WAL, synchronous=FULL), the migrated table with its indexes.
  const dir = freshDataDir('chapter-bench-bare-')
  const db = openDataDirDatabase(dir)
  try {
    const sqlite = db.$client
    const synchronous = String(sqlite.pragma('synchronous', { simple: true }))
    const eventId = newId()
    sqlite
      .prepare(
        `INSERT INTO events (id, owner_id, title, banner, host, event_date, start_time, end_time, location,
         registration_method, fees, event_link, description) VALUES (?, NULL, 'Bare', '/b.webp', 'Host',
         '2027-03-01', '10:00', '12:00', 'Dhaka', 'Online', 0, 'https://example.org', 'Bare loop')`,
      )
      .run(eventId)
    const insert = sqlite.prepare(
      `INSERT INTO registrations (id, event_id, seq, status, name, email, phone, answers, token_hash, confirmed_at)
       VALUES (?, ?, ?, ?, ?, ?, '', '{}', ?, ?)`,
    )
    const one = sqlite.transaction((index: number) =>
      insert.run(
        newId(),
        eventId,
        index + 1,
        index < SEATS ? 'confirmed' : 'waitlisted',
        `Attendee ${index}`,
        `bare-${index}@example.org`,
        newId() + newId(),
        index < SEATS ? Date.now() : null,
      ),
    )
    const startedAt = performance.now()
    for (let index = 0; index < count; index++) one.immediate(index)
    const seconds = (performance.now() - startedAt) / 1000
    return { perSecond: count / seconds, synchronous }
  } finally {
    db.$client.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

export async function measureRegistrationBurst(
  count: number,
  log: (line: string) => void,
  options: { mail: boolean; nodeArgs?: string[] } = { mail: true },
): Promise<BurstResult> {
  const smtp = options.mail ? await startSmtpSink() : undefined
  const dataDir = freshDataDir('chapter-bench-burst-')
  const server = await startServer({
    dataDir,
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      RATE_LIMIT_SCALE: '1000000',
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
      LOG_LEVEL: 'info',
    },
    logFile: path.join(dataDir, 'server.log'),
    nodeArgs: options.nodeArgs,
  })
  try {
    // The disk's fsync time moves with whatever else the machine does: the loop runs on both sides of the bursts.
    const bareBefore = bareInsertLoop(count)
    const login = await send(`${server.url}/api/auth/login`, 'POST', ADMIN)
    const authorization = `Bearer ${(login.body as { token: string }).token}`
    const createEvent = async (title: string) => {
      const created = await send(
        `${server.url}/api/events`,
        'POST',
        benchEvent(
          { title, description: 'A workshop everyone wants.' },
          { enabled: true, capacity: SEATS, waitlist: true },
        ),
        { authorization },
      )
      return (created.body as { event: { _id: string } }).event._id
    }
    const firstEvent = await createEvent('First Workshop')
    const eventId = await createEvent('Popular Workshop')

    log(`Registration burst: ${count} at once for ${SEATS} seats, first on a cold server...`)
    const cold = await burst(`${server.url}/api/events/${firstEvent}/registrations`, count, 'cold')
    // Its mails go out before the measured burst, which then shares the process only with its own.
    await smtp?.waitForCount(cold.confirmed + cold.waiting, 120_000)
    // The JIT takes a burst or two to compile the request path: refused requests warm it up further.
    const refused = `${server.url}/api/events/not-an-id/registrations`
    await burst(refused, count, 'warm-up')
    const warm = await burst(`${server.url}/api/events/${eventId}/registrations`, count, 'burst')
    const floor = await burst(refused, count, 'floor')
    const rssAfterMb = residentMb(server.child.pid ?? 0)
    const bareAfter = bareInsertLoop(count)
    const bare = {
      perSecond: (bareBefore.perSecond + bareAfter.perSecond) / 2,
      synchronous: bareAfter.synchronous,
      before: bareBefore.perSecond,
      after: bareAfter.perSecond,
    }
    const result: BurstResult = {
      count,
      seats: SEATS,
      perSecond: warm.perSecond,
      coldPerSecond: cold.perSecond,
      floorPerSecond: floor.perSecond,
      p50Ms: percentile(warm.latencies, 0.5),
      p99Ms: percentile(warm.latencies, 0.99),
      failures: warm.failures,
      confirmed: warm.confirmed,
      waiting: warm.waiting,
      bare,
      rssAfterMb,
    }
    log(
      `  ${Math.round(result.perSecond)} registrations/s (cold ${Math.round(cold.perSecond)}, HTTP floor ${Math.round(floor.perSecond)}; bare loop ${Math.round(bare.before)} and ${Math.round(bare.after)} rows/s), p99 ${Math.round(result.p99Ms)} ms, RSS ${rssAfterMb} MB`,
    )
    return result
  } finally {
    await server.stop()
    await smtp?.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** `npx tsx tests/bench/registration-burst.ts [count]`: the burst alone, its report line. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? 1000)
  const result = await measureRegistrationBurst(count, (line) => process.stderr.write(`${line}\n`), {
    mail: process.argv[3] !== 'no-mail',
  })
  console.log(JSON.stringify(result, null, 2))
}
