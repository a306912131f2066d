import fs from 'node:fs'
import path from 'node:path'
import { createTicketKeys, loadTicketKeys } from '#server/auth/ticket-key.server'
import { freshDataDir, startServer } from '../support/server-process'
import { benchEvent } from './bench-event'
import { percentile } from './stats'

/**
 * The door's part of `npm run bench` (docs/decisions/079-ticket-keys.md): how many ticket codes the server
 * verifies a second (10,000 codes of 100 events, in this process, with the server's own code), and 1,000
 * attendees checked in one after another through the API of the production server, as one door phone
 * sends them: each scan's time from request to answer on loopback (p50, p99), every answer a 200.
 */

export type CheckInResult = {
  verified: number
  verifyPerSecond: number
  /** Codes with one changed byte, all refused. */
  forgedRefused: number
  attendees: number
  scanP50Ms: number
  scanP99Ms: number
  scansPerSecond: number
  failures: number
}

const ADMIN = { email: 'door-admin@example.org', password: 'door bench admin password' }
const hexId = (index: number) => index.toString(16).padStart(24, '0')

/** Verifies `count` codes of 100 events (each event's key derived once, then kept, as the server does). */
function measureVerify(count: number): { perSecond: number; forgedRefused: number } {
  const keys = createTicketKeys(new Uint8Array(32).fill(9))
  const codes = Array.from({ length: count }, (_, index) =>
    keys.sign({ eventId: hexId(index % 100), registrationId: hexId(1_000_000 + index), ticketVersion: 1 }),
  )
  const startedAt = performance.now()
  let valid = 0
  for (const code of codes) if (keys.verify(code)) valid++
  const seconds = (performance.now() - startedAt) / 1000
  if (valid !== count) throw new Error(`only ${valid} of ${count} codes verified`)
  // A changed character in the signature: every one refused.
  let forgedRefused = 0
  for (const code of codes.slice(0, 1000)) {
    const at = 60 + (code.length % 50)
    const forged = `${code.slice(0, at)}${code[at] === 'A' ? 'B' : 'A'}${code.slice(at + 1)}`
    if (!keys.verify(forged)) forgedRefused++
  }
  return { perSecond: count / seconds, forgedRefused }
}

export async function measureCheckIn(
  attendees: number,
  log: (line: string) => void,
  verifyCount = 10_000,
): Promise<CheckInResult> {
  log(`Check-in: verifying ${verifyCount} ticket codes...`)
  const verify = measureVerify(verifyCount)
  log(`  ${Math.round(verify.perSecond)} codes/s`)

  const dataDir = freshDataDir('chapter-bench-check-in-')
  const server = await startServer({
    dataDir,
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      RATE_LIMIT_SCALE: '1000000',
      LOG_LEVEL: 'info',
    },
    logFile: path.join(dataDir, 'server.log'),
  })
  try {
    const json = async (method: string, url: string, token: string | null, body?: unknown) => {
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }
    const { token } = (await json('POST', '/api/auth/login', null, ADMIN)).body as { token: string }
    const created = await json(
      'POST',
      '/api/events',
      token,
      benchEvent(
        { title: 'Door Bench Night', description: 'Everyone comes in.' },
        { enabled: true, capacity: null },
      ),
    )
    const eventId = (created.body.event as { _id: string })._id
    log(`Check-in: registering ${attendees} attendees...`)
    for (let start = 0; start < attendees; start += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, attendees - start) }, (_, offset) =>
          json('POST', `/api/events/${eventId}/registrations`, null, {
            name: `Attendee ${start + offset}`,
            email: `door-${start + offset}@example.org`,
            answers: {},
          }),
        ),
      )
    }
    const roster = await json('GET', `/api/events/${eventId}/check-ins/roster`, token)
    const people = roster.body.attendees as Array<{ id: string; ticketVersion: number }>
    // The codes the attendees hold: signed with the server's own master secret, from its data directory.
    const keys = loadTicketKeys({ dataDir })
    const codes = people.map((person) =>
      keys.sign({ eventId, registrationId: person.id, ticketVersion: person.ticketVersion }),
    )
    log(`Check-in: ${codes.length} scans, one after another...`)
    const latencies: number[] = []
    let failures = 0
    const startedAt = performance.now()
    for (const code of codes) {
      const sentAt = performance.now()
      const answer = await json('POST', `/api/events/${eventId}/check-ins`, token, {
        code,
        scanId: crypto.randomUUID(),
      })
      latencies.push(performance.now() - sentAt)
      if (answer.status !== 200) failures++
    }
    const seconds = (performance.now() - startedAt) / 1000
    const summary = await json('GET', `/api/events/${eventId}/check-ins/summary`, token)
    if (summary.body.checkedIn !== codes.length - failures)
      throw new Error(`summary says ${summary.body.checkedIn} checked in`)
    latencies.sort((a, b) => a - b)
    const result: CheckInResult = {
      verified: verifyCount,
      verifyPerSecond: verify.perSecond,
      forgedRefused: verify.forgedRefused,
      attendees: codes.length,
      scanP50Ms: percentile(latencies, 0.5),
      scanP99Ms: percentile(latencies, 0.99),
      scansPerSecond: codes.length / seconds,
      failures,
    }
    log(
      `  p50 ${result.scanP50Ms.toFixed(1)} ms, p99 ${result.scanP99Ms.toFixed(1)} ms, ${Math.round(result.scansPerSecond)} scans/s, ${failures} failures`,
    )
    return result
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** `npx tsx tests/bench/check-in.ts [attendees]`: the door's part alone, as JSON. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureCheckIn(Number(process.argv[2] ?? 1000), (line) =>
    process.stderr.write(`${line}\n`),
  )
  console.log(JSON.stringify(result, null, 2))
}
