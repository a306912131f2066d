import { DEFAULT_CERTIFICATE_DESIGN } from '#db/validation'
import { validAttendee, validChapterAccount, validContact, validEvent, validInfo, validMember } from './api'
import type { Random } from './random'

/**
 * Generated hostile requests for every endpoint (docs/decisions/033-hostile-input-tests.md): wrong types, huge and empty values, deep
 * nesting, invalid UTF-8, odd content types and methods, path traversal in ids and upload names,
 * `__proto__` and `constructor` keys, broken credentials. Every write is made invalid on purpose (one or
 * more mutations that no schema accepts), so no case may change any data; none may answer 5xx.
 */

export type FuzzTargets = {
  tokens: { admin: string; chapter: string }
  ids: {
    event: string
    member: string
    info: string
    contact: string
    invitation: string
    person: string
    session: string
    /** A confirmed registration of `event` (which has registration on this site, unlimited). */
    registration: string
  }
  slug: string
  /** A pending invitation's link token. */
  inviteToken: string
  /** The manage link's token of `ids.registration`. */
  registrationToken: string
}

export type FuzzCase = {
  label: string
  method: string
  path: string
  headers: Record<string, string>
  body?: Buffer
  /** The body is over the server's limit: the server may answer 413 and close before reading it all. */
  mayBeCutOff?: boolean
}

/** The API's JSON body limit (100 kB): a larger body may be cut off by the server. */
const JSON_BODY_LIMIT_BYTES = 100 * 1024

type Caller = 'admin' | 'chapter' | 'none'

type Endpoint = {
  method: string
  path: (targets: FuzzTargets) => string
  caller: Caller
  /** A valid body: the generator always breaks it before it is sent. */
  valid?: () => Record<string, unknown>
  /** Fields the body may leave out or leave empty. */
  optional?: string[]
  /** The path takes an id (`:id`) or a slug (`:slug`) that the generator may replace. */
  param?: 'id' | 'slug' | 'token'
  /** A write without a body: sent only with broken credentials or a broken id, as a DELETE. */
  bodiless?: boolean
}

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: () => '/api/auth/login',
    caller: 'none',
    valid: () => ({ email: 'a@example.org', password: 'some password' }),
  },
  { method: 'POST', path: () => '/api/auth/logout', caller: 'none' },
  { method: 'GET', path: () => '/api/auth/me', caller: 'admin' },
  { method: 'GET', path: () => '/api/health', caller: 'none' },
  { method: 'POST', path: () => '/api/contact', caller: 'none', valid: validContact },
  { method: 'GET', path: () => '/api/contact', caller: 'admin' },
  {
    method: 'PATCH',
    path: (t) => `/api/contact/${t.ids.contact}`,
    caller: 'admin',
    valid: () => ({ read: true }),
    param: 'id',
  },
  {
    method: 'PATCH',
    path: (t) => `/api/contact/${t.ids.contact}`,
    caller: 'admin',
    // One field: `assigneeId: null` would be valid, and a body left with one good field could be too.
    valid: () => ({ spam: false }),
    param: 'id',
  },
  {
    method: 'POST',
    path: (t) => `/api/contact/${t.ids.contact}/reply`,
    caller: 'admin',
    valid: () => ({ text: 'Thank you for writing.' }),
  },
  { method: 'GET', path: () => '/api/contact?status=spam&assignee=me', caller: 'admin' },
  { method: 'GET', path: () => '/api/contact/unread-count', caller: 'admin' },
  { method: 'GET', path: (t) => `/api/contact/${t.ids.contact}`, caller: 'admin', param: 'id' },
  { method: 'DELETE', path: (t) => `/api/contact/${t.ids.contact}`, caller: 'admin', param: 'id' },
  {
    method: 'POST',
    path: () => '/api/contact/bulk',
    caller: 'admin',
    valid: () => ({ ids: ['0'.repeat(24)], action: 'delete' }),
  },
  { method: 'GET', path: () => '/api/settings/notifications', caller: 'admin' },
  {
    method: 'PUT',
    path: () => '/api/settings/notifications',
    caller: 'admin',
    valid: () => ({ extraRecipients: ['board@example.org'] }),
  },
  { method: 'GET', path: () => '/api/events', caller: 'none' },
  { method: 'GET', path: () => '/api/events/myevents', caller: 'chapter' },
  { method: 'GET', path: (t) => `/api/events/${t.ids.event}`, caller: 'none', param: 'id' },
  {
    method: 'POST',
    path: () => '/api/events',
    caller: 'chapter',
    valid: () => validEvent({ type: 'Workshop' }),
    // Without a banner an event shows a generated cover (docs/decisions/094-event-lifecycle-for-organisers.md).
    optional: ['type', 'banner'],
  },
  {
    method: 'PUT',
    path: (t) => `/api/events/${t.ids.event}`,
    caller: 'chapter',
    valid: () => validEvent({ type: 'Workshop' }),
    // Without a banner an event shows a generated cover (docs/decisions/094-event-lifecycle-for-organisers.md).
    optional: ['type', 'banner'],
    param: 'id',
  },
  { method: 'DELETE', path: (t) => `/api/events/${t.ids.event}`, caller: 'chapter', param: 'id' },
  // An administrator names the hosting chapter; null (the branch) is as valid as a slug.
  {
    method: 'POST',
    path: () => '/api/events',
    caller: 'admin',
    valid: () => validEvent({ chapterSlug: 'fuzz-chapter' }),
    optional: ['chapterSlug', 'banner'],
  },
  {
    method: 'PUT',
    path: (t) => `/api/events/${t.ids.event}`,
    caller: 'admin',
    valid: () => validEvent({ chapterSlug: 'fuzz-chapter' }),
    optional: ['chapterSlug', 'banner'],
    param: 'id',
  },
  { method: 'GET', path: () => '/api/chapters', caller: 'chapter' },
  {
    method: 'POST',
    path: () => '/api/chapters',
    caller: 'chapter',
    valid: () => validInfo(),
    optional: ['videoUrl'],
  },
  {
    method: 'PUT',
    path: (t) => `/api/chapters/${t.ids.info}`,
    caller: 'chapter',
    valid: () => validInfo(),
    optional: ['videoUrl'],
    param: 'id',
  },
  { method: 'GET', path: (t) => `/api/chapters/${t.slug}`, caller: 'none', param: 'slug' },
  { method: 'GET', path: () => '/api/users', caller: 'admin' },
  { method: 'POST', path: () => '/api/users', caller: 'admin', valid: () => validChapterAccount() },
  {
    method: 'POST',
    path: () => '/api/users',
    caller: 'admin',
    valid: () => {
      const { password: _, ...fields } = validChapterAccount()
      return { ...fields, officerEmail: 'fuzz-first-officer@example.org' }
    },
  },
  {
    method: 'PUT',
    path: (t) => `/api/users/${t.slug}`,
    caller: 'admin',
    valid: () => ({ name: 'Fuzz Chapter', email: 'fuzz-chapter@example.org', phone: '01711000000' }),
    param: 'slug',
  },
  { method: 'DELETE', path: (t) => `/api/users/${t.slug}`, caller: 'admin', param: 'slug' },
  { method: 'GET', path: () => '/api/excom', caller: 'chapter' },
  { method: 'GET', path: (t) => `/api/excom/member/${t.ids.member}`, caller: 'chapter', param: 'id' },
  {
    method: 'POST',
    path: () => '/api/excom',
    caller: 'chapter',
    valid: () => validMember(),
    optional: ['image', 'email'],
  },
  {
    method: 'PUT',
    path: (t) => `/api/excom/${t.ids.member}`,
    caller: 'chapter',
    valid: () => validMember(),
    optional: ['image', 'email'],
    param: 'id',
  },
  { method: 'DELETE', path: (t) => `/api/excom/${t.ids.member}`, caller: 'chapter', param: 'id' },
  { method: 'POST', path: () => '/api/uploads', caller: 'chapter' },
  { method: 'GET', path: () => '/api/search?q=a', caller: 'admin' },
  { method: 'GET', path: () => '/api/search?q=a', caller: 'chapter' },
  {
    method: 'POST',
    path: () => '/api/invitations',
    caller: 'chapter',
    valid: () => ({ email: 'fuzz-invitee@example.org' }),
    optional: ['chapterSlug'],
  },
  { method: 'GET', path: () => '/api/invitations', caller: 'chapter' },
  { method: 'DELETE', path: (t) => `/api/invitations/${t.ids.invitation}`, caller: 'chapter', param: 'id' },
  { method: 'GET', path: (t) => `/api/invitations/${t.inviteToken}`, caller: 'none', param: 'token' },
  {
    method: 'POST',
    path: (t) => `/api/invitations/${t.inviteToken}/accept`,
    caller: 'none',
    valid: () => ({ name: 'Fuzz Invitee', password: 'a fuzz passphrase 1' }),
  },
  { method: 'GET', path: () => '/api/people', caller: 'chapter' },
  {
    method: 'PATCH',
    path: (t) => `/api/people/${t.ids.person}`,
    caller: 'admin',
    valid: () => ({ disabled: true }),
    param: 'id',
  },
  { method: 'DELETE', path: (t) => `/api/people/${t.ids.person}`, caller: 'admin', param: 'id' },
  {
    method: 'POST',
    path: (t) => `/api/people/${t.ids.person}/reset-link`,
    caller: 'admin',
    bodiless: true,
  },
  {
    method: 'POST',
    path: () => '/api/auth/password',
    caller: 'chapter',
    valid: () => ({ currentPassword: 'violet harbour lantern', newPassword: 'a fuzzed new passphrase' }),
  },
  { method: 'PATCH', path: () => '/api/auth/me', caller: 'chapter', valid: () => ({ name: 'Fuzz Name' }) },
  {
    method: 'POST',
    path: () => '/api/auth/forgot',
    caller: 'none',
    valid: () => ({ email: 'a@example.org' }),
  },
  {
    method: 'POST',
    path: () => '/api/auth/reset',
    caller: 'none',
    valid: () => ({ token: 'A'.repeat(43), password: 'a fuzzed new passphrase' }),
  },
  { method: 'GET', path: () => '/api/auth/sessions', caller: 'chapter' },
  { method: 'DELETE', path: (t) => `/api/auth/sessions/${t.ids.session}`, caller: 'admin', param: 'id' },
  { method: 'DELETE', path: () => '/api/auth/sessions', caller: 'chapter', bodiless: true },
  { method: 'GET', path: () => '/api/trash', caller: 'admin' },
  {
    method: 'POST',
    path: () => '/api/trash/restore',
    caller: 'admin',
    valid: () => ({ ids: ['0'.repeat(24)] }),
  },
  { method: 'POST', path: () => `/api/trash/${'0'.repeat(24)}/restore`, caller: 'admin' },
  { method: 'DELETE', path: () => `/api/trash/${'0'.repeat(24)}`, caller: 'admin', param: 'id' },
  { method: 'GET', path: () => '/api/activity', caller: 'admin' },
  { method: 'GET', path: () => '/api/activity/export', caller: 'admin' },
  {
    method: 'POST',
    path: (t) => `/api/events/${t.ids.event}/registrations`,
    caller: 'none',
    valid: () => validAttendee(),
    optional: ['phone'],
  },
  { method: 'GET', path: (t) => `/api/events/${t.ids.event}/registrations`, caller: 'chapter' },
  { method: 'GET', path: (t) => `/api/events/${t.ids.event}/registrations/export`, caller: 'admin' },
  { method: 'GET', path: (t) => `/api/events/${t.ids.event}/report`, caller: 'chapter' },
  { method: 'GET', path: () => '/api/reports/attendance?from=2026-01-01&to=2026-12-31', caller: 'chapter' },
  { method: 'GET', path: () => '/api/reports/attendance?from=2026-01-01&to=2026-12-31', caller: 'admin' },
  {
    method: 'PATCH',
    path: (t) => `/api/events/${t.ids.event}/registrations/${t.ids.registration}`,
    caller: 'chapter',
    valid: () => ({ status: 'cancelled' }),
    param: 'id',
  },
  {
    method: 'POST',
    path: (t) => `/api/events/${t.ids.event}/registrations/bulk`,
    caller: 'chapter',
    valid: () => ({ ids: ['0'.repeat(24)], status: 'cancelled' }),
  },
  {
    method: 'POST',
    path: (t) => `/api/events/${t.ids.event}/messages`,
    caller: 'chapter',
    valid: () => ({ to: 'all', subject: 'Fuzz', text: 'A fuzzed message.' }),
  },
  { method: 'GET', path: () => '/api/certificate-templates', caller: 'chapter' },
  {
    method: 'POST',
    path: () => '/api/certificate-templates',
    caller: 'chapter',
    valid: () => ({ name: 'Fuzz template', design: DEFAULT_CERTIFICATE_DESIGN }),
  },
  {
    method: 'POST',
    path: () => '/api/certificate-templates/preview',
    caller: 'chapter',
    valid: () => ({ design: DEFAULT_CERTIFICATE_DESIGN }),
  },
  {
    method: 'PUT',
    path: () => `/api/certificate-templates/${'0'.repeat(24)}`,
    caller: 'admin',
    valid: () => ({ name: 'Fuzz template', design: DEFAULT_CERTIFICATE_DESIGN }),
    param: 'id',
  },
  {
    method: 'DELETE',
    path: () => `/api/certificate-templates/${'0'.repeat(24)}`,
    caller: 'admin',
    param: 'id',
  },
  {
    method: 'POST',
    path: (t) => `/api/events/${t.ids.event}/certificates`,
    caller: 'chapter',
    valid: () => ({ templateId: '0'.repeat(24), role: 'participant' }),
    optional: ['place', 'registrationIds'],
  },
  { method: 'GET', path: (t) => `/api/events/${t.ids.event}/certificates`, caller: 'chapter' },
  { method: 'GET', path: () => '/api/certificates/K7QF-M2XR-9H', caller: 'none' },
  { method: 'GET', path: () => '/api/certificates/K7QF-M2XR-9H/pdf', caller: 'chapter' },
  { method: 'DELETE', path: () => '/api/certificates/K7QF-M2XR-9H', caller: 'chapter' },
  { method: 'GET', path: (t) => `/api/registrations/${t.registrationToken}`, caller: 'none', param: 'token' },
  // Anyone holding a link may cancel: the real link would change data whatever the credentials, so one that
  // names no registration.
  { method: 'DELETE', path: () => `/api/registrations/${'A'.repeat(43)}`, caller: 'none', param: 'token' },
  // The registration is confirmed: there is no offer to take, whatever comes with the request.
  {
    method: 'POST',
    path: (t) => `/api/registrations/${t.registrationToken}/accept`,
    caller: 'none',
    param: 'token',
  },
]

const PAGE_PATHS = [
  '/',
  '/about',
  '/events',
  '/contact',
  '/login',
  '/dashboard',
  '/chapter/x',
  '/no-such-page',
]

const TRAVERSAL = [
  '..',
  '../..',
  '..%2f..%2fchapter.db',
  '%2e%2e%2f%2e%2e%2f.env',
  '..%5c..%5cchapter.db',
  '....//....//etc/passwd',
  '%252e%252e%252fchapter.db',
  '..%00.png',
  '%c0%ae%c0%ae%2f',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
]

const SENSITIVE_PATHS = [
  '/uploads/../chapter.db',
  '/uploads/..%2fchapter.db',
  '/uploads/%2e%2e/session-secret',
  '/uploads/../../package.json',
  '/.env',
  '/.git/config',
  '/.git/HEAD',
  '/db/migrations/0000_initial.sql',
  '/db/schema.ts',
  '/server/main.ts',
  '/server/env.server.ts',
  '/node_modules/express/package.json',
  '/dist/node/main.mjs',
  '/dist/server/entry.mjs',
  '/dist/build-stamp.json',
  '/package.json',
  '/chapter.db',
  '/data/chapter.db',
  '/assets/../../package.json',
  '/assets/%2e%2e/%2e%2e/.env',
]

const ODD_METHODS = [
  'TRACE',
  'OPTIONS',
  'PROPFIND',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'SEARCH',
  'PURGE',
  'LINK',
  'FOO',
]

const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'ownerId',
  'role',
  'isAdmin',
  '_id',
  'id',
  'chapterId',
]

/** A value no schema accepts where `valid` is expected: of another type, or over every limit, or with a NUL. */
function wrongValue(random: Random, valid: unknown): unknown {
  const anyType: unknown[] = [null, [], ['a'], {}, { $gt: '' }, { __proto__: { admin: true } }]
  if (typeof valid === 'number')
    return random.pick([...anyType, true, '10', -1, 1e308, Number.MAX_SAFE_INTEGER])
  if (typeof valid === 'boolean') return random.pick([...anyType, 0, 1, 'true', ''])
  // An empty list can be valid (no extra recipients), so a list is broken by what it holds or its type.
  if (Array.isArray(valid))
    return random.pick([null, {}, ['a'], [1], [null], 'x', true, Array.from({ length: 200 }, () => '')])
  return random.pick([
    ...anyType,
    true,
    0,
    -1,
    1e308,
    'x'.repeat(random.int(20_000, 60_000)),
    '',
    '   ',
    '\u0000',
    '<script>alert(1)</script>\u0000',
    "'; DROP TABLE events; --\u0007",
    '\u202e\u0000evil',
  ])
}

function nested(depth: number): string {
  return `${'['.repeat(depth)}1${']'.repeat(depth)}`
}

function garbage(random: Random, length: number): Buffer {
  const bytes = Buffer.alloc(length)
  for (let i = 0; i < length; i++) bytes[i] = random.int(0, 255)
  return bytes
}

/** Breaks a valid body so that no schema could accept it; the result is the raw JSON text. */
function brokenJson(
  random: Random,
  valid: Record<string, unknown>,
  optional: string[],
): { label: string; text: string | Buffer } {
  // A field that may be left out or empty cannot be broken by leaving it out or emptying it.
  const field = random.pick(Object.keys(valid).filter((name) => !optional.includes(name)))
  const rest = { ...valid }
  const whole = JSON.stringify(valid)
  switch (random.int(0, 9)) {
    case 0:
      return {
        label: `${field} of a wrong type`,
        text: JSON.stringify({ ...valid, [field]: wrongValue(random, valid[field]) }),
      }
    case 1:
      delete rest[field]
      return { label: `${field} missing`, text: JSON.stringify(rest) }
    case 2: {
      const key = random.pick(PROTO_KEYS)
      return {
        label: `an extra "${key}" key`,
        text: JSON.stringify(valid).replace(
          /^\{/,
          `{${JSON.stringify(key)}:{"isAdmin":true,"role":"admin"},`,
        ),
      }
    }
    case 3:
      return {
        label: `${field} nested deep`,
        text: JSON.stringify({ ...valid, [field]: 0 }).replace(
          `"${field}":0`,
          `"${field}":${nested(random.int(100, 5_000))}`,
        ),
      }
    case 4:
      return {
        label: 'invalid UTF-8 in a key and a value',
        text: Buffer.concat([
          Buffer.from(JSON.stringify({ ...valid, [field]: 1 }).slice(0, -1)),
          Buffer.from(',"'),
          garbage(random, 4).map((byte) => byte | 0x80),
          Buffer.from('":"'),
          Buffer.from([0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80]),
          Buffer.from('"}'),
        ]),
      }
    case 5:
      return {
        label: 'invalid UTF-8 outside strings',
        text: Buffer.concat([Buffer.from('{'), garbage(random, 16), Buffer.from('}')]),
      }
    case 6:
      return {
        label: 'a body over the limit',
        text: JSON.stringify({ ...valid, padding: 'p'.repeat(random.int(101_000, 400_000)) }),
      }
    case 7:
      // Never the whole text: a short body such as {"read":true} would be valid.
      return { label: 'truncated JSON', text: whole.slice(0, random.int(1, Math.min(20, whole.length - 1))) }
    case 8:
      return {
        label: `${field} empty and an unknown key`,
        text: JSON.stringify({ ...valid, [field]: '', constructor: { prototype: {} } }),
      }
    default:
      return {
        label: 'not an object',
        text: random.pick(['[]', '"text"', '42', 'null', 'true', '[{"__proto__":{}}]', '{}{}', '\u0000']),
      }
  }
}

function authHeaders(
  random: Random,
  caller: Caller,
  targets: FuzzTargets,
): { label: string; headers: Record<string, string> } {
  if (caller !== 'none' && random.chance(0.8))
    return { label: '', headers: { authorization: `Bearer ${targets.tokens[caller]}` } }
  const token = targets.tokens.admin
  const [header = '', payload = '', signature = ''] = token.split('.')
  const forged = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
  return random.pick<{ label: string; headers: Record<string, string> }>([
    { label: ' without credentials', headers: {} },
    {
      label: ' with a token of another signature',
      headers: { authorization: `Bearer ${header}.${payload}.${signature.slice(0, -4)}AAAA` },
    },
    { label: ' with an alg:none token', headers: { authorization: `Bearer ${forged}.${payload}.` } },
    {
      label: ' with a garbage token',
      headers: { authorization: `Bearer ${'x'.repeat(random.int(1, 4_000))}` },
    },
    { label: ' with Basic credentials', headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } },
    {
      label: ' with a garbage cookie',
      headers: { cookie: `session=${'%'.repeat(50)}; session=..%2f; signed_in=1` },
    },
    {
      label: ' with a cookie from another origin',
      headers: { cookie: `session=${token}`, origin: 'https://evil.example.org' },
    },
  ])
}

function contentType(random: Random): { label: string; value?: string } {
  return random.pick([
    { label: '', value: 'application/json' },
    { label: '', value: 'application/json' },
    { label: '', value: 'application/json; charset=utf-8' },
    { label: ' as text/plain', value: 'text/plain' },
    { label: ' as XML', value: 'application/xml' },
    { label: ' as a form', value: 'application/x-www-form-urlencoded' },
    { label: ' as multipart without a boundary', value: 'multipart/form-data' },
    { label: ' in UTF-16', value: 'application/json; charset=utf-16' },
    { label: ' in a made-up charset', value: 'application/json; charset=klingon' },
    { label: ' with no content type' },
    { label: ' with a broken content type', value: ';;;/;' },
  ])
}

function multipart(random: Random): { label: string; contentType: string; body: Buffer } {
  const boundary = `fuzz${random.int(0, 1e9)}`
  const part = (name: string, filename: string, type: string, bytes: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ])
  const end = Buffer.from(`--${boundary}--\r\n`)
  const name = random.pick([
    '../../chapter.db',
    '..\\..\\x.png',
    '/etc/passwd',
    '.env',
    'a.png\u0000.html',
    '%2e%2e%2fx.png',
    'x'.repeat(5_000),
  ])
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
  const choice = random.int(0, 7)
  const type = `multipart/form-data; boundary=${boundary}`
  switch (choice) {
    case 0:
      return {
        label: `text named "${name.slice(0, 20)}"`,
        contentType: type,
        body: Buffer.concat([part('image', name, 'image/png', Buffer.from('not an image')), end]),
      }
    case 1:
      return {
        label: 'HTML posing as a PNG',
        contentType: type,
        body: Buffer.concat([
          part('image', name, 'image/png', Buffer.from('<html><script>alert(1)</script>')),
          end,
        ]),
      }
    case 2:
      return {
        label: 'a truncated PNG',
        contentType: type,
        body: Buffer.concat([part('image', name, 'image/png', png), end]),
      }
    case 3:
      return {
        label: 'random bytes',
        contentType: type,
        body: Buffer.concat([
          part('image', name, 'application/octet-stream', garbage(random, random.int(1, 50_000))),
          end,
        ]),
      }
    case 4:
      return {
        label: 'the wrong field',
        contentType: type,
        body: Buffer.concat([part('__proto__', name, 'image/png', png), end]),
      }
    case 5:
      return {
        label: 'no closing boundary',
        contentType: type,
        body: part('image', name, 'image/png', garbage(random, 100)),
      }
    case 6:
      return {
        label: 'a mismatched boundary',
        contentType: 'multipart/form-data; boundary=other',
        body: Buffer.concat([part('image', name, 'image/png', png), end]),
      }
    default:
      return {
        label: 'an SVG with a script',
        contentType: type,
        body: Buffer.concat([
          part(
            'image',
            'x.svg',
            'image/svg+xml',
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          ),
          end,
        ]),
      }
  }
}

function withParam(
  random: Random,
  endpoint: Endpoint,
  targets: FuzzTargets,
): { label: string; path: string } {
  const path = endpoint.path(targets)
  if (!endpoint.param || random.chance(0.4)) return { label: '', path }
  const base = path.slice(0, path.lastIndexOf('/') + 1)
  const value = random.pick([
    ...TRAVERSAL,
    '0'.repeat(24),
    'A'.repeat(24),
    `${targets.ids.event}'--`,
    'x'.repeat(random.int(100, 3_000)),
    '%ff%fe%00',
    '%E0%A4%A',
    '__proto__',
    'constructor',
    '-',
    '%20',
  ])
  return { label: ` with ${endpoint.param} "${value.slice(0, 24)}"`, path: `${base}${value}` }
}

function withQuery(random: Random): { label: string; query: string } {
  if (random.chance(0.6)) return { label: '', query: '' }
  const query = random.pick([
    'page=-1',
    'pageSize=100000',
    'page[]=1',
    'page[$gt]=0',
    '__proto__[isAdmin]=true',
    'constructor[prototype][x]=1',
    'sort=passwordHash',
    'sort[]=title',
    `q=${'q'.repeat(random.int(101, 5_000))}`,
    'q=%ff%fe',
    'q=%',
    'page=1&page=2&page=3',
    'pageSize=1e400',
    'ownerId=someone',
    'type=Party',
    'type[]=Workshop',
  ])
  return { label: ` with ?${query.slice(0, 24)}`, query: `?${query}` }
}

/** One case for an API endpoint. */
function apiCase(random: Random, endpoint: Endpoint, targets: FuzzTargets): FuzzCase {
  const auth = authHeaders(random, endpoint.caller, targets)
  const param = withParam(random, endpoint, targets)
  const query = withQuery(random)
  let method = endpoint.method
  const headers = { ...auth.headers }
  let label = ''
  let body: Buffer | undefined
  // A write with a real id and valid credentials must still fail: only bodies that no schema accepts.
  if (endpoint.path(targets) === '/api/uploads') {
    const upload = multipart(random)
    headers['content-type'] = upload.contentType
    body = upload.body
    label = ` with ${upload.label}`
  } else if (endpoint.valid) {
    const broken = brokenJson(random, endpoint.valid(), endpoint.optional ?? [])
    const type = contentType(random)
    if (type.value) headers['content-type'] = type.value
    if (type.value?.includes('utf-16'))
      body = Buffer.from(
        typeof broken.text === 'string' ? broken.text : broken.text.toString('latin1'),
        'utf16le',
      )
    else body = Buffer.isBuffer(broken.text) ? broken.text : Buffer.from(broken.text)
    if (random.chance(0.05)) {
      headers['content-encoding'] = random.pick(['gzip', 'deflate', 'br', 'compress'])
      label = ` (claimed ${headers['content-encoding']})`
    }
    label = ` with ${broken.label}${type.label}${label}`
  } else if (
    endpoint.method === 'DELETE' ||
    endpoint.bodiless ||
    endpoint.path(targets) === '/api/auth/logout'
  ) {
    // Deleting or signing out for real would change data: these go with broken credentials or a broken id.
    if (!param.label && !auth.label) return apiCase(random, endpoint, targets)
  } else if (random.chance(0.3)) {
    body = Buffer.from(random.pick(['{"a":1}', nested(2_000), 'garbage', '']))
    headers['content-type'] = 'application/json'
    label = ' with a body on a read'
  }
  if (random.chance(0.08)) {
    method = random.pick(ODD_METHODS)
    label += `, sent as ${method}`
  } else if (random.chance(0.05) && endpoint.method !== 'GET') {
    // The right body with the wrong method never reaches a write handler.
    method = endpoint.method === 'PUT' ? 'PATCH' : 'PUT'
    label += `, sent as ${method}`
  }
  if (random.chance(0.03)) {
    headers['x-forwarded-for'] = random.pick(['127.0.0.1, 10.0.0.1', 'garbage', '::1'.repeat(100)])
    headers['x-request-id'] = random.pick(['{"level":60}', 'a\u00ff', 'x'.repeat(500)])
  }
  return {
    label: `${method} ${endpoint.method !== method ? `(for ${endpoint.method}) ` : ''}${endpoint.path(targets).replace(/[0-9a-f]{24}/, ':id')}${param.label}${query.label}${label}${auth.label}`,
    method,
    path: `${param.path}${query.query}`,
    headers,
    body,
    mayBeCutOff: (body?.length ?? 0) > JSON_BODY_LIMIT_BYTES,
  }
}

/** The pages and feed that read the events filters from the URL. */
const FILTERED_PATHS = ['/events', '/events/calendar', '/events/calendar/2026-11', '/events.ics']

/** Filter values a form never sends: syntax of the search index, odd encodings, huge and repeated values. */
function hostileFilters(random: Random): string {
  return random.pick([
    `q=${encodeURIComponent('"unbalanced OR NEAR( * AND -x :')}`,
    `q=${encodeURIComponent('title:x OR description:y')}`,
    `q=${encodeURIComponent('লার্নিং '.repeat(random.int(10, 2_000)))}`,
    'q=%ff%fe&from=%00',
    'q=*&sort=relevance&page=99999999999999999999',
    'from=2026-02-30&to=9999-99-99',
    'from=2026-12-01&to=2026-01-01&when=past&before=2026-01-01_10:00_x',
    'chapter=..%2F..%2Fetc&mode[]=online&fees[$ne]=free',
    `chapter=${'x-'.repeat(random.int(50, 5_000))}`,
    'registration=open&registration=closed&when=past&when=upcoming',
    `after=${encodeURIComponent("2026-01-01_10:00_x' OR 1=1 --")}`,
    'q=%0d%0aSet-Cookie:%20a=b',
  ])
}

/** One case outside the API: pages and files with hostile paths and methods. */
function siteCase(random: Random): FuzzCase {
  const choice = random.int(0, 4)
  if (choice === 4) {
    const path = `${random.pick(FILTERED_PATHS)}?${hostileFilters(random)}`
    return { label: `GET ${path.slice(0, 80)}`, method: 'GET', path, headers: {} }
  }
  if (choice === 0) {
    const path = random.pick(SENSITIVE_PATHS)
    return { label: `GET ${path}`, method: 'GET', path, headers: {} }
  }
  if (choice === 1) {
    const path = `${random.pick(['/uploads/', '/assets/', '/', '/events/', '/chapter/'])}${random.pick(TRAVERSAL)}`
    return { label: `GET ${path}`, method: 'GET', path, headers: {} }
  }
  const method = random.pick(['POST', 'PUT', 'DELETE', 'PATCH', ...ODD_METHODS])
  const path = random.pick(PAGE_PATHS)
  return {
    label: `${method} ${path}`,
    method,
    path,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from('{"__proto__":{"polluted":true}}'),
  }
}

export function generateFuzzCases(random: Random, count: number, targets: FuzzTargets): FuzzCase[] {
  const cases: FuzzCase[] = []
  // Every endpoint at least a few times, then at random.
  for (const endpoint of ENDPOINTS) for (let i = 0; i < 5; i++) cases.push(apiCase(random, endpoint, targets))
  for (const path of SENSITIVE_PATHS) cases.push({ label: `GET ${path}`, method: 'GET', path, headers: {} })
  while (cases.length < count) {
    cases.push(random.chance(0.85) ? apiCase(random, random.pick(ENDPOINTS), targets) : siteCase(random))
  }
  return cases
}

export const FUZZ_SENSITIVE_PATHS = SENSITIVE_PATHS
