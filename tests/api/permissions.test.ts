import fs from 'node:fs'
import path from 'node:path'
import { base64url, decodeJwt, SignJWT } from 'jose'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChapterInfo, findChapterInfo } from '#db/queries/chapter-info.server'
import { createContactMessage } from '#db/queries/contact.server'
import { createEvent, deleteEvent } from '#db/queries/events.server'
import { createExcomMember } from '#db/queries/excom.server'
import { saveRegistrationSettings } from '#db/queries/registrations.server'
import { deleteToTrash } from '#db/queries/trash.server'
import { chapterInfo } from '#db/schema'
import type { Account } from '../support/api'
import {
  addAccount,
  call,
  signIn,
  snapshot,
  startAppWithAccounts,
  unique,
  validAttendee,
  validChapterAccount,
  validContact,
  validEvent,
  validInfo,
  validMember,
  validRegistrationSettings,
} from '../support/api'
import type { TestApp } from '../support/test-app'

/**
 * The permission matrix of docs/decisions/013-permissions-on-the-server.md: every protected endpoint × every kind of caller, once with a
 * Bearer token and once with the session cookie (from the site's own origin). A refused request must
 * leave every table and the uploads folder exactly as they were.
 */

let app: TestApp
let chapterA: Account
let chapterB: Account
let admin: Account
let victim: Account
const tokens: Record<string, string | undefined> = {}
let png: Buffer

const VALID_CALLERS = ['chapter A', 'chapter B', 'admin'] as const
type ValidCaller = (typeof VALID_CALLERS)[number]
const INVALID_CALLERS = [
  'garbage token',
  'alg none token',
  'tampered payload',
  'wrong signature',
  'other algorithm (HS512)',
  'expired token',
  'wrong issuer and audience',
  'token after logout',
  'token of a deleted account',
] as const
const CALLERS = ['anonymous', ...VALID_CALLERS, ...INVALID_CALLERS] as const
type CallerName = (typeof CALLERS)[number]
const TRANSPORTS = ['bearer', 'cookie'] as const

beforeAll(async () => {
  const setup = await startAppWithAccounts(
    {
      'chapter A': { name: 'Chapter A', email: 'a@example.org' },
      'chapter B': { name: 'Chapter B', email: 'b@example.org' },
      admin: { role: 'admin', name: 'Admin', email: 'admin@example.org' },
      victim: { name: 'Victim', email: 'victim@example.org' },
    },
    VALID_CALLERS,
  )
  app = setup.app
  chapterA = setup.accounts['chapter A']
  chapterB = setup.accounts['chapter B']
  admin = setup.accounts.admin
  victim = setup.accounts.victim
  Object.assign(tokens, setup.tokens)
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
    .png()
    .toBuffer()

  const otherSecret = new Uint8Array(32).fill(7)
  const realSecret = new TextEncoder().encode(
    fs.readFileSync(path.join(app.ctx.env.dataDir, 'session-secret'), 'utf8').trim(),
  )
  const tokenA = tokens['chapter A'] ?? ''
  const claimsA = decodeJwt(tokenA)
  const adminSid = decodeJwt(tokens.admin ?? '').sid
  const [headerA, , signatureA] = tokenA.split('.')
  const encode = (value: object) => base64url.encode(JSON.stringify(value))

  tokens['garbage token'] = 'not-a-token'
  // Chapter A's live session, without a signature.
  tokens['alg none token'] = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claimsA)}.`
  // Chapter A's signature over a payload that now names the administrator's session.
  tokens['tampered payload'] = `${headerA}.${encode({ ...claimsA, sid: adminSid })}.${signatureA}`
  const sign = (claims: object, key: Uint8Array, alg = 'HS256') =>
    new SignJWT({ ...claims }).setProtectedHeader({ alg, typ: 'JWT' }).sign(key)
  tokens['wrong signature'] = await sign(claimsA, otherSecret)
  tokens['other algorithm (HS512)'] = await sign(claimsA, realSecret, 'HS512')
  const now = Math.floor(Date.now() / 1000)
  tokens['expired token'] = await sign({ ...claimsA, iat: now - 100, exp: now - 10 }, realSecret)
  tokens['wrong issuer and audience'] = await sign(
    { ...claimsA, iss: 'elsewhere', aud: 'elsewhere' },
    realSecret,
  )

  const loggedOut = await signIn(app, chapterA.email)
  await call(app, 'POST', '/api/auth/logout', { token: loggedOut.token })
  tokens['token after logout'] = loggedOut.token

  const doomed = await addAccount(app.db, { name: 'Doomed', email: 'doomed@example.org' })
  tokens['token of a deleted account'] = (await signIn(app, doomed.email)).token
  const deleted = await call(app, 'DELETE', `/api/users/${doomed.slug}`, { token: tokens.admin })
  expect(deleted.status).toBe(200)
})
afterAll(() => app.close())

// Targets: each cell gets its own, so an allowed delete does not change what the next caller meets.
const eventOfA = () => createEvent(app.db, chapterA.id, validEvent({ title: unique('Event of A') }))
const memberOfA = () => createExcomMember(app.db, chapterA.id, validMember({ name: unique('Member of A') }))
const infoOfA = () =>
  findChapterInfo(app.db, chapterA.id) ?? createChapterInfo(app.db, chapterA.id, validInfo())
const contactMessage = () => createContactMessage(app.db, validContact())
/** An event of chapter A, deleted by chapter A: an item of A's trash. */
const trashedEventOfA = () => {
  const event = eventOfA()
  const actor = { id: chapterA.personId, name: chapterA.name, chapterId: chapterA.id }
  const entry = {
    type: 'event' as const,
    itemId: event.id,
    title: event.title,
    chapterId: chapterA.id,
    actor,
  }
  return deleteToTrash(app.db, entry, (tx) => deleteEvent(tx, event.id)).trashItem.id
}
/** An event of chapter A with registration on this site and one registration: their ids. */
const registrationOfA = () => {
  const event = eventOfA()
  saveRegistrationSettings(app.db, event.id, validRegistrationSettings({ capacity: null }))
  const { registration } = app.registrations.register(event.id, validAttendee())
  return { eventId: event.id, registrationId: registration.id }
}
let bulkRegistration = { eventId: '', registrationId: '' }
let restoreTargets: string[] = []
let bulkTargets: string[] = []
const removeInfoOfChapters = () => {
  app.db.delete(chapterInfo).run()
}
const imageForm = () => {
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'pixel.png')
  return form
}

type Row = {
  endpoint: string
  /** Expected status for anonymous, chapter A, chapter B, admin; every invalid token is a 401. */
  expect: [number, number, number, number]
  path?: () => string | Promise<string>
  json?: () => unknown
  body?: () => FormData
  before?: () => void
  /** Allowed callers use a session of their own (logout ends it). */
  ownSession?: boolean
}

const rows: Row[] = [
  { endpoint: 'POST /api/auth/logout', expect: [401, 200, 200, 200], ownSession: true },
  { endpoint: 'GET /api/auth/me', expect: [401, 200, 200, 200] },
  { endpoint: 'GET /api/contact', expect: [401, 403, 403, 200] },
  {
    endpoint: 'PATCH /api/contact/:id',
    path: () => `/api/contact/${contactMessage().id}`,
    json: () => ({ read: true }),
    expect: [401, 403, 403, 200],
  },
  {
    endpoint: 'PATCH /api/contact/:id (assign)',
    path: () => `/api/contact/${contactMessage().id}`,
    json: () => ({ assigneeId: admin.id }),
    expect: [401, 403, 403, 200],
  },
  {
    endpoint: 'PATCH /api/contact/:id (not spam)',
    path: () =>
      `/api/contact/${createContactMessage(app.db, { ...validContact(), spamReason: 'honeypot' }).id}`,
    json: () => ({ spam: false }),
    expect: [401, 403, 403, 200],
  },
  {
    endpoint: 'POST /api/contact/:id/reply',
    path: () => `/api/contact/${contactMessage().id}/reply`,
    json: () => ({ text: 'Thank you for writing.' }),
    // This app has no mail server: the administrator passes the guard and is told so (409); the sending
    // itself is tested against a real SMTP server in contact-replies.test.ts.
    expect: [401, 403, 403, 409],
  },
  { endpoint: 'GET /api/contact/unread-count', expect: [401, 403, 403, 200] },
  {
    endpoint: 'GET /api/contact/:id',
    path: () => `/api/contact/${contactMessage().id}`,
    expect: [401, 403, 403, 200],
  },
  {
    endpoint: 'DELETE /api/contact/:id',
    path: () => `/api/contact/${contactMessage().id}`,
    expect: [401, 403, 403, 200],
  },
  {
    endpoint: 'POST /api/contact/bulk',
    // The messages exist before the snapshot that a refusal must leave unchanged.
    before: () => {
      bulkTargets = [contactMessage().id, contactMessage().id]
    },
    json: () => ({ ids: bulkTargets, action: 'delete' }),
    expect: [401, 403, 403, 200],
  },
  { endpoint: 'GET /api/settings/notifications', expect: [401, 403, 403, 200] },
  {
    endpoint: 'PUT /api/settings/notifications',
    json: () => ({ extraRecipients: ['board@example.org'] }),
    expect: [401, 403, 403, 200],
  },
  { endpoint: 'GET /api/events/myevents', expect: [401, 200, 200, 200] },
  { endpoint: 'POST /api/events', json: () => validEvent(), expect: [401, 201, 201, 201] },
  {
    endpoint: 'POST /api/events hosted by chapter A (chapterSlug)',
    json: () => validEvent({ chapterSlug: chapterA.slug }),
    expect: [401, 201, 403, 201],
  },
  {
    endpoint: 'POST /api/events hosted by the branch (chapterSlug null)',
    json: () => validEvent({ chapterSlug: null }),
    expect: [401, 403, 403, 201],
  },
  {
    endpoint: "PUT /api/events/:id (chapter A's) moved to chapter B",
    path: () => `/api/events/${eventOfA().id}`,
    json: () => validEvent({ chapterSlug: chapterB.slug }),
    expect: [401, 403, 403, 200],
  },
  {
    endpoint: "PUT /api/events/:id (chapter A's)",
    path: () => `/api/events/${eventOfA().id}`,
    json: () => validEvent({ title: 'Changed' }),
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "DELETE /api/events/:id (chapter A's)",
    path: () => `/api/events/${eventOfA().id}`,
    expect: [401, 200, 403, 200],
  },
  { endpoint: 'GET /api/chapters', expect: [401, 200, 200, 403] },
  {
    endpoint: 'POST /api/chapters',
    before: removeInfoOfChapters,
    json: () => validInfo(),
    expect: [401, 201, 201, 403],
  },
  {
    endpoint: "PUT /api/chapters/:id (chapter A's)",
    path: () => `/api/chapters/${infoOfA().id}`,
    json: () => validInfo({ aboutUs: 'Changed' }),
    expect: [401, 200, 403, 403],
  },
  { endpoint: 'GET /api/users', expect: [401, 403, 403, 200] },
  { endpoint: 'POST /api/users', json: () => validChapterAccount(), expect: [401, 403, 403, 201] },
  {
    endpoint: 'POST /api/users with officerEmail',
    json: () => {
      const { password: _, ...fields } = validChapterAccount()
      return { ...fields, officerEmail: `${unique('first-officer')}@example.org` }
    },
    expect: [401, 403, 403, 201],
  },
  {
    endpoint: 'PUT /api/users/:slug',
    path: () => `/api/users/${victim.slug}`,
    json: () => ({ name: 'Victim', email: victim.email, phone: '01711000000' }),
    expect: [401, 403, 403, 200],
  },
  {
    endpoint: 'DELETE /api/users/:slug',
    path: async () =>
      `/api/users/${(await addAccount(app.db, { name: unique('Gone'), email: `${unique('gone')}@example.org` })).slug}`,
    expect: [401, 403, 403, 200],
  },
  { endpoint: 'GET /api/excom', expect: [401, 200, 200, 403] },
  {
    endpoint: "GET /api/excom/member/:id (chapter A's)",
    path: () => `/api/excom/member/${memberOfA().id}`,
    expect: [401, 200, 403, 403],
  },
  { endpoint: 'POST /api/excom', json: () => validMember(), expect: [401, 201, 201, 403] },
  {
    endpoint: "PUT /api/excom/:id (chapter A's)",
    path: () => `/api/excom/${memberOfA().id}`,
    json: () => validMember({ designation: 'Treasurer' }),
    expect: [401, 200, 403, 403],
  },
  {
    endpoint: "DELETE /api/excom/:id (chapter A's)",
    path: () => `/api/excom/${memberOfA().id}`,
    expect: [401, 200, 403, 403],
  },
  { endpoint: 'POST /api/uploads', body: imageForm, expect: [401, 201, 201, 201] },
  { endpoint: 'GET /api/trash', expect: [401, 200, 200, 200] },
  {
    endpoint: "POST /api/trash/:id/restore (chapter A's)",
    path: () => `/api/trash/${trashedEventOfA()}/restore`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "POST /api/trash/restore (chapter A's)",
    before: () => {
      restoreTargets = [trashedEventOfA()]
    },
    json: () => ({ ids: restoreTargets }),
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: 'DELETE /api/trash/:id',
    path: () => `/api/trash/${trashedEventOfA()}`,
    expect: [401, 403, 403, 200],
  },
  { endpoint: 'GET /api/activity', expect: [401, 200, 200, 200] },
  { endpoint: 'GET /api/activity/export', expect: [401, 200, 200, 200] },
  { endpoint: 'GET /api/search', path: () => '/api/search?q=a', expect: [401, 200, 200, 200] },
  {
    endpoint: "GET /api/events/:id/registrations (chapter A's)",
    path: () => `/api/events/${registrationOfA().eventId}/registrations`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "GET /api/events/:id/registrations/export (chapter A's)",
    path: () => `/api/events/${registrationOfA().eventId}/registrations/export`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "PATCH /api/events/:id/registrations/:registrationId (chapter A's)",
    path: () => {
      const { eventId, registrationId } = registrationOfA()
      return `/api/events/${eventId}/registrations/${registrationId}`
    },
    json: () => ({ status: 'cancelled' }),
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "POST /api/events/:id/registrations/bulk (chapter A's)",
    before: () => {
      bulkRegistration = registrationOfA()
    },
    path: () => `/api/events/${bulkRegistration.eventId}/registrations/bulk`,
    json: () => ({ ids: [bulkRegistration.registrationId], status: 'cancelled' }),
    expect: [401, 200, 403, 200],
  },
  // Without a mail server the allowed callers hear that no message can be sent.
  {
    endpoint: "POST /api/events/:id/messages (chapter A's)",
    path: () => `/api/events/${registrationOfA().eventId}/messages`,
    json: () => ({ to: 'all', subject: 'Room change', text: 'Room 301 now.' }),
    expect: [401, 409, 403, 409],
  },
  {
    endpoint: "GET /api/events/:id/messages/:messageId (chapter A's)",
    path: () => `/api/events/${registrationOfA().eventId}/messages/${'0'.repeat(24)}`,
    expect: [401, 200, 403, 200],
  },
]

const expectedStatus = (row: Row, caller: CallerName): number => {
  const index = ['anonymous', ...VALID_CALLERS].indexOf(caller)
  return index < 0 ? 401 : (row.expect[index] ?? 0)
}

const uploadsListing = () => {
  const dir = path.join(app.ctx.env.dataDir, 'uploads')
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []
}

const matrixCells = rows.length * CALLERS.length * TRANSPORTS.length

describe(`permission matrix: ${rows.length} endpoints × ${CALLERS.length} callers × ${TRANSPORTS.length} transports = ${matrixCells} cells`, () => {
  it.each(rows)('$endpoint', async (row) => {
    const [method = '', pathTemplate = ''] = row.endpoint.split(' ')
    const actual: Record<string, number> = {}
    const expected: Record<string, number> = {}
    const changedByRefusal: string[] = []
    for (const transport of TRANSPORTS) {
      for (const caller of CALLERS) {
        row.before?.()
        const target = row.path ? await row.path() : pathTemplate
        let token = tokens[caller]
        if (row.ownSession && (VALID_CALLERS as readonly string[]).includes(caller)) {
          const email = { 'chapter A': chapterA, 'chapter B': chapterB, admin }[caller as ValidCaller].email
          token = (await signIn(app, email)).token
        }
        const credentials =
          token === undefined ? {} : transport === 'bearer' ? { token } : { cookie: `session=${token}` }
        const tablesBefore = snapshot(app.db)
        const uploadsBefore = uploadsListing()
        const answer = await call(app, method, target, {
          ...credentials,
          ...(transport === 'cookie' ? { origin: app.url } : {}),
          json: row.json?.(),
          body: row.body?.(),
        })
        const cell = `${transport} / ${caller}`
        actual[cell] = answer.status
        expected[cell] = expectedStatus(row, caller)
        if (answer.status === 401 || answer.status === 403) {
          expect(answer.body).toEqual({ success: false, message: expect.any(String) })
          if (JSON.stringify(snapshot(app.db)) !== JSON.stringify(tablesBefore)) changedByRefusal.push(cell)
          if (JSON.stringify(uploadsListing()) !== JSON.stringify(uploadsBefore))
            changedByRefusal.push(`${cell} (uploads)`)
        } else if (typeof answer.body === 'object') {
          expect(answer.body.success).toBe(answer.status < 400)
        } else {
          // The activity and attendees exports answer CSV.
          expect(answer.headers.get('content-type')).toMatch(/^text\/csv/)
        }
      }
    }
    expect(actual).toEqual(expected)
    expect(changedByRefusal).toEqual([])
  })

  afterAll(() => {
    console.log(`permission matrix: ${matrixCells} cells`)
  })
})
