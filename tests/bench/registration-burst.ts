import fs from 'node:fs'
import path from 'node:path'
import { openDataDirDatabase } from '#db/client.server'
import { newId } from '#db/ids.server'
import { freshDataDir, startServer } from '../support/server-process'
import { startSmtpServer } from '../support/smtp'
import { residentMb } from './memory'

/**
 * The registration burst of `npm run bench` (docs/decisions/074-registration-burst-and-bench.md): a
 * popular workshop opens and `count` people register at once for 100 seats, against the production
 * server (mail on, to an SMTP server on loopback that the outbox sends to during the burst). Set against a
 * bare better-sqlite3 loop that inserts the same rows into the same table, one transaction each, with the
 * server's `synchronous` setting, on the same disk, in the same run: that ratio is the figure. Also the
 * requests' latencies and the server's RSS after the burst.
 */

export type BurstResult = {
  count: number
  seats: number
  /** Registrations answered per second, from the first request sent to the last answer. */
  perSecond: number
  p50Ms: number
  p99Ms: number
  /** Answers other than 201 (none expected). */
  failures: number
  confirmed: number
  waiting: number
  /** The bare loop (run just before and just after the burst, the two averaged): rows per second and its synchronous setting. */
  bare: { perSecond: number; synchronous: string; before: number; after: number }
  rssAfterMb: number
}

const SEATS = 100
const ADMIN = { email: 'burst-admin@example.org', password: 'burst admin password' }

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN

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
  const smtp = options.mail ? await startSmtpServer() : undefined
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
    // The disk's fsync time moves with whatever else the machine does: the loop runs on both sides of the burst.
    const bareBefore = bareInsertLoop(count)
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    const { token } = (await login.json()) as { token: string }
    const created = await fetch(`${server.url}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: 'Popular Workshop',
        startTime: '10:00',
        endTime: '12:00',
        eventDate: '2027-03-01',
        location: 'Dhaka',
        host: 'Bench Chapter',
        registrationMethod: 'Online',
        fees: 0,
        banner: 'https://images.example.org/banner.png',
        eventLink: 'https://www.facebook.com/events/1',
        description: 'A workshop everyone wants.',
        registration: { enabled: true, capacity: SEATS, waitlist: true },
      }),
    })
    const eventId = ((await created.json()) as { event: { _id: string } }).event._id
    log(`Registration burst: ${count} at once for ${SEATS} seats...`)
    const latencies: number[] = []
    let failures = 0
    let confirmed = 0
    let waiting = 0
    const startedAt = performance.now()
    await Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const sentAt = performance.now()
        try {
          const response = await fetch(`${server.url}/api/events/${eventId}/registrations`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              name: `Attendee ${index}`,
              email: `burst-${index}@example.org`,
              answers: {},
            }),
          })
          const body = (await response.json()) as { registration?: { status: string } }
          latencies.push(performance.now() - sentAt)
          if (response.status !== 201) failures++
          else if (body.registration?.status === 'confirmed') confirmed++
          else waiting++
        } catch {
          failures++
        }
      }),
    )
    const seconds = (performance.now() - startedAt) / 1000
    const rssAfterMb = residentMb(server.child.pid ?? 0)
    latencies.sort((a, b) => a - b)
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
      perSecond: count / seconds,
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      failures,
      confirmed,
      waiting,
      bare,
      rssAfterMb,
    }
    log(
      `  ${Math.round(result.perSecond)} registrations/s (bare loop ${Math.round(bare.before)} and ${Math.round(bare.after)} rows/s), p99 ${Math.round(result.p99Ms)} ms, RSS ${rssAfterMb} MB`,
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
