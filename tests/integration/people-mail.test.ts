import { type AddressInfo, createServer, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAccount, call, signIn } from '../support/api'
import { closedPort, startSmtpServer, type TestSmtpServer } from '../support/smtp'
import { startTestApp, type TestApp } from '../support/test-app'
import { until } from '../support/until'

/**
 * Invitation and reset emails through the outbox to a real SMTP server on loopback; their links work once;
 * a mail server that is down gets them later (docs/decisions/104-link-mails-through-the-outbox.md).
 */

let smtp: TestSmtpServer
let app: TestApp
const NEW_PASSWORD = 'mailed passphrase 42'

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await startTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Chapter site <noreply@chapter.example.org>',
      RATE_LIMIT_SCALE: '100',
    },
  })
})
afterAll(async () => {
  await app.close()
  await smtp.close()
})

/** The outbox's rows of a kind, as the worker left them. */
const outboxRows = (app: TestApp, kind: string) =>
  app.db.$client
    .prepare(
      'SELECT subject_id AS subjectId, status, attempts, last_error AS lastError FROM outbox_mails WHERE kind = ?',
    )
    .all(kind) as { subjectId: string; status: string; attempts: number; lastError: string | null }[]

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`https?://\\S+/${path}/([A-Za-z0-9_-]{43})`).exec(text)
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`)
  return { url: match[0], token: match[1] }
}

describe('with SMTP_URL', () => {
  it('an invitation email arrives with the link, who sent it and when it expires; the link works once', async () => {
    const chapter = await addAccount(app.db, { name: 'Mail Chapter', email: 'mail-chapter@example.org' })
    const session = await signIn(app, chapter.email)
    const invited = await call(app, 'POST', '/api/invitations', {
      token: session.token,
      json: { email: 'new-officer@example.org' },
    })
    expect(invited).toMatchObject({ status: 201, body: { email: 'queued' } })
    const mail = await smtp.waitFor((m) => m.subject?.includes('invited') ?? false)
    // Through the outbox, as every mail: one row about the invitation, marked sent.
    await app.outboxDrained()
    expect(outboxRows(app, 'invitation')).toEqual([
      expect.objectContaining({ subjectId: invited.body.invitation._id, status: 'sent' }),
    ])
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('new-officer@example.org')
    expect(mail.from?.text).toContain('noreply@chapter.example.org')
    const text = mail.text ?? ''
    expect(text).toContain('Mail Chapter invited you to the officers of Mail Chapter')
    expect(text).toMatch(/expires on \w+day \d{1,2} \w+ \d{4}, \d{2}:\d{2} \([\w/]+ time\)/)
    const { url, token } = linkIn(text, 'invite')
    expect(url).toBe(invited.body.invitation.url)
    expect(mail.html).toContain(url)

    const accepted = await call(app, 'POST', `/api/invitations/${token}/accept`, {
      json: { name: 'New Officer', password: NEW_PASSWORD },
    })
    expect(accepted.status).toBe(201)
    const again = await call(app, 'POST', `/api/invitations/${token}/accept`, {
      json: { name: 'New Officer', password: NEW_PASSWORD },
    })
    expect(again.status).toBe(410)
  })

  it('adding a chapter with officerEmail mails its first officer the invitation; the link makes them its officer', async () => {
    const admin = await addAccount(app.db, {
      role: 'admin',
      name: 'Mail Admin',
      email: 'mail-admin@example.org',
    })
    const session = await signIn(app, admin.email)
    const created = await call(app, 'POST', '/api/users', {
      token: session.token,
      json: {
        name: 'Mailed Chapter',
        email: 'mailed-chapter@example.org',
        phone: '+880 1711-000000',
        officerEmail: 'mailed-officer@example.org',
      },
    })
    expect(created).toMatchObject({
      status: 201,
      body: { email: 'queued', chapter: { slug: 'mailed-chapter' } },
    })
    const mail = await smtp.waitFor((m) => m.subject === 'You are invited to the officers of Mailed Chapter')
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('mailed-officer@example.org')
    const text = mail.text ?? ''
    expect(text).toContain('Mail Admin invited you to the officers of Mailed Chapter')
    const { url, token } = linkIn(text, 'invite')
    expect(url).toBe(created.body.invitation.url)
    const accepted = await call(app, 'POST', `/api/invitations/${token}/accept`, {
      json: { name: 'Mailed Officer', password: NEW_PASSWORD },
    })
    expect(accepted).toMatchObject({ status: 201, body: { userInfo: { slug: 'mailed-chapter' } } })
    const officer = await signIn(app, 'mailed-officer@example.org', NEW_PASSWORD)
    expect((await call(app, 'GET', '/api/people', { token: officer.token })).body.people).toEqual([
      expect.objectContaining({ name: 'Mailed Officer', isYou: true }),
    ])
  })

  it('a reset email arrives for a known address only; its link works once and ends every session', async () => {
    const chapter = await addAccount(app.db, { name: 'Forgetful', email: 'forgetful@example.org' })
    const session = await signIn(app, chapter.email)
    const known = await call(app, 'POST', '/api/auth/forgot', { json: { email: 'Forgetful@Example.org' } })
    const unknown = await call(app, 'POST', '/api/auth/forgot', { json: { email: 'stranger@example.org' } })
    expect(known.body).toEqual(unknown.body)
    expect(known.body.mail).toBe('configured')
    const mail = await smtp.waitFor((m) => m.subject === 'Reset your password')
    await app.outboxDrained()
    expect(smtp.messages.filter((m) => m.subject === 'Reset your password')).toHaveLength(1)
    expect(outboxRows(app, 'password-reset')).toMatchObject([{ status: 'sent' }])
    const text = mail.text ?? ''
    expect(text).toContain('forgetful@example.org')
    expect(text).toMatch(/expires on/)
    const { token } = linkIn(text, 'reset-password')
    const reset = await call(app, 'POST', '/api/auth/reset', { json: { token, password: NEW_PASSWORD } })
    expect(reset.status).toBe(200)
    expect((await call(app, 'GET', '/api/auth/me', { token: session.token })).status).toBe(401)
    await signIn(app, chapter.email, NEW_PASSWORD)
    expect(
      (await call(app, 'POST', '/api/auth/reset', { json: { token, password: 'other passphrase 9' } }))
        .status,
    ).toBe(410)
  })
})

describe('forgot password answers before it works', () => {
  it('a known email is answered before its link is stored or its mail started: a failing store and a silent mail server change nothing in the answer', async () => {
    // A mail server that takes the connection and never says a word.
    const connections: Socket[] = []
    const silent = createServer((socket) => connections.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const port = (silent.address() as AddressInfo).port
    const lines: string[] = []
    const quiet = await startTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: 'error' },
      logStream: { write: (line: string) => lines.push(line) },
    })
    try {
      await addAccount(quiet.db, { name: 'Known', email: 'known@example.org' })
      const ask = (email: string) => call(quiet, 'POST', '/api/auth/forgot', { json: { email } })
      // The link cannot be stored: had the answer waited for that work, the failure would show in it.
      quiet.db.$client.exec(
        "CREATE TRIGGER refuse_resets BEFORE INSERT ON password_resets BEGIN SELECT RAISE(ABORT, 'no room for resets'); END",
      )
      const unknown = await ask('stranger@example.org')
      const known = await ask('known@example.org')
      expect(unknown).toMatchObject({ status: 200, body: { success: true, mail: 'configured' } })
      expect(known.status).toBe(unknown.status)
      expect(known.body).toEqual(unknown.body)
      // The work ran after the answer, failed, and was logged.
      const failure = await until('the failure logged', () =>
        lines.find((line) => line.includes('no room for resets')),
      )
      expect(JSON.parse(failure).msg).toBe('A password reset link could not be made')

      // Stored this time, and the mail is started at a server that never answers: the answer is the same.
      quiet.db.$client.exec('DROP TRIGGER refuse_resets')
      const again = await ask('known@example.org')
      expect(again.body).toEqual(unknown.body)
      await until('the mail started', () => connections[0])
      expect(quiet.db.$client.prepare('SELECT count(*) FROM password_resets').pluck().get()).toBe(1)
    } finally {
      await quiet.close()
      for (const socket of connections) socket.destroy()
      silent.close()
    }
  })
})

describe('when the mail server is down', () => {
  it('the invitation and the reset link are stored, their mails retried, and delivered once it is back', async () => {
    const port = await closedPort()
    const broken = await startTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, RATE_LIMIT_SCALE: '100' },
      outbox: { retryDelayMs: () => 200 },
    })
    let smtpBack: TestSmtpServer | undefined
    try {
      const chapter = await addAccount(broken.db, { name: 'Unlucky', email: 'unlucky@example.org' })
      const session = await signIn(broken, chapter.email)
      const invited = await call(broken, 'POST', '/api/invitations', {
        token: session.token,
        json: { email: 'still-invited@example.org' },
      })
      // The console gets the link at once, whatever the mail server does.
      expect(invited).toMatchObject({ status: 201, body: { email: 'queued' } })
      const { token } = linkIn(invited.body.invitation.url, 'invite')
      expect((await call(broken, 'GET', `/api/invitations/${token}`)).status).toBe(200)
      const known = await call(broken, 'POST', '/api/auth/forgot', { json: { email: chapter.email } })
      const unknown = await call(broken, 'POST', '/api/auth/forgot', {
        json: { email: 'nobody@example.org' },
      })
      expect(known.body).toEqual(unknown.body)

      // Each tried at least twice, the connection error kept, still waiting.
      const retried = () => [...outboxRows(broken, 'invitation'), ...outboxRows(broken, 'password-reset')]
      await until('both mails retried', () =>
        retried().length === 2 && retried().every((row) => row.attempts >= 2) ? true : undefined,
      )
      for (const row of retried()) {
        expect(row.status).toBe('pending')
        expect(row.lastError).toMatch(/ECONNREFUSED|connect/i)
      }

      smtpBack = await startSmtpServer(port)
      const invitation = await smtpBack.waitFor((m) => m.subject?.includes('invited') ?? false)
      expect(linkIn(invitation.text ?? '', 'invite').url).toBe(invited.body.invitation.url)
      const reset = await smtpBack.waitFor((m) => m.subject === 'Reset your password')
      expect(reset.to && 'text' in reset.to ? reset.to.text : '').toBe(chapter.email)
      await until('both marked sent', () =>
        retried().every((row) => row.status === 'sent') ? true : undefined,
      )
      expect(smtpBack.messages).toHaveLength(2)
    } finally {
      await broken.close()
      await smtpBack?.close()
    }
  })
})
