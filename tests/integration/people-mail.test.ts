import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAccount, call, signIn } from '../support/api'
import { startSmtpServer, type TestSmtpServer } from '../support/smtp'
import { startTestApp, type TestApp } from '../support/test-app'

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
    expect(text).toMatch(/expires on \d{1,2} \w+ \d{4}/)
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
