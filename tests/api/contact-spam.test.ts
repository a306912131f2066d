import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  countUnreadContactMessages,
  createContactMessage,
  findContactMessage,
  SPAM_KEEP_MS,
} from '#db/queries/contact.server'
import { purgeExpired } from '#db/queries/trash.server'
import { outboxMails } from '#db/schema'
import { type Account, addAccount, call, signIn, unique } from '../support/api'
import { recipientOf, startSmtpServer, type TestSmtpServer } from '../support/smtp'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * Nothing a person sends is dropped (docs/decisions/065-bot-messages-kept-as-spam.md): a message that trips
 * the bot checks is answered as any other, kept under Spam, notifies nobody, is deleted by the sweep 30
 * days later, and can be marked not spam, which makes it a new message and notifies the administrators
 * then. Notices go through a real SMTP server on loopback.
 */

let smtp: TestSmtpServer
let app: TestApp
let admin: Account
let token = ''

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await startTestApp({
    env: { RATE_LIMIT_SCALE: '100', SMTP_URL: smtp.url, MAIL_FROM: 'site@example.org' },
  })
  admin = await addAccount(app.db, { role: 'admin', name: 'Spam Admin', email: 'spam-admin@example.org' })
  await addAccount(app.db, { role: 'admin', name: 'Other Admin', email: 'spam-other@example.org' })
  token = (await signIn(app, admin.email)).token
})
afterAll(async () => {
  await app.close()
  await smtp.close()
})

/** The notices the outbox holds about one message (queued in the same transaction as the message). */
const noticesAbout = (id: string) =>
  app.db
    .select()
    .from(outboxMails)
    .where(and(eq(outboxMails.kind, 'contact-notification'), eq(outboxMails.subjectId, id)))
    .all()

const send = (json: Record<string, unknown>) => call(app, 'POST', '/api/contact', { json })
const ids = async (query: string) =>
  ((await call(app, 'GET', `/api/contact?${query}`, { token })).body.contacts as { _id: string }[]).map(
    (message) => message._id,
  )

describe('a message that trips the bot checks', () => {
  /** What each check catches, made when the test runs. */
  const bots = {
    honeypot: () => ({ website: 'https://cheap-pills.example' }),
    // Shown "now": the server's clock is at least as late, and the check allows 3 s.
    'too-fast': () => ({ formStartedAt: Date.now() }),
  }
  it.each(Object.keys(bots) as (keyof typeof bots)[])(
    'caught by %s: answered as any other, kept under Spam, out of the inbox, notifying nobody',
    async (reason) => {
      const bot = bots[reason]
      const tag = unique('bot')
      const human = await send({ name: 'Human', email: 'human@example.org', message: `${tag} human` })
      const unreadBefore = countUnreadContactMessages(app.db)
      const caught = await send({ name: 'Bot', email: 'bot@example.net', message: `${tag} bot`, ...bot() })

      // The answer tells a bot nothing: the same status, message and fields as a person's.
      expect(caught.status).toBe(201)
      expect(caught.body.message).toBe(human.body.message)
      expect(Object.keys(caught.body.contact).sort()).toEqual(Object.keys(human.body.contact).sort())
      expect(caught.body.contact).toMatchObject({ name: 'Bot', read: false })
      expect(caught.body.contact).not.toHaveProperty('status')

      const id = caught.body.contact._id
      expect(findContactMessage(app.db, id)).toMatchObject({ spam: true, spamReason: reason })
      expect(await ids(`search=${tag}`)).toEqual([human.body.contact._id])
      expect(await ids(`search=${tag}&status=all`)).toEqual([human.body.contact._id])
      expect(await ids(`search=${tag}&status=spam`)).toEqual([id])
      const detail = await call(app, 'GET', `/api/contact/${id}`, { token })
      expect(detail.body.contact).toMatchObject({ status: 'spam', spamReason: reason, read: false })
      expect(countUnreadContactMessages(app.db)).toBe(unreadBefore)
      // Notices for the person's message, none for the bot's: not queued, so never sent.
      expect(noticesAbout(human.body.contact._id)).toHaveLength(2)
      expect(noticesAbout(id)).toEqual([])
      await smtp.waitFor(
        (mail) => mail.subject === 'New message from Human' && mail.text?.includes(tag) === true,
      )
      await app.outboxDrained()
      expect(smtp.messages.filter((mail) => mail.text?.includes(`${tag} bot`))).toEqual([])
    },
  )

  it('"not spam" makes it a new message in the inbox and notifies the administrators then; logged', async () => {
    const tag = unique('rescued')
    const caught = await send({
      name: 'Hasty Person',
      email: 'hasty@example.org',
      message: `${tag} an extension filled the hidden field`,
      website: 'autofilled by a browser extension',
    })
    const id = caught.body.contact._id
    expect(noticesAbout(id)).toEqual([])

    const rescued = await call(app, 'PATCH', `/api/contact/${id}`, { token, json: { spam: false } })
    expect(rescued.body).toMatchObject({
      success: true,
      message: 'Marked as not spam',
      contact: { _id: id, status: 'new', read: false, spamReason: null },
    })
    expect(await ids(`search=${tag}`)).toEqual([id])
    expect(await ids(`search=${tag}&status=spam`)).toEqual([])
    expect(noticesAbout(id)).toHaveLength(2)
    const notices = await Promise.all(
      ['spam-admin@example.org', 'spam-other@example.org'].map((to) =>
        smtp.waitFor((mail) => recipientOf(mail) === to && mail.text?.includes(tag) === true),
      ),
    )
    for (const notice of notices) {
      expect(notice.subject).toBe('New message from Hasty Person')
      expect(notice.replyTo?.value[0]?.address).toBe('hasty@example.org')
    }
    const log = await call(app, 'GET', `/api/activity?action=not-spam&item=${id}`, { token })
    expect(log.body.entries).toMatchObject([{ actor: 'Spam Admin', itemTitle: 'Message from Hasty Person' }])
  })
})

describe('marking spam by hand', () => {
  it('moves a message out of the inbox; back again it is new, and not notified twice', async () => {
    const tag = unique('junk')
    const sent = await send({ name: 'Seller', email: 'seller@example.org', message: `${tag} buy now` })
    const id = sent.body.contact._id
    expect(noticesAbout(id)).toHaveLength(2)
    await call(app, 'PATCH', `/api/contact/${id}`, { token, json: { read: true } })

    const marked = await call(app, 'PATCH', `/api/contact/${id}`, { token, json: { spam: true } })
    expect(marked.body).toMatchObject({
      message: 'Marked as spam',
      contact: { status: 'spam', spamReason: 'marked' },
    })
    expect(await ids(`search=${tag}`)).toEqual([])
    expect(await ids(`search=${tag}&status=spam`)).toEqual([id])

    const back = await call(app, 'PATCH', `/api/contact/${id}`, { token, json: { spam: false, read: true } })
    expect(back.body).toMatchObject({
      message: 'Message updated',
      contact: { status: 'read', spamReason: null },
    })
    // The administrators heard of it when it came: no second notice.
    expect(noticesAbout(id)).toHaveLength(2)
    const log = await call(app, 'GET', `/api/activity?item=${id}`, { token })
    expect(log.body.entries.map((entry: { action: string }) => entry.action)).toEqual(['not-spam', 'spam'])
  })

  it('POST /api/contact/bulk spam and not-spam count the messages they moved', async () => {
    const tag = unique('bulkspam')
    const a = (await send({ name: 'A', email: 'a@example.org', message: tag })).body.contact._id
    const b = (await send({ name: 'B', email: 'b@example.org', message: tag })).body.contact._id
    const marked = await call(app, 'POST', '/api/contact/bulk', {
      token,
      json: { ids: [a, b, b, 'e'.repeat(24)], action: 'spam' },
    })
    expect(marked.body).toEqual({ success: true, message: 'Marked 2 messages as spam', count: 2 })
    expect((await ids(`search=${tag}&status=spam`)).sort()).toEqual([a, b].sort())
    const again = await call(app, 'POST', '/api/contact/bulk', { token, json: { ids: [a], action: 'spam' } })
    expect(again.body.count).toBe(0)
    const back = await call(app, 'POST', '/api/contact/bulk', {
      token,
      json: { ids: [a, b], action: 'not-spam' },
    })
    expect(back.body).toEqual({ success: true, message: 'Marked 2 messages as not spam', count: 2 })
    expect((await ids(`search=${tag}&status=new`)).sort()).toEqual([a, b].sort())
  })
})

describe('the sweep deletes spam 30 days after it was caught or marked', () => {
  it('purgeExpired with a clock: spam older than 30 days goes for good, the inbox and younger spam stay', () => {
    const now = Date.now()
    const day = 24 * 60 * 60 * 1000
    const at = (daysAgo: number) => new Date(now - daysAgo * day)
    const message = (name: string, receivedAt: Date, spamReason?: 'honeypot') =>
      createContactMessage(app.db, { name, email: 'old@example.org', message: 'x', receivedAt, spamReason })
        .id
    const oldSpam = message('Old spam', at(31), 'honeypot')
    const youngSpam = message('Young spam', at(29), 'honeypot')
    const oldInbox = message('Old inbox', at(90))
    // An old message marked spam today waits its own 30 days.
    const markedToday = message('Marked today', at(90))
    app.db.$client
      .prepare('UPDATE contact_messages SET spam = 1, spam_reason = ?, spam_at = ? WHERE id = ?')
      .run('marked', now, markedToday)

    const purged = purgeExpired(app.db, new Date(now))
    expect(purged.spam).toBeGreaterThanOrEqual(1)
    expect(findContactMessage(app.db, oldSpam)).toBeUndefined()
    for (const kept of [youngSpam, oldInbox, markedToday])
      expect(findContactMessage(app.db, kept)).toBeDefined()

    purgeExpired(app.db, new Date(now + SPAM_KEEP_MS - 60_000))
    expect(findContactMessage(app.db, markedToday)).toBeDefined()
    expect(findContactMessage(app.db, youngSpam)).toBeUndefined()
    purgeExpired(app.db, new Date(now + SPAM_KEEP_MS + 60_000))
    expect(findContactMessage(app.db, markedToday)).toBeUndefined()
    expect(findContactMessage(app.db, oldInbox)).toBeDefined()
  })
})
