import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { databaseFileName } from '#db/client.server'
import { freshDataDir, startServer } from '../support/server-process'
import { startSmtpServer } from '../support/smtp'
import { benchEvent } from './bench-event'
import { residentMb, sampleResident } from './memory'
import { percentile } from './stats'

/**
 * Issuing certificates in the background, for `npm run bench` (docs/decisions/083-certificates-of-participation.md):
 * `count` checked-in attendees of one event get their certificate (PDF made, mail with it queued and sent
 * to an SMTP server on loopback), against the production server. Measured: the time per certificate (from
 * the request to the last one done, divided by the count), the server's peak RSS while issuing, and the
 * latency of a public page (GET /events, one request at a time) during the issuing, next to the same page
 * before it.
 */

export type CertificateIssuingResult = {
  count: number
  perCertificateMs: number
  totalSeconds: number
  failed: number
  peakRssMb: number
  rssBeforeMb: number
  /** GET /events before the issuing and during it (one request at a time). */
  eventsPage: {
    beforeP50Ms: number
    beforeP99Ms: number
    duringP50Ms: number
    duringP99Ms: number
    during: number
  }
  mailsReceived: number
}

const ADMIN = { email: 'certificates-admin@example.org', password: 'certificates admin password' }

/** GET `url` one at a time until `until()` says stop (or `count` requests): the latencies, sorted. */
async function pageLatencies(url: string, until: () => boolean, count = Number.POSITIVE_INFINITY) {
  const latencies: number[] = []
  while (!until() && latencies.length < count) {
    const startedAt = performance.now()
    const response = await fetch(url)
    await response.arrayBuffer()
    latencies.push(performance.now() - startedAt)
  }
  return latencies.sort((a, b) => a - b)
}

export async function measureCertificateIssuing(
  count: number,
  log: (line: string) => void,
  options: { defaultMalloc?: boolean } = {},
): Promise<CertificateIssuingResult> {
  const smtp = await startSmtpServer()
  const dataDir = freshDataDir('chapter-bench-certificates-')
  const server = await startServer({
    dataDir,
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      RATE_LIMIT_SCALE: '1000000',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'info',
      // glibc's malloc as deploy/chapter-site.service sets it (`default-malloc` measures its defaults).
      ...(options.defaultMalloc ? {} : { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }),
    },
    logFile: path.join(dataDir, 'server.log'),
  })
  const api = async (method: string, url: string, token?: string, body?: unknown) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    // biome-ignore lint/suspicious/noExplicitAny: the bench reads any field of the answer.
    return (await response.json()) as any
  }
  try {
    const { token } = await api('POST', '/api/auth/login', undefined, ADMIN)
    const created = await api(
      'POST',
      '/api/events',
      token,
      benchEvent(
        { title: 'Annual Programming Contest', description: 'Everyone came.', endTime: '16:00' },
        { enabled: true, capacity: null },
      ),
    )
    const eventId: string = created.event._id
    const names = ['মোহাম্মদ রাকিব হাসান', 'শ্রেয়া চক্রবর্তী', 'José Núñez Ødegård', 'Tanvir Ahmed']
    for (let index = 0; index < count; index++)
      await api('POST', `/api/events/${eventId}/registrations`, undefined, {
        name: `${names[index % names.length]} ${index}`,
        email: `attendee-${index}@example.org`,
        answers: {},
      })
    // Everyone came in at the door.
    const db = new Database(path.join(dataDir, databaseFileName))
    db.pragma('busy_timeout = 5000')
    db.prepare("UPDATE registrations SET checked_in_at = ?, checked_in_by = 'Door' WHERE event_id = ?").run(
      Date.now(),
      eventId,
    )
    db.close()
    const { templates } = await api('GET', '/api/certificate-templates', token)
    const templateId: string = templates[0]._id

    const pageUrl = `${server.url}/events`
    const before = await pageLatencies(pageUrl, () => false, 300)
    const pid = server.child.pid ?? 0
    const rssBeforeMb = residentMb(pid)
    const sampler = sampleResident(pid)
    log(`Certificates: issuing ${count} in the background...`)
    const startedAt = performance.now()
    let finished = false
    const during = pageLatencies(pageUrl, () => finished)
    const issued = await api('POST', `/api/events/${eventId}/certificates`, token, {
      templateId,
      role: 'participant',
    })
    if (issued.queued !== count) throw new Error(`queued ${issued.queued}, not ${count}`)
    let progress = { pending: count, done: 0, failed: 0 }
    while (progress.pending > 0) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      progress = (await api('GET', `/api/events/${eventId}/certificates`, token)).progress
    }
    const totalSeconds = (performance.now() - startedAt) / 1000
    finished = true
    const duringLatencies = await during
    sampler.stop()
    // The mails go out after their certificates: wait for the last (not part of the time per certificate).
    const certificateMails = () =>
      smtp.messages.filter((mail) => (mail.subject ?? '').startsWith('Your certificate')).length
    const deadline = Date.now() + 120_000
    while (certificateMails() < count && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250))
    const result: CertificateIssuingResult = {
      count,
      perCertificateMs: (totalSeconds * 1000) / count,
      totalSeconds,
      failed: progress.failed,
      peakRssMb: sampler.peakMb(),
      rssBeforeMb,
      eventsPage: {
        beforeP50Ms: percentile(before, 0.5),
        beforeP99Ms: percentile(before, 0.99),
        duringP50Ms: percentile(duringLatencies, 0.5),
        duringP99Ms: percentile(duringLatencies, 0.99),
        during: duringLatencies.length,
      },
      mailsReceived: certificateMails(),
    }
    log(
      `  ${result.perCertificateMs.toFixed(0)} ms per certificate (${totalSeconds.toFixed(1)} s), peak RSS ${result.peakRssMb} MB, GET /events p99 ${result.eventsPage.duringP99Ms.toFixed(1)} ms during (${result.eventsPage.beforeP99Ms.toFixed(1)} ms before)`,
    )
    return result
  } finally {
    await server.stop()
    await smtp.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** `npx tsx tests/bench/certificates.ts [count] [default-malloc]`: the issuing alone, as JSON. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureCertificateIssuing(
    Number(process.argv[2] ?? 500),
    (line) => process.stderr.write(`${line}\n`),
    { defaultMalloc: process.argv[3] === 'default-malloc' },
  )
  console.log(JSON.stringify(result, null, 2))
}
