import { afterAll, beforeAll, expect, test } from 'vitest'
import { createMailer } from '#server/mail/mailer.server'
import { startSmtpServer, type TestSmtpServer } from '../support/smtp'

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

test('a server that is down makes send throw instead of hanging', async () => {
  const down = await startSmtpServer()
  const url = down.url
  await down.close()
  const mailer = createMailer({ SMTP_URL: url, publicUrl: 'http://localhost' })
  await expect(mailer?.send({ to: 'a@b.test', subject: 'x', text: 'y' })).rejects.toThrow()
  mailer?.close()
})
