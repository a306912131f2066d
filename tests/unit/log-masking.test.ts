import { randomBytes, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { newId } from '#db/ids.server'
import { newOneTimeToken } from '#server/auth/one-time-tokens.server'
import { isTokenShaped, maskTokens } from '#server/logger.server'

/** docs/decisions/031-request-logs.md: token-shaped parts of any log line are masked, by their shape, not by route. */

describe('token-shaped parts of log lines', () => {
  it('masks link tokens wherever a path or a query carries them, today’s routes and later ones', () => {
    for (let i = 0; i < 200; i++) {
      const { token } = newOneTimeToken()
      const hex = randomBytes(32).toString('hex')
      const code = 'aZ3kP9qL2x'
      for (const url of [
        `/invite/${token}`,
        `/reset-password/${token}`,
        `/api/invitations/${token}`,
        `/api/invitations/${token}/accept`,
        `/registrations/${hex}`,
        `/registrations/${token}?step=2`,
        `/confirm?token=${token}&next=%2F`,
        `/calendar/${token}.ics`,
        `/t/${code}`,
      ]) {
        const masked = maskTokens(url)
        expect(masked, url).not.toContain(token)
        expect(masked, url).not.toContain(hex)
        expect(masked, url).not.toContain(code)
        expect(masked, url).toContain('[token]')
      }
    }
  })

  it('masks a session token or UUID inside a JSON line, and keeps the rest of the line', () => {
    const jwt =
      'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJhYmMxMjMiLCJleHAiOjE3OTU2MTE2MDF9.Qw3n4ZxKp0f9uVbT2lX8sYhR1mJcD5aE6oG7iN'
    const uuid = randomUUID()
    const line = JSON.stringify({
      level: 50,
      req: { url: `/x?session=${jwt}`, id: 'abc' },
      msg: `see /y/${uuid}`,
    })
    const masked = maskTokens(line)
    for (const part of jwt.split('.')) expect(masked).not.toContain(part)
    expect(masked).not.toContain(uuid)
    expect(JSON.parse(masked)).toMatchObject({ level: 50, req: { id: 'abc' } })
  })

  it('keeps what is not a secret and an operator looks for: record ids, slugs, pages, dates, uploads, files', () => {
    const id = newId()
    for (const text of [
      `/api/events/${id}`,
      `/dashboard/events/edit-event/${id}`,
      '/application-for-technical-cosponsorship',
      '/call-for-extended-abstract',
      '/chapter/ieee-computer-society-buet',
      '/team-spark-21',
      '/api/contact/unread-count',
      '/api/events/myevents?page=2&pageSize=20&sort=-eventDate',
      '/dashboard/contact-list?status=unread&from=2026-11-01&to=2026-11-30',
      '/uploads/0123456789abcdef0123456789abcdef-320w.webp',
      '/srv/chapter-site/data/backups/chapter-2026-11-23T03-00-00-000Z.tar.gz',
      'at render (/srv/app/dist/server/chunks/chunk-ByHa7igj.js:12:34)',
      '"time":"2026-11-25T12:53:25.554Z","remoteAddress":"::ffff:127.0.0.1"',
    ])
      expect(maskTokens(text), text).toBe(text)
    // A search's words are masked, whatever they are: names, email and phone fragments.
    expect(maskTokens('/api/events/myevents?page=2&q=dhaka&sort=-eventDate')).toBe(
      '/api/events/myevents?page=2&q=[masked]&sort=-eventDate',
    )
    expect(isTokenShaped('acknowledgements')).toBe(false)
    expect(isTokenShaped(newOneTimeToken().token)).toBe(true)
  })
})
