import { type AddressInfo, createServer, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAccount, call, signIn } from '../support/api'
import { startSmtpServer, type TestSmtpServer } from '../support/smtp'
import { startTestApp, type TestApp } from '../support/test-app'
import { until } from '../support/until'

/** Invitation and reset emails through a real SMTP server on loopback; their links work once. */

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
    expect(invited).toMatchObject({ status: 201, body: { email: 'sent' } })
    const mail = await smtp.waitFor((m) => m.subject?.includes('invited') ?? false)
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
      body: { email: 'sent', chapter: { slug: 'mailed-chapter' } },
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

describe('when sending fails', () => {
  it('the invitation is stored all the same and the console gets the link', async () => {
    // A port nobody listens on: the connection is refused.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address()
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
      })
    })
    const broken = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } })
    try {
      const chapter = await addAccount(broken.db, { name: 'Unlucky', email: 'unlucky@example.org' })
      const session = await signIn(broken, chapter.email)
      const invited = await call(broken, 'POST', '/api/invitations', {
        token: session.token,
        json: { email: 'still-invited@example.org' },
      })
      expect(invited).toMatchObject({ status: 201, body: { email: 'failed' } })
      const token = new URL(invited.body.invitation.url).pathname.split('/').pop()
      expect((await call(broken, 'GET', `/api/invitations/${token}`)).status).toBe(200)
    } finally {
      await broken.close()
    }
  })
})
