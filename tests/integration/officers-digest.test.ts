import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Account, addOfficer, unique, validAttendee } from '../support/api'
import { createEvent, registerThroughApi, startRegistrationFixture } from '../support/registration-fixture'
import { daysFromToday } from '../support/site-clock'
import { recipientOf, startSmtpServer, type TestSmtpServer } from '../support/smtp'
import type { TestApp } from '../support/test-app'

/**
 * The event's officers' daily mail of new pending registrations (decision 097), through the outbox to a
 * real SMTP server on loopback: one a day at most per event, only what became pending since the last
 * one, nothing when there is nothing new. The test moves the rules' and the outbox's clock.
 */

const HOUR = 60 * 60 * 1000
let smtp: TestSmtpServer
let app: TestApp
let chapter: Account
let officer: string
let now = Date.now()
const secondOfficer = `${unique('second-officer')}@example.org`

beforeAll(async () => {
  smtp = await startSmtpServer()
  ;({ app, chapter, officer } = await startRegistrationFixture({
    app: {
      env: { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '100', PUBLIC_URL: 'https://chapter.example.org' },
      registrations: { now: () => now },
      outbox: { now: () => now },
    },
    chapter: { name: 'Digest Chapter', email: `${unique('digest')}@example.org` },
  }))
  await addOfficer(app.db, chapter.id, { name: 'Second Officer', email: secondOfficer })
})
afterAll(async () => {
  await app.close()
  await smtp.close()
})

async function eventWith(fees: number, title: string) {
  const event = await createEvent(app, officer, {
    title,
    fields: { eventDate: daysFromToday(30), title, fees },
    registration: { capacity: 10, paymentMethods: fees > 0 ? ['bkash'] : [] },
  })
  return event._id
}

async function register(eventId: string, name: string, paying: boolean) {
  const answer = await registerThroughApi(
    app,
    eventId,
    validAttendee({ name, ...(paying ? { paymentMethod: 'bkash', transactionId: unique('TX') } : {}) }),
  )
  expect(answer.status).toBe(201)
  expect(answer.body.registration.status).toBe(paying ? 'pending' : 'confirmed')
}

/** The officers' lists of this event received so far. */
const listsOf = (title: string) =>
  smtp.messages.filter(
    (mail) => (mail.subject ?? '').endsWith(`: ${title}`) && /pending/.test(mail.subject ?? ''),
  )

/** Runs the scheduler's round and waits until the outbox has sent what it queued. */
async function round() {
  app.registrations.runDue()
  app.outbox?.wake()
  await app.outboxDrained()
}

describe("the officers' daily mail of pending registrations", () => {
  it('lists new pending registrations to each officer, at most once a day, and nothing when none are new', async () => {
    const title = unique('Paid Workshop')
    const free = unique('Free Meetup')
    const eventId = await eventWith(100, title)
    const freeId = await eventWith(0, free)
    await register(eventId, 'Karim Hossain', true)
    await register(eventId, 'Salma Akter', true)
    await register(freeId, 'Rafiq Islam', false)

    await round()
    const first = listsOf(title)
    expect(first.map(recipientOf).sort()).toEqual([chapter.email, secondOfficer].sort())
    const mail = first[0] as ParsedMail
    expect(mail.subject).toBe(`2 new pending registrations: ${title}`)
    expect(mail.text).toContain('Karim Hossain')
    expect(mail.text).toContain('Salma Akter')
    expect(mail.text).toContain('pays by bKash')
    expect(mail.text).toContain(
      `https://chapter.example.org/dashboard/events/${eventId}/attendees?status=pending`,
    )
    // A free event's confirmed registrations wait for no one.
    expect(listsOf(free)).toEqual([])

    // Another an hour later: not before a day has passed since the last list.
    now += HOUR
    await register(eventId, 'Nusrat Jahan', true)
    await round()
    expect(listsOf(title)).toHaveLength(2)

    now += 24 * HOUR
    await round()
    const lists = listsOf(title)
    expect(lists).toHaveLength(4)
    const second = lists.slice(2)
    expect(second.map(recipientOf).sort()).toEqual([chapter.email, secondOfficer].sort())
    expect(second[0]?.subject).toBe(`1 new pending registration: ${title}`)
    expect(second[0]?.text).toContain('Nusrat Jahan')
    expect(second[0]?.text).not.toContain('Karim Hossain')

    // A day on with nothing new: no mail.
    now += 25 * HOUR
    await round()
    expect(listsOf(title)).toHaveLength(4)
    expect(listsOf(free)).toEqual([])
  })
})
