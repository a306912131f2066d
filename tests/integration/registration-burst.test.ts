import path from 'node:path'
import SQLite from 'better-sqlite3'
import type { ParsedMail } from 'mailparser'
import { afterAll, describe, expect, it } from 'vitest'
import { databaseFileName } from '#db/client.server'
import { call, clientOf, signIn, validEvent, validRegistrationSettings } from '../support/api'
import { outboxDrainedIn, type ServerProcess, startServer } from '../support/server-process'
import { daysFromToday } from '../support/site-clock'
import { closedPort, startSmtpServer, type TestSmtpServer } from '../support/smtp'

/**
 * A popular workshop opens: 1,000 registrations in the same moment for 100 seats, against the real server
 * process. Exactly 100 are confirmed and 900 wait in places 1 … 900; after `kill -9` every acknowledged
 * registration is still there, in the same place; and once the outbox drains (on the restarted server,
 * the mail server having been down before), each attendee has exactly one mail.
 */

const SEATS = 100
const BURST = 1_000
const ADMIN = { ADMIN_EMAIL: 'burst-admin@example.org', ADMIN_PASSWORD: 'burst admin password' }

const opened: { close: () => Promise<unknown> }[] = []
afterAll(async () => {
  for (const item of opened.reverse()) await item.close()
})

type Answer = { status: number; email: string; registration?: { status: string; position?: number } }

/** Sends every registration at once; each answer is noted the moment it arrives. */
function burst(url: string, eventId: string, emails: string[], onAnswer?: (answer: Answer) => void) {
  return Promise.all(
    emails.map(async (email, index): Promise<Answer> => {
      try {
        const response = await fetch(`${url}/api/events/${eventId}/registrations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // A plain name: one carrying an address is refused (docs/decisions/091-registration-names.md).
          body: JSON.stringify({ name: `Attendee ${index + 1}`, email, answers: {} }),
        })
        const body = (await response.json()) as { registration?: Answer['registration'] }
        const answer = { status: response.status, email, registration: body.registration }
        onAnswer?.(answer)
        return answer
      } catch {
        return { status: 0, email }
      }
    }),
  )
}

function rowsOf(dataDir: string, eventId: string) {
  const db = new SQLite(path.join(dataDir, databaseFileName), { readonly: true })
  try {
    return db
      .prepare(
        `SELECT email, status, CASE WHEN status = 'waitlisted' THEN (
           SELECT count(*) FROM registrations AS earlier
           WHERE earlier.event_id = r.event_id AND earlier.status = 'waitlisted' AND earlier.seq <= r.seq
         ) END AS place
         FROM registrations AS r WHERE event_id = ? ORDER BY seq`,
      )
      .all(eventId) as { email: string; status: string; place: number | null }[]
  } finally {
    db.close()
  }
}

const recipient = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? ''

async function eventFor(server: ServerProcess, token: string, title: string) {
  const created = await call(clientOf(server.url), 'POST', '/api/events', {
    token,
    json: {
      ...validEvent({ title, eventDate: daysFromToday(60) }),
      registration: validRegistrationSettings({ capacity: SEATS, questions: [] }),
    },
  })
  expect(created.status).toBe(201)
  return created.body.event._id as string
}

describe('a registration burst', () => {
  it(`${BURST} at once for ${SEATS} seats: ${SEATS} confirmed, ${BURST - SEATS} waiting in order; all kept through kill -9; one mail each`, async () => {
    // Mail cannot go out yet: every mail waits in the outbox through the crash.
    const smtpPort = await closedPort()
    const env = {
      ...ADMIN,
      SEED_DEMO: 'false',
      RATE_LIMIT_SCALE: '1000',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    }
    const first = await startServer({ env })
    opened.push({ close: () => first.stop('SIGKILL') })
    const { token } = await signIn(clientOf(first.url), ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)
    const eventId = await eventFor(first, token, 'Popular Workshop')

    const emails = Array.from({ length: BURST }, (_, index) => `burst-${index}@example.org`)
    const startedAt = performance.now()
    const answers = await burst(first.url, eventId, emails)
    const seconds = (performance.now() - startedAt) / 1000
    console.log(
      `[burst] ${BURST} registrations in ${seconds.toFixed(2)} s (${Math.round(BURST / seconds)}/s)`,
    )

    expect(answers.filter((answer) => answer.status !== 201)).toEqual([])
    const confirmed = answers.filter((answer) => answer.registration?.status === 'confirmed')
    const waiting = answers.filter((answer) => answer.registration?.status === 'waitlisted')
    expect(confirmed).toHaveLength(SEATS)
    expect(waiting).toHaveLength(BURST - SEATS)
    const places = waiting.map((answer) => answer.registration?.position ?? 0).sort((a, b) => a - b)
    expect(places).toEqual(Array.from({ length: BURST - SEATS }, (_, index) => index + 1))

    // A second burst on another event, killed half way: what was acknowledged must survive.
    const secondEventId = await eventFor(first, token, 'Second Workshop')
    const acknowledged: Answer[] = []
    let killed = false
    const secondBurst = burst(
      first.url,
      secondEventId,
      Array.from({ length: 300 }, (_, index) => `second-${index}@example.org`),
      (answer) => {
        if (answer.status === 201) acknowledged.push(answer)
        if (acknowledged.length >= 60 && !killed) {
          killed = true
          first.child.kill('SIGKILL')
        }
      },
    )
    await secondBurst
    expect(killed).toBe(true)
    await first.stop('SIGKILL')

    // Every acknowledged registration of the first burst is there, in its status and place.
    const kept = new Map(rowsOf(first.dataDir, eventId).map((row) => [row.email, row]))
    expect(kept.size).toBe(BURST)
    for (const answer of answers) {
      const row = kept.get(answer.email)
      expect(row?.status).toBe(answer.registration?.status)
      expect(row?.place ?? undefined).toBe(answer.registration?.position)
    }
    const secondKept = rowsOf(first.dataDir, secondEventId)
    const secondEmails = new Set(secondKept.map((row) => row.email))
    expect(acknowledged.filter((answer) => !secondEmails.has(answer.email))).toEqual([])
    const secondPlaces = secondKept.flatMap((row) => (row.place === null ? [] : [row.place]))
    expect(secondPlaces).toEqual(Array.from({ length: secondPlaces.length }, (_, index) => index + 1))
    expect(secondKept.filter((row) => row.status === 'confirmed').length).toBeLessThanOrEqual(SEATS)

    // The mail server is up now; the restarted server drains the outbox.
    const smtp: TestSmtpServer = await startSmtpServer(smtpPort)
    opened.push(smtp)
    const second = await startServer({ env, dataDir: first.dataDir })
    opened.push({ close: () => second.stop('SIGTERM') })
    const expected = BURST + secondKept.length
    const drainStartedAt = performance.now()
    const deadline = Date.now() + 300_000
    while (smtp.messages.length < expected && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250))
    const drainSeconds = (performance.now() - drainStartedAt) / 1000
    console.log(
      `[burst] ${smtp.messages.length} mails drained in ${drainSeconds.toFixed(1)} s (${Math.round(smtp.messages.length / drainSeconds)}/s)`,
    )
    // Nothing more comes after the drain: the outbox holds no mail still to send.
    await outboxDrainedIn(first.dataDir)
    const perRecipient = new Map<string, ParsedMail[]>()
    for (const mail of smtp.messages)
      perRecipient.set(recipient(mail), [...(perRecipient.get(recipient(mail)) ?? []), mail])
    expect(smtp.messages).toHaveLength(expected)
    for (const answer of answers) {
      const mails = perRecipient.get(answer.email) ?? []
      expect(mails).toHaveLength(1)
      const subject = mails[0]?.subject ?? ''
      if (answer.registration?.status === 'confirmed')
        expect(subject).toBe("You're registered: Popular Workshop")
      else expect(subject).toBe(`Waiting list, place ${answer.registration?.position}: Popular Workshop`)
    }
    for (const row of secondKept) expect(perRecipient.get(row.email)).toHaveLength(1)
  }, 420_000)
})
