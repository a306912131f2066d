import fs from 'node:fs'
import path from 'node:path'
import { base64url, decodeJwt, SignJWT } from 'jose'
import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCertificateTemplate, saveCertificate } from '#db/queries/certificates.server'
import { createChapterInfo, findChapterInfo } from '#db/queries/chapter-info.server'
import { insertDoorLink } from '#db/queries/check-ins.server'
import { createCommittee } from '#db/queries/committees.server'
import { createContactMessage } from '#db/queries/contact.server'
import { createEvent, deleteEvent } from '#db/queries/events.server'
import { createExcomMember } from '#db/queries/excom.server'
import { createInvitation } from '#db/queries/invitations.server'
import { createPasswordReset } from '#db/queries/password-resets.server'
import { findPersonById } from '#db/queries/people.server'
import { insertPost } from '#db/queries/posts.server'
import { saveRegistrationSettings } from '#db/queries/registrations.server'
import { addRevision, listRevisions } from '#db/queries/revisions.server'
import { siteTextsItem } from '#db/queries/site-texts.server'
import { deleteToTrash } from '#db/queries/trash.server'
import { chapterInfo, type User } from '#db/schema'
import { DEFAULT_CERTIFICATE_DESIGN as DEFAULT_DESIGN, type EventInput, groupedSerial } from '#db/validation'
import { doorCookieName } from '#server/auth/door-access.server'
import { newOneTimeToken } from '#server/auth/one-time-tokens.server'
import { signClaims } from '#server/auth/tokens.server'
import { newSerial } from '#server/services/certificate-queue.server'
import { siteTextsOf } from '#server/services/site-texts.server'
import type { Account } from '../support/api'
import {
  addAccount,
  addOfficer,
  call,
  signIn,
  snapshot,
  startAppWithAccounts,
  TEST_PASSWORD,
  testPassword,
  UPCOMING_DATE,
  unique,
  validAttendee,
  validChapterAccount,
  validContact,
  validEvent,
  validInfo,
  validMember,
  validRegistrationSettings,
} from '../support/api'
import { apiRoutesOf } from '../support/mounted-routes'
import { startingSoon } from '../support/site-clock'
import type { TestApp } from '../support/test-app'

/**
 * The permission matrix of docs/decisions/013-permissions-on-the-server.md: every endpoint the API mounts ×
 * every kind of caller, once with a Bearer token and once with the session cookie (from the site's own
 * origin). A refused request must leave every table and the uploads folder exactly as they were. The
 * routes are read from the app's routers, so a route added without a row here fails the matrix.
 */

let app: TestApp
let chapterA: Account
let chapterB: Account
let admin: Account
let victim: Account
const tokens: Record<string, string | undefined> = {}
let png: Buffer
let pdf: Uint8Array

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
  const onePage = await PDFDocument.create()
  onePage.addPage([842, 595])
  pdf = await onePage.save()

  await forgeTokens()

  const loggedOut = await signIn(app, chapterA.email)
  await call(app, 'POST', '/api/auth/logout', { token: loggedOut.token })
  tokens['token after logout'] = loggedOut.token

  const doomed = await addAccount(app.db, { name: 'Doomed', email: 'doomed@example.org' })
  tokens['token of a deleted account'] = (await signIn(app, doomed.email)).token
  const deleted = await call(app, 'DELETE', `/api/users/${doomed.slug}`, { token: tokens.admin })
  expect(deleted.status).toBe(200)
})
afterAll(() => app.close())

/**
 * The forged tokens, made from the callers' live sessions: each would let its bearer in if the server
 * accepted it. Made again whenever a row ended those sessions, so a forged token is never refused merely
 * because the session it names is gone.
 */
async function forgeTokens() {
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
}

/** Signs a caller in again, after a call that ended their other sessions or changed their password. */
const renewSessions = async (caller: ValidCaller) => {
  app.db.$client.prepare('UPDATE users SET password_hash = ?').run(await testPassword())
  tokens[caller] = (await signIn(app, emailOf(caller))).token
  await forgeTokens()
}
const emailOf = (caller: ValidCaller) =>
  ({ 'chapter A': chapterA, 'chapter B': chapterB, admin })[caller].email
const isValidCaller = (caller: CallerName): caller is ValidCaller =>
  (VALID_CALLERS as readonly string[]).includes(caller)

/** The id of a new session of this person (as GET /api/auth/sessions names it). */
const newSessionOf = async (email: string) => {
  const session = await signIn(app, email)
  const list = await call(app, 'GET', '/api/auth/sessions', { token: session.token })
  return list.body.sessions.find((entry: { isCurrent: boolean }) => entry.isCurrent)._id as string
}

// Targets: each cell gets its own, so an allowed delete does not change what the next caller meets.
const eventOfA = (fields: Partial<EventInput> = {}) =>
  createEvent(
    app.db,
    chapterA.id,
    validEvent({ title: unique('Event of A'), eventDate: UPCOMING_DATE, ...fields }),
  )
const memberOfA = () => createExcomMember(app.db, chapterA.id, validMember({ name: unique('Member of A') }))
const infoOfA = () =>
  findChapterInfo(app.db, chapterA.id) ?? createChapterInfo(app.db, chapterA.id, validInfo())
const contactMessage = () => createContactMessage(app.db, validContact())
/** A draft post of chapter A with its first revision: its id and the revision's. */
/** Years no committee has: each fixture and each create takes its own, so none meets a 409. */
let committeeYear = 2060
/** A committee of the region with a revision (published, so anyone may read it). */
const committeeFixture = () => {
  const now = new Date()
  const content = {
    title: unique('Matrix committee'),
    status: 'published' as const,
    intro: null,
    groups: [{ id: 'members', title: 'Members', featured: false }],
    members: [],
  }
  const committee = createCommittee(app.db, { kind: 'sac', year: committeeYear++, ...content }, now)
  const revision = addRevision(
    app.db,
    { type: 'committee', id: committee.id },
    content,
    { id: null, name: 'Test' },
    now,
  )
  return { id: committee.id, revisionId: revision.id }
}

const draftPostOfA = () => {
  const now = new Date()
  const post = insertPost(app.db, {
    title: unique('Draft of A'),
    slug: unique('draft-of-a')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-'),
    summary: 'A summary.',
    body: 'A body.',
    authorId: chapterA.personId,
    authorName: chapterA.name,
    chapterId: chapterA.id,
    status: 'draft',
  })
  const revision = addRevision(
    app.db,
    { type: 'post', id: post.id },
    { body: 'A body.' },
    { id: null, name: 'Test' },
    now,
  )
  return { id: post.id, revisionId: revision.id }
}
const validPost = (status = 'draft') => ({
  title: unique('Post'),
  summary: 'Summary.',
  body: 'Body.',
  status,
})
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
const registrationOfA = (fields: Partial<EventInput> = {}) => {
  const event = eventOfA(fields)
  saveRegistrationSettings(app.db, event.id, validRegistrationSettings({ capacity: null }))
  const { registration } = app.registrations.register(event.id, validAttendee())
  lastRegistrationId = registration.id
  return { eventId: event.id, registrationId: registration.id }
}
/**
 * The manage link's token of a registration to an event of chapter A, or (`offered`) of one on the
 * waiting list whose seat is now offered (the one seat's holder cancelled).
 */
const manageToken = (state: 'confirmed' | 'offered' = 'confirmed') => {
  const tokenOf = (manageUrl: string) => manageUrl.slice(manageUrl.lastIndexOf('/') + 1)
  const event = eventOfA()
  saveRegistrationSettings(app.db, event.id, validRegistrationSettings({ capacity: 1 }))
  const seated = tokenOf(app.registrations.register(event.id, validAttendee()).manageUrl)
  if (state === 'confirmed') return seated
  const waiting = tokenOf(app.registrations.register(event.id, validAttendee()).manageUrl)
  app.registrations.cancelByAttendee(seated)
  return waiting
}
/** A certificate template of chapter A. */
const templateOfA = () =>
  createCertificateTemplate(app.db, chapterA.id, { name: unique('Template of A'), design: DEFAULT_DESIGN })
/** A certificate issued for a registration to an event of chapter A: its grouped serial. */
const certificateOfA = () => {
  const { eventId, registrationId } = registrationOfA()
  const certificate = saveCertificate(
    app.db,
    {
      eventId,
      registrationId,
      templateId: null,
      name: 'Attendee',
      role: 'participant',
      place: '',
      eventTitle: 'Event of A',
      eventDate: '2026-12-07',
      chapterName: chapterA.name,
      logo: '',
      design: JSON.stringify(DEFAULT_DESIGN),
      uploads: '[]',
      issuedAt: new Date(),
    },
    newSerial(),
  )
  return groupedSerial(certificate.serial)
}
let issueTemplateId = ''
let bulkRegistration = { eventId: '', registrationId: '' }
let restoreTargets: string[] = []
let bulkTargets: string[] = []
const removeInfoOfChapters = () => {
  app.db.delete(chapterInfo).run()
}
/** A pending invitation to chapter A, or (`admin`) to become an administrator: its id and link token. */
const invitation = (role: 'officer' | 'admin' = 'officer') => {
  const { token, hash } = newOneTimeToken()
  const created = createInvitation(app.db, {
    tokenHash: hash,
    email: `${unique('invitee')}@example.org`.toLowerCase(),
    role,
    chapterId: role === 'officer' ? chapterA.id : null,
    invitedBy: findPersonById(app.db, admin.personId) as User,
  })
  return { id: created.id, token }
}
const officerOfA = () =>
  addOfficer(app.db, chapterA.id, { name: 'Target', email: `${unique('target')}@example.org`.toLowerCase() })
const anotherAdmin = () =>
  addAccount(app.db, {
    role: 'admin',
    name: 'Other Admin',
    email: `${unique('admin')}@example.org`.toLowerCase(),
  })
/** A usable reset link of a new officer of chapter A. */
const resetToken = async () => {
  const { token, hash } = newOneTimeToken()
  createPasswordReset(app.db, (await officerOfA()).id, hash)
  return token
}
const imageForm = () => {
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'pixel.png')
  return form
}
const pdfForm = () => {
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'background.pdf')
  return form
}

/**
 * Door links of a new event of chapter A with a confirmed registration: one that works, one expired, one
 * revoked, and one of another event of chapter A (docs/decisions/080-door-links.md).
 */
const doorLinksOfA = () => {
  // Within the day: door links open 24 hours before the start (docs/decisions/089-door-link-window.md).
  const { eventId, registrationId } = registrationOfA(startingSoon())
  const other = eventOfA(startingSoon())
  const link = (forEvent: string, fields: { expiresAt?: Date; revokedAt?: Date } = {}) =>
    insertDoorLink(app.db, {
      eventId: forEvent,
      label: unique('Door'),
      tokenHash: newOneTimeToken().hash,
      pinHash: 'unused:unused',
      createdById: chapterA.personId,
      createdByName: chapterA.name,
      expiresAt: fields.expiresAt ?? new Date(Date.now() + 60 * 60_000),
      revokedAt: fields.revokedAt ?? null,
    })
  return {
    eventId,
    registrationId,
    links: {
      valid: link(eventId),
      expired: link(eventId, { expiresAt: new Date(Date.now() - 60_000) }),
      revoked: link(eventId, { revokedAt: new Date() }),
      'other event': link(other.id),
    },
  }
}

/** The check-in routes of a new event of chapter A; `allowed` is the status of those who may. */
const checkInRows: Array<Omit<Row, 'expect'> & { allowed: number; door: (ids: DoorTarget) => string }> = [
  {
    endpoint: "POST /api/events/:id/check-ins (chapter A's)",
    door: ({ eventId }) => `/api/events/${eventId}/check-ins`,
    path: () => `/api/events/${registrationOfA().eventId}/check-ins`,
    json: () => ({ registrationId: lastRegistrationId }),
    allowed: 200,
  },
  {
    endpoint: "DELETE /api/events/:id/check-ins/:registrationId (chapter A's)",
    door: ({ eventId, registrationId }) => `/api/events/${eventId}/check-ins/${registrationId}`,
    path: () => {
      const { eventId, registrationId } = registrationOfA()
      return `/api/events/${eventId}/check-ins/${registrationId}`
    },
    allowed: 200,
  },
  {
    endpoint: "GET /api/events/:id/check-ins/roster (chapter A's)",
    door: ({ eventId }) => `/api/events/${eventId}/check-ins/roster`,
    path: () => `/api/events/${registrationOfA().eventId}/check-ins/roster`,
    allowed: 200,
  },
  {
    endpoint: "GET /api/events/:id/check-ins/summary (chapter A's)",
    door: ({ eventId }) => `/api/events/${eventId}/check-ins/summary`,
    path: () => `/api/events/${registrationOfA().eventId}/check-ins/summary`,
    allowed: 200,
  },
  {
    endpoint: "GET /api/events/:id/check-ins/search (chapter A's)",
    door: ({ eventId }) => `/api/events/${eventId}/check-ins/search?q=a`,
    path: () => `/api/events/${registrationOfA().eventId}/check-ins/search?q=a`,
    allowed: 200,
  },
]
type DoorTarget = { eventId: string; registrationId: string }
/** The registration of the last registrationOfA(), for a body that names it. */
let lastRegistrationId = ''

type Row = {
  /** `METHOD /api/route` as the router names it, then what the row is about, if the route has several rows. */
  endpoint: string
  /**
   * Expected status for anonymous, chapter A, chapter B, admin; every invalid token is a 401, or on an
   * `open` route the anonymous caller's status.
   */
  expect: [number, number, number, number]
  /** Anyone may call it: an invalid token counts as no token. */
  open?: boolean
  path?: (caller: CallerName) => string | Promise<string>
  json?: () => unknown | Promise<unknown>
  body?: () => FormData
  before?: () => void
  /** Allowed callers use a session of their own (logout ends it). */
  ownSession?: boolean
  /** After an allowed call of a caller (one that ended their other sessions or changed their password). */
  after?: (caller: ValidCaller) => Promise<void>
}

const rows: Row[] = [
  { endpoint: 'GET /api/health', open: true, expect: [200, 200, 200, 200] },
  {
    endpoint: 'POST /api/auth/login',
    open: true,
    json: () => ({ email: victim.email, password: TEST_PASSWORD }),
    expect: [200, 200, 200, 200],
    // A sign-in ends the session of the cookie it comes with.
    ownSession: true,
  },
  { endpoint: 'POST /api/auth/logout', expect: [401, 200, 200, 200], ownSession: true },
  { endpoint: 'GET /api/auth/me', expect: [401, 200, 200, 200] },
  { endpoint: 'PATCH /api/auth/me', json: () => ({ name: unique('Name') }), expect: [401, 200, 200, 200] },
  {
    endpoint: 'POST /api/auth/password',
    json: () => ({ currentPassword: TEST_PASSWORD, newPassword: 'a changed passphrase 8' }),
    expect: [401, 200, 200, 200],
    ownSession: true,
    after: renewSessions,
  },
  {
    endpoint: 'POST /api/auth/forgot',
    open: true,
    json: () => ({ email: `${unique('forgot')}@example.org` }),
    expect: [200, 200, 200, 200],
  },
  {
    endpoint: 'POST /api/auth/reset',
    open: true,
    json: async () => ({ token: await resetToken(), password: 'a reset passphrase 6' }),
    expect: [200, 200, 200, 200],
  },
  { endpoint: 'GET /api/auth/sessions', expect: [401, 200, 200, 200] },
  {
    endpoint: "DELETE /api/auth/sessions/:id (another of the caller's)",
    path: async (caller) =>
      `/api/auth/sessions/${await newSessionOf(isValidCaller(caller) ? emailOf(caller) : victim.email)}`,
    expect: [401, 200, 200, 200],
  },
  {
    endpoint: "DELETE /api/auth/sessions/:id (an administrator's)",
    path: async () => `/api/auth/sessions/${await newSessionOf(admin.email)}`,
    expect: [401, 404, 404, 200],
  },
  {
    endpoint: 'DELETE /api/auth/sessions (all but this one)',
    expect: [401, 200, 200, 200],
    ownSession: true,
    after: renewSessions,
  },
  { endpoint: 'POST /api/contact', open: true, json: validContact, expect: [201, 201, 201, 201] },
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
  { endpoint: 'GET /api/events', open: true, expect: [200, 200, 200, 200] },
  {
    endpoint: "GET /api/events/:id (chapter A's)",
    open: true,
    path: () => `/api/events/${eventOfA().id}`,
    expect: [200, 200, 200, 200],
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
  {
    endpoint: "GET /api/chapters/:slug (chapter A's)",
    open: true,
    path: () => `/api/chapters/${chapterA.slug}`,
    expect: [200, 200, 200, 200],
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
  { endpoint: 'GET /api/certificate-templates', expect: [401, 200, 200, 200] },
  {
    endpoint: 'POST /api/certificate-templates (own chapter, or site-wide for an administrator)',
    json: () => ({ name: unique('Template'), design: DEFAULT_DESIGN }),
    expect: [401, 201, 201, 201],
  },
  {
    endpoint: 'POST /api/certificate-templates/preview',
    json: () => ({ design: DEFAULT_DESIGN }),
    expect: [401, 200, 200, 200],
  },
  {
    endpoint: 'POST /api/certificate-templates/preview (the sample PDF)',
    path: () => '/api/certificate-templates/preview?format=pdf',
    json: () => ({ design: DEFAULT_DESIGN }),
    expect: [401, 200, 200, 200],
  },
  {
    endpoint: "GET /api/certificate-templates/:id (chapter A's)",
    path: () => `/api/certificate-templates/${templateOfA().id}`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "PUT /api/certificate-templates/:id (chapter A's)",
    path: () => `/api/certificate-templates/${templateOfA().id}`,
    json: () => ({ name: unique('Renamed'), design: DEFAULT_DESIGN }),
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "DELETE /api/certificate-templates/:id (chapter A's)",
    path: () => `/api/certificate-templates/${templateOfA().id}`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "POST /api/events/:id/certificates (chapter A's, with A's template)",
    before: () => {
      issueTemplateId = templateOfA().id
    },
    path: () => `/api/events/${registrationOfA().eventId}/certificates`,
    json: () => ({ templateId: issueTemplateId, role: 'participant' }),
    expect: [401, 202, 403, 202],
    after: () => app.certificates.idle(),
  },
  {
    endpoint: "GET /api/events/:id/certificates (chapter A's)",
    path: () => `/api/events/${registrationOfA().eventId}/certificates`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: 'GET /api/certificates/:serial',
    open: true,
    path: () => `/api/certificates/${certificateOfA()}`,
    expect: [200, 200, 200, 200],
  },
  {
    endpoint: "GET /api/certificates/:serial/pdf (chapter A's)",
    path: () => `/api/certificates/${certificateOfA()}/pdf`,
    expect: [401, 200, 403, 200],
  },
  {
    // Allowed callers meet the missing mail server (no SMTP_URL here): 409, after the permission check.
    endpoint: "POST /api/certificates/:serial/mail (chapter A's)",
    path: () => `/api/certificates/${certificateOfA()}/mail`,
    expect: [401, 409, 403, 409],
  },
  {
    endpoint: "DELETE /api/certificates/:serial (chapter A's)",
    path: () => `/api/certificates/${certificateOfA()}`,
    expect: [401, 200, 403, 200],
  },
  { endpoint: 'GET /api/posts', open: true, expect: [200, 200, 200, 200] },
  { endpoint: 'POST /api/posts (a draft)', json: () => validPost(), expect: [401, 201, 201, 201] },
  {
    endpoint: 'POST /api/posts (published)',
    json: () => validPost('published'),
    expect: [401, 403, 403, 201],
  },
  {
    endpoint: "GET /api/posts/:id (chapter A's draft)",
    path: () => `/api/posts/${draftPostOfA().id}`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "PUT /api/posts/:id (chapter A's draft)",
    path: () => `/api/posts/${draftPostOfA().id}`,
    json: () => ({ title: unique('Changed') }),
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "POST /api/posts/:id/submit (chapter A's draft)",
    path: () => `/api/posts/${draftPostOfA().id}/submit`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "DELETE /api/posts/:id (chapter A's draft)",
    path: () => `/api/posts/${draftPostOfA().id}`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "GET /api/posts/:id/revisions (chapter A's draft)",
    path: () => `/api/posts/${draftPostOfA().id}/revisions`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "POST /api/posts/:id/revisions/:revisionId/restore (chapter A's draft)",
    path: () => {
      const { id, revisionId } = draftPostOfA()
      return `/api/posts/${id}/revisions/${revisionId}/restore`
    },
    expect: [401, 200, 403, 200],
  },
  { endpoint: 'GET /api/committees', open: true, expect: [200, 200, 200, 200] },
  {
    endpoint: 'POST /api/committees',
    json: () => ({ kind: 'web-it', year: committeeYear++ }),
    expect: [401, 403, 403, 201],
  },
  {
    endpoint: 'GET /api/committees/:id (published)',
    open: true,
    path: () => `/api/committees/${committeeFixture().id}`,
    expect: [200, 200, 200, 200],
  },
  {
    endpoint: 'PUT /api/committees/:id',
    path: () => `/api/committees/${committeeFixture().id}`,
    json: () => ({
      title: unique('Renamed committee'),
      status: 'draft',
      groups: [{ id: 'members', title: 'Members' }],
      members: [],
    }),
    expect: [401, 403, 403, 200],
  },
  {
    endpoint: 'DELETE /api/committees/:id',
    path: () => `/api/committees/${committeeFixture().id}`,
    expect: [401, 403, 403, 200],
  },
  {
    endpoint: 'GET /api/committees/:id/revisions',
    path: () => `/api/committees/${committeeFixture().id}/revisions`,
    expect: [401, 403, 403, 200],
  },
  {
    endpoint: 'POST /api/committees/:id/revisions/:revisionId/restore',
    path: () => {
      const { id, revisionId } = committeeFixture()
      return `/api/committees/${id}/revisions/${revisionId}/restore`
    },
    expect: [401, 403, 403, 200],
  },
  { endpoint: 'GET /api/site', open: true, expect: [200, 200, 200, 200] },
  { endpoint: 'PUT /api/site', json: () => siteTextsOf(app.db), expect: [401, 403, 403, 200] },
  { endpoint: 'GET /api/site/revisions', expect: [401, 403, 403, 200] },
  {
    endpoint: 'POST /api/site/revisions/:revisionId/restore (the first)',
    path: () => `/api/site/revisions/${listRevisions(app.db, siteTextsItem).at(-1)?.id}/restore`,
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
  {
    endpoint: 'POST /api/invitations (own chapter, or an administrator)',
    json: () => ({ email: `${unique('invited')}@example.org` }),
    expect: [401, 201, 201, 201],
  },
  { endpoint: 'GET /api/invitations', expect: [401, 200, 200, 200] },
  {
    endpoint: "DELETE /api/invitations/:id (chapter A's)",
    path: () => `/api/invitations/${invitation().id}`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: 'DELETE /api/invitations/:id (to become an administrator)',
    path: () => `/api/invitations/${invitation('admin').id}`,
    expect: [401, 403, 403, 200],
  },
  {
    endpoint: 'GET /api/invitations/:token',
    open: true,
    path: () => `/api/invitations/${invitation().token}`,
    expect: [200, 200, 200, 200],
  },
  {
    endpoint: 'POST /api/invitations/:token/accept',
    open: true,
    path: () => `/api/invitations/${invitation().token}/accept`,
    json: () => ({ name: 'Invitee', password: 'an invitee passphrase 3' }),
    expect: [201, 201, 201, 201],
    // Accepting signs the invitee in, ending the session of the cookie it comes with.
    ownSession: true,
  },
  { endpoint: 'GET /api/people', expect: [401, 200, 200, 200] },
  {
    endpoint: 'PATCH /api/people/:id (an officer of chapter A)',
    path: async () => `/api/people/${(await officerOfA()).id}`,
    json: () => ({ disabled: true }),
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: 'PATCH /api/people/:id (an administrator)',
    path: async () => `/api/people/${(await anotherAdmin()).id}`,
    json: () => ({ disabled: true }),
    expect: [401, 403, 403, 200],
  },
  {
    endpoint: 'DELETE /api/people/:id (an officer of chapter A)',
    path: async () => `/api/people/${(await officerOfA()).id}`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: 'DELETE /api/people/:id (an administrator)',
    path: async () => `/api/people/${(await anotherAdmin()).id}`,
    expect: [401, 403, 403, 200],
  },
  {
    endpoint: 'POST /api/people/:id/reset-link (an officer of chapter A)',
    path: async () => `/api/people/${(await officerOfA()).id}/reset-link`,
    expect: [401, 403, 403, 201],
  },
  { endpoint: 'POST /api/uploads', body: imageForm, expect: [401, 201, 201, 201] },
  {
    endpoint: 'POST /api/uploads (a PDF, as a certificate background)',
    path: () => '/api/uploads?purpose=certificate-background',
    body: pdfForm,
    expect: [401, 201, 201, 201],
  },
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
    endpoint: "POST /api/events/:id/registrations (chapter A's)",
    open: true,
    path: () => {
      const event = eventOfA()
      saveRegistrationSettings(app.db, event.id, validRegistrationSettings({ capacity: null }))
      return `/api/events/${event.id}/registrations`
    },
    json: () => validAttendee(),
    expect: [201, 201, 201, 201],
  },
  {
    endpoint: "POST /api/events/:id/registrations/link (chapter A's)",
    open: true,
    path: () => `/api/events/${eventOfA().id}/registrations/link`,
    json: () => ({ email: 'someone@example.org' }),
    expect: [202, 202, 202, 202],
  },
  {
    endpoint: 'GET /api/registrations/:token',
    open: true,
    path: () => `/api/registrations/${manageToken()}`,
    expect: [200, 200, 200, 200],
  },
  {
    endpoint: 'DELETE /api/registrations/:token',
    open: true,
    path: () => `/api/registrations/${manageToken()}`,
    expect: [200, 200, 200, 200],
  },
  {
    endpoint: 'POST /api/registrations/:token/accept (a seat offered)',
    open: true,
    path: () => `/api/registrations/${manageToken('offered')}/accept`,
    expect: [200, 200, 200, 200],
  },
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
    endpoint: "GET /api/events/:id/report (chapter A's)",
    path: () => `/api/events/${registrationOfA().eventId}/report`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "GET /api/events/:id/report (chapter A's, as CSV)",
    path: () => `/api/events/${registrationOfA().eventId}/report?format=csv`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: 'GET /api/reports/attendance (own chapter, or every chapter for an administrator)',
    path: () => '/api/reports/attendance?from=2026-01-01&to=2026-12-31',
    expect: [401, 200, 200, 200],
  },
  {
    endpoint: "GET /api/reports/attendance (chapter A's)",
    path: () =>
      `/api/reports/attendance?chapterSlug=${chapterA.slug}&from=2026-01-01&to=2026-12-31&format=csv`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "GET /api/events/:id/messages/:messageId (chapter A's)",
    path: () => `/api/events/${registrationOfA().eventId}/messages/${'0'.repeat(24)}`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "POST /api/events/:id/registrations/:registrationId/ticket (chapter A's)",
    path: () => {
      const { eventId, registrationId } = registrationOfA()
      return `/api/events/${eventId}/registrations/${registrationId}/ticket`
    },
    expect: [401, 200, 403, 200],
  },
  ...checkInRows.map((row) => ({ ...row, expect: [401, row.allowed, 403, row.allowed] as Row['expect'] })),
  {
    endpoint: "POST /api/events/:id/door-links (chapter A's)",
    path: () => `/api/events/${eventOfA().id}/door-links`,
    json: () => ({ label: 'North door' }),
    expect: [401, 201, 403, 201],
  },
  {
    endpoint: "GET /api/events/:id/door-links (chapter A's)",
    path: () => `/api/events/${eventOfA().id}/door-links`,
    expect: [401, 200, 403, 200],
  },
  {
    endpoint: "DELETE /api/events/:id/door-links/:linkId (chapter A's)",
    path: () => {
      const { eventId, links } = doorLinksOfA()
      return `/api/events/${eventId}/door-links/${links.valid.id}`
    },
    expect: [401, 200, 403, 200],
  },
]

const expectedStatus = (row: Row, caller: CallerName): number => {
  const index = ['anonymous', ...VALID_CALLERS].indexOf(caller)
  if (index < 0) return row.open ? row.expect[0] : 401
  return row.expect[index] ?? 0
}

/** The route a row is about: `METHOD /api/path`, the endpoint's first two words. */
const routeOf = (row: Row) => row.endpoint.split(' ').slice(0, 2).join(' ')

describe('the permission matrix knows every route', () => {
  it('has a row for every route the API mounts, and no row for a route it does not mount', () => {
    const mounted = apiRoutesOf(app.express)
    // Read from Express's routers: an empty list would mean the reading broke, not that all is covered.
    expect(mounted.length).toBeGreaterThan(50)
    const covered = new Set(rows.map(routeOf))
    expect(
      mounted.filter((route) => !covered.has(route)),
      'routes without a row in the matrix',
    ).toEqual([])
    expect(
      [...covered].filter((route) => !mounted.includes(route)),
      'rows for routes the API does not mount',
    ).toEqual([])
  })
})

const uploadsListing = () => {
  const dir = path.join(app.ctx.env.dataDir, 'uploads')
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []
}

const matrixCells = rows.length * CALLERS.length * TRANSPORTS.length

describe(`permission matrix: ${rows.length} endpoints × ${CALLERS.length} callers × ${TRANSPORTS.length} transports = ${matrixCells} cells`, () => {
  it.each(rows)('$endpoint', async (row) => {
    const [method = '', pathTemplate = ''] = routeOf(row).split(' ')
    const actual: Record<string, number> = {}
    const expected: Record<string, number> = {}
    const changedByRefusal: string[] = []
    for (const transport of TRANSPORTS) {
      for (const caller of CALLERS) {
        row.before?.()
        const target = row.path ? await row.path(caller) : pathTemplate
        let token = tokens[caller]
        if (row.ownSession && isValidCaller(caller)) token = (await signIn(app, emailOf(caller))).token
        const credentials =
          token === undefined ? {} : transport === 'bearer' ? { token } : { cookie: `session=${token}` }
        const tablesBefore = snapshot(app.db)
        const uploadsBefore = uploadsListing()
        const answer = await call(app, method, target, {
          ...credentials,
          ...(transport === 'cookie' ? { origin: app.url } : {}),
          json: await row.json?.(),
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
          expect(answer.body.success, `${cell}: ${JSON.stringify(answer.body)}`).toBe(answer.status < 400)
          if (answer.status < 300 && isValidCaller(caller)) await row.after?.(caller)
        } else {
          // The activity, attendees and report exports answer CSV; certificates a PDF, a template's preview a PNG.
          expect(answer.headers.get('content-type')).toMatch(/^(text\/csv|application\/pdf|image\/png)/)
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

/**
 * Door links' volunteers (docs/decisions/080-door-links.md), by their door cookie: the check-in routes of
 * their own event and nothing else; an expired or revoked link, or one of another event, acts for nobody
 * there. The cookie is signed to outlive the link, so the link's row is what refuses.
 */
describe('door links in the permission matrix', () => {
  const DOOR_CALLERS = ['valid', 'expired', 'revoked', 'other event'] as const
  type DoorCaller = (typeof DOOR_CALLERS)[number]
  const cookieFor = async (linkId: string) => {
    const secret = new TextEncoder().encode(
      fs.readFileSync(path.join(app.ctx.env.dataDir, 'session-secret'), 'utf8').trim(),
    )
    const jwt = await signClaims(
      secret,
      'chapter-site/door',
      { dl: linkId },
      new Date(),
      new Date(Date.now() + 24 * 60 * 60_000),
    )
    return `${doorCookieName(app.ctx.env)}=${jwt}`
  }
  /** Other routes a door cookie might be tried on: each needs an account. */
  const otherRoutes: Array<{ endpoint: string; path: (ids: DoorTarget) => string; json?: unknown }> = [
    {
      endpoint: 'GET /api/events/:id/registrations',
      path: ({ eventId }) => `/api/events/${eventId}/registrations`,
    },
    {
      endpoint: 'GET /api/events/:id/registrations/export',
      path: ({ eventId }) => `/api/events/${eventId}/registrations/export`,
    },
    {
      endpoint: 'PATCH /api/events/:id/registrations/:registrationId',
      path: ({ eventId, registrationId }) => `/api/events/${eventId}/registrations/${registrationId}`,
      json: { status: 'cancelled' },
    },
    {
      endpoint: 'POST /api/events/:id/registrations/:registrationId/ticket',
      path: ({ eventId, registrationId }) => `/api/events/${eventId}/registrations/${registrationId}/ticket`,
    },
    {
      endpoint: 'GET /api/events/:id/door-links',
      path: ({ eventId }) => `/api/events/${eventId}/door-links`,
    },
    {
      endpoint: 'POST /api/events/:id/door-links',
      path: ({ eventId }) => `/api/events/${eventId}/door-links`,
      json: { label: 'Mine now' },
    },
    { endpoint: 'GET /api/events/myevents', path: () => '/api/events/myevents' },
    { endpoint: 'GET /api/auth/me', path: () => '/api/auth/me' },
  ]
  const expected: Record<DoorCaller, number> = { valid: 200, expired: 401, revoked: 401, 'other event': 403 }

  it.each(checkInRows)('$endpoint', async (row) => {
    const [method = ''] = row.endpoint.split(' ')
    const actual: Record<string, number> = {}
    const wanted: Record<string, number> = {}
    for (const caller of DOOR_CALLERS) {
      const { eventId, registrationId, links } = doorLinksOfA()
      const answer = await call(app, method, row.door({ eventId, registrationId }), {
        cookie: await cookieFor(links[caller].id),
        origin: app.url,
        json: method === 'POST' ? { registrationId } : undefined,
      })
      actual[caller] = answer.status
      wanted[caller] = expected[caller]
      if (answer.status >= 400) expect(answer.body).toEqual({ success: false, message: expect.any(String) })
    }
    expect(actual).toEqual(wanted)
  })

  it.each(otherRoutes)('$endpoint refuses every door link', async (route) => {
    const [method = ''] = route.endpoint.split(' ')
    for (const caller of DOOR_CALLERS) {
      const { eventId, registrationId, links } = doorLinksOfA()
      const before = snapshot(app.db)
      const answer = await call(app, method, route.path({ eventId, registrationId }), {
        cookie: await cookieFor(links[caller].id),
        origin: app.url,
        json: route.json,
      })
      expect(answer.status, caller).toBe(401)
      expect(JSON.stringify(snapshot(app.db)), caller).toBe(JSON.stringify(before))
    }
  })

  it('a door cookie is sent only to its event’s check-in page and API', async () => {
    const { eventId } = doorLinksOfA()
    const created = await call(app, 'POST', `/api/events/${eventId}/door-links`, {
      token: tokens['chapter A'],
      json: { label: 'Scoped' },
    })
    const opened = await app.request(new URL(created.body.doorLink.url).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `pin=${created.body.doorLink.pin}`,
      redirect: 'manual',
    })
    const paths = opened.headers
      .getSetCookie()
      .map((line) => /;\s*Path=([^;]+)/i.exec(line)?.[1])
      .sort()
    expect(paths).toEqual([`/api/events/${eventId}/check-ins`, `/dashboard/events/${eventId}/check-in`])
  })
})
