import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { site } from '#content/site'
import { migrateDatabase, openDatabase } from '#db/client.server'
import { enqueueOutboxMails } from '#db/queries/outbox.server'
import { createLogger } from '#server/logger.server'
import { createMailer } from '#server/mail/mailer.server'
import { OutboxWorker } from '#server/mail/outbox.server'
import { freshDataDir } from '../support/server-process'
import { startSmtpServer, type TestSmtpServer } from '../support/smtp'
import { until } from '../support/until'

let smtp: TestSmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(() => smtp.close())

test('without SMTP_URL there is no mailer', () => {
  expect(createMailer({ publicUrl: 'http://localhost:3000' })).toBeNull()
})

test('a message reaches a real SMTP server with its sender, reply address and both bodies', async () => {
  const mailer = createMailer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Chapter <noreply@chapter.test>',
    publicUrl: 'http://x',
  })
  if (!mailer) throw new Error('expected a mailer')
  await mailer.send({
    to: 'officer@chapter.test',
    subject: 'Hello',
    text: 'Open http://localhost:3000/some/long/link',
    html: '<p>Open <a href="http://localhost:3000/some/long/link">the link</a></p>',
    replyTo: 'visitor@example.org',
  })
  mailer.close()
  const mail = await smtp.waitFor((message) => message.subject === 'Hello')
  expect(mail.from?.text).toBe('"Chapter" <noreply@chapter.test>')
  expect(mail.replyTo?.text).toBe('visitor@example.org')
  expect(mail.text).toContain('http://localhost:3000/some/long/link')
  expect(mail.html).toContain('href="http://localhost:3000/some/long/link"')
})

test("without MAIL_FROM the sender is the site's name at noreply@ the public host", async () => {
  const mailer = createMailer({ SMTP_URL: smtp.url, publicUrl: 'https://chapter.example.org' })
  if (!mailer) throw new Error('expected a mailer')
  await mailer.send({ to: 'officer@chapter.test', subject: 'Default sender', text: 'x' })
  mailer.close()
  const mail = await smtp.waitFor((message) => message.subject === 'Default sender')
  expect(mail.from?.text).toBe(`"${site.chapterName}" <noreply@chapter.example.org>`)
})

test('a server that is down makes send throw instead of hanging', async () => {
  const down = await startSmtpServer()
  const url = down.url
  await down.close()
  const mailer = createMailer({ SMTP_URL: url, publicUrl: 'http://localhost' })
  await expect(mailer?.send({ to: 'a@b.test', subject: 'x', text: 'y' })).rejects.toThrow()
  mailer?.close()
})

test('the outbox holds mail back while the process is busy (a burst of registrations) and sends it after', async () => {
  const db = openDatabase(path.join(freshDataDir(), 'outbox.db'))
  migrateDatabase(db)
  const mailer = createMailer({ SMTP_URL: smtp.url, publicUrl: 'http://x' })
  if (!mailer) throw new Error('expected a mailer')
  let busy = true
  /** How many times the worker asked whether the process is busy: each ask is a mail held back. */
  let asked = 0
  const outbox = new OutboxWorker(db, mailer, createLogger('silent'), {
    busy: () => {
      asked++
      return busy
    },
  })
  try {
    enqueueOutboxMails(
      db,
      [
        {
          kind: 'registration-confirmed',
          to: 'held@example.org',
          subject: 'Held back',
          text: 'After the burst',
        },
      ],
      outbox.now(),
    )
    outbox.start()
    // Nothing goes while busy: once the worker has asked a few times (so holds the due mail back, inside
    // its 5-second hold), nothing has arrived.
    await until('the outbox to hold the mail back', () => (asked >= 3 ? true : undefined))
    expect(smtp.messages.some((message) => message.subject === 'Held back')).toBe(false)
    busy = false
    const mail = await smtp.waitFor((message) => message.subject === 'Held back')
    expect(mail.text).toContain('After the burst')
  } finally {
    await outbox.stop()
    db.$client.close()
  }
})
