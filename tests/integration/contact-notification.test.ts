import net from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { exponentialBackoff } from '#server/mail/outbox.server'
import { SHUTDOWN_GRACE_MS } from '#server/shutdown.server'
import { addAccount, call, clientOf, signIn } from '../support/api'
import { allowTimeForProcesses } from '../support/process-budget'
import { startServer } from '../support/server-process'
import { closedPort, recipientOf, startSmtpServer, type TestSmtpServer, until } from '../support/smtp'
import { startTestApp, type TestApp } from '../support/test-app'

allowTimeForProcesses()

/**
 * A new contact message is emailed to every administrator and extra recipient through the outbox, over a
 * real SMTP server on loopback; with that server down the message is kept and the mail retried until it
 * is back. Retries here wait 150 ms instead of minutes.
 */

const RETRY_MS = 150
const opened: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close()
})

async function smtpOn(port = 0): Promise<TestSmtpServer> {
  const smtp = await startSmtpServer(port)
  opened.push(smtp)
  return smtp
}

/**
 * A mail server that takes connections and never says a word: a send to it hangs (until the mailer's
 * timeout) while the test looks. Closing it ends the connections, and the sends fail.
 */
async function silentMailServer() {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => sockets.add(socket))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const silent = {
    port: (server.address() as net.AddressInfo).port,
    connections: () => sockets.size,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return silent
}

async function appWithMail(smtpPort: number, options: { maxAttempts?: number } = {}) {
  const app = await startTestApp({
    env: { RATE_LIMIT_SCALE: '100', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'site@example.org' },
    outbox: { retryDelayMs: () => RETRY_MS, maxAttempts: options.maxAttempts },
  })
  opened.push(app)
  await addAccount(app.db, { role: 'admin', name: 'Admin One', email: 'admin-one@example.org' })
  await addAccount(app.db, { role: 'admin', name: 'Admin Two', email: 'admin-two@example.org' })
  await addAccount(app.db, { name: 'A Chapter', email: 'chapter@example.org' })
  const admin = (await signIn(app, 'admin-one@example.org')).token
  return { app, admin }
}

const visitor = { name: 'Farhan Ahmed', email: 'farhan@example.net', message: 'Can our club join?\nThanks' }

const outboxOf = async (app: TestApp, admin: string) =>
  (await call(app, 'GET', '/api/settings/notifications', { token: admin })).body

type OutboxMail = { status: string; attempts: number; sentAt?: string | null }
const allSent = (body: { outbox: { pending: number; recent: OutboxMail[] } }) =>
  body.outbox.pending === 0 && body.outbox.recent.every((mail) => mail.status === 'sent')

describe('contact notifications through the outbox', () => {
  it('one mail per administrator and extra recipient, Reply-To the sender; a honeypot message sends none', async () => {
    const smtp = await smtpOn()
    const { app, admin } = await appWithMail(smtp.port)
    const saved = await call(app, 'PUT', '/api/settings/notifications', {
      token: admin,
      // An administrator's address in another case is not mailed twice.
      json: { extraRecipients: ['board@example.org', 'ADMIN-ONE@example.org'] },
    })
    expect(saved.body).toMatchObject({ success: true, mailConfigured: true })

    const sent = await call(app, 'POST', '/api/contact', { json: visitor })
    expect(sent.status).toBe(201)
    const recipients = ['admin-one@example.org', 'admin-two@example.org', 'board@example.org']
    for (const to of recipients) await smtp.waitFor((mail) => recipientOf(mail) === to)
    // Each mail is marked sent once the mail server took it: then none is sent again.
    await until(() => outboxOf(app, admin), allSent)
    expect(smtp.messages).toHaveLength(3)
    expect(smtp.messages.map(recipientOf).sort()).toEqual(recipients)
    for (const mail of smtp.messages) {
      expect(mail.replyTo?.value).toEqual([{ address: visitor.email, name: '' }])
      expect(mail.from?.value[0]?.address).toBe('site@example.org')
      expect(mail.subject).toBe('New message from Farhan Ahmed')
      expect(mail.text).toContain('Can our club join?\nThanks')
    }
    const outbox = await outboxOf(app, admin)
    expect(outbox.outbox).toMatchObject({ pending: 0, failed: 0 })
    expect(outbox.outbox.recent).toHaveLength(3)
    for (const mail of outbox.outbox.recent)
      expect(mail).toMatchObject({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null })

    const caught = await call(app, 'POST', '/api/contact', { json: { ...visitor, website: 'http://spam' } })
    expect(caught.status).toBe(201)
    // Mail is queued in the transaction that stores the message, before the answer: none was, none will go.
    expect((await outboxOf(app, admin)).outbox).toMatchObject({ pending: 0, recent: { length: 3 } })
    expect(smtp.messages).toHaveLength(3)
  })

  it("the visitor's answer never waits for the mail server: it comes while the mail is still being sent", async () => {
    const silent = await silentMailServer()
    const { app, admin } = await appWithMail(silent.port)
    // Closed before the app, so the hanging sends fail and the app stops at once.
    opened.push(silent)
    const sent = await call(app, 'POST', '/api/contact', { json: visitor })
    expect(sent.status).toBe(201)
    await vi.waitFor(() => expect(silent.connections()).toBeGreaterThan(0), { timeout: 10_000, interval: 20 })
    // The first send hangs on the silent server: no attempt has finished, yet the visitor had the answer.
    const { outbox } = await outboxOf(app, admin)
    expect(outbox).toMatchObject({ pending: 2, failed: 0 })
    for (const mail of outbox.recent) expect(mail).toMatchObject({ status: 'pending', attempts: 0 })
  })

  it('with the mail server down the message is stored, the mail retried, and delivered once it is back', async () => {
    const port = await closedPort()
    const { app, admin } = await appWithMail(port)
    const sent = await call(app, 'POST', '/api/contact', { json: visitor })
    expect(sent.status).toBe(201)
    const list = await call(app, 'GET', '/api/contact', { token: admin })
    expect(list.body.contacts).toMatchObject([{ name: visitor.name }])

    // At least two attempts each, the connection error recorded, still pending.
    const retrying = await until(
      () => outboxOf(app, admin),
      (body) => body.outbox.recent.every((mail: { attempts: number }) => mail.attempts >= 2),
    )
    expect(retrying.outbox).toMatchObject({ pending: 2, failed: 0 })
    for (const mail of retrying.outbox.recent) {
      expect(mail.status).toBe('pending')
      expect(mail.lastError).toMatch(/ECONNREFUSED|connect/i)
      expect(mail.nextAttemptAt).toEqual(expect.any(String))
    }

    const smtp = await smtpOn(port)
    await smtp.waitFor((mail) => recipientOf(mail) === 'admin-one@example.org')
    await smtp.waitFor((mail) => recipientOf(mail) === 'admin-two@example.org')
    // Each mail is marked sent once the mail server took it: then none is sent again.
    const delivered = await until(() => outboxOf(app, admin), allSent)
    expect(smtp.messages).toHaveLength(2)
    for (const mail of delivered.outbox.recent) {
      expect(mail.status).toBe('sent')
      expect(mail.sentAt).toEqual(expect.any(String))
    }
  })

  it('after the last attempt a mail is marked failed, with its error, and no longer tried', async () => {
    const port = await closedPort()
    const { app, admin } = await appWithMail(port, { maxAttempts: 3 })
    await call(app, 'POST', '/api/contact', { json: visitor })
    const failed = await until(
      () => outboxOf(app, admin),
      (body) => body.outbox.failed === 2,
    )
    expect(failed.outbox.pending).toBe(0)
    for (const mail of failed.outbox.recent)
      expect(mail).toMatchObject({
        status: 'failed',
        attempts: 3,
        nextAttemptAt: null,
        lastError: expect.any(String),
      })
    // With the mail server back, a new message wakes the outbox: its mails go, the failed ones stay untried.
    const smtp = await smtpOn(port)
    await call(app, 'POST', '/api/contact', { json: { ...visitor, name: 'Later Visitor' } })
    const after = await until(
      () => outboxOf(app, admin),
      (body) =>
        body.outbox.pending === 0 &&
        body.outbox.recent.filter((mail: OutboxMail) => mail.status === 'sent').length === 2,
    )
    expect(smtp.messages.map((mail) => mail.subject)).toEqual([
      'New message from Later Visitor',
      'New message from Later Visitor',
    ])
    expect(after.outbox.recent.filter((mail: OutboxMail) => mail.status === 'failed')).toMatchObject([
      { attempts: 3 },
      { attempts: 3 },
    ])
  })

  it('retries wait 1, 2, 4 … minutes, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((attempts) => exponentialBackoff(attempts) / 60_000)).toEqual([
      1, 2, 4, 8, 60, 60, 60,
    ])
  })
})

describe('the outbox in the server process', () => {
  it('a SIGTERM with mail waiting exits 0 at once; after a restart with the mail server up, it is delivered once', async () => {
    const port = await closedPort()
    const admin = { ADMIN_EMAIL: 'process-admin@example.org', ADMIN_PASSWORD: 'process admin password' }
    const env = { ...admin, SEED_DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${port}` }
    const first = await startServer({ env })
    const client = clientOf(first.url)
    expect((await call(client, 'POST', '/api/contact', { json: visitor })).status).toBe(201)
    const token = (await signIn(client, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD)).token
    const tried = await until(
      async () => (await call(client, 'GET', '/api/settings/notifications', { token })).body.outbox,
      (outbox) => outbox.recent[0]?.attempts >= 1,
    )
    expect(tried).toMatchObject({ pending: 1, recent: [{ status: 'pending', to: admin.ADMIN_EMAIL }] })
    // Waiting mail holds nothing open: the process is gone before the shutdown's cut-off would have come.
    const stoppingAt = performance.now()
    expect(await first.stop('SIGTERM')).toBe(0)
    expect(performance.now() - stoppingAt).toBeLessThan(SHUTDOWN_GRACE_MS)

    const smtp = await smtpOn(port)
    const second = await startServer({ env, dataDir: first.dataDir })
    opened.push({ close: async () => void (await second.stop('SIGTERM')) })
    const mail = await smtp.waitFor()
    expect(recipientOf(mail)).toBe(admin.ADMIN_EMAIL)
    expect(mail.replyTo?.value[0]?.address).toBe(visitor.email)
    const secondClient = clientOf(second.url)
    const secondToken = (await signIn(secondClient, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD)).token
    await until(
      async () =>
        (await call(secondClient, 'GET', '/api/settings/notifications', { token: secondToken })).body,
      allSent,
    )
    expect(smtp.messages).toHaveLength(1)
  })
})
