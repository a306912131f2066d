import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChapterInfo } from '#db/queries/chapter-info.server'
import { createContactMessage } from '#db/queries/contact.server'
import { createEvent } from '#db/queries/events.server'
import { createExcomMember } from '#db/queries/excom.server'
import type { Account } from '../support/api'
import {
  call,
  snapshot,
  startAppWithAccounts,
  validChapterAccount,
  validContact,
  validEvent,
  validInfo,
  validMember,
} from '../support/api'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * Bad input on every endpoint: bodies that are not JSON objects, wrong content types, oversized bodies,
 * missing, unknown, mistyped and control-character fields, malformed path parameters and query strings.
 * Each must answer its 4xx in the JSON shape of docs/decisions/008-api-errors.md and change nothing.
 */

let app: TestApp
let chapter: Account
let target: Account
const tokens = { chapter: '', admin: '' }
const ids = { event: '', info: '', member: '', contact: '', invitation: '', session: '' }
/** A pending invitation's link token: its accept endpoint reads the body only for a working link. */
let inviteToken = ''

beforeAll(async () => {
  const setup = await startAppWithAccounts(
    {
      chapter: { name: 'Input Chapter', email: 'input@example.org' },
      target: { name: 'Target Chapter', email: 'target@example.org' },
      admin: { role: 'admin', name: 'Admin', email: 'input-admin@example.org' },
    },
    ['chapter', 'admin'],
  )
  app = setup.app
  chapter = setup.accounts.chapter
  target = setup.accounts.target
  Object.assign(tokens, setup.tokens)
  ids.event = createEvent(app.db, chapter.id, validEvent()).id
  ids.info = createChapterInfo(app.db, chapter.id, validInfo()).id
  ids.member = createExcomMember(app.db, chapter.id, validMember()).id
  ids.contact = createContactMessage(app.db, validContact()).id
  const invited = await call(app, 'POST', '/api/invitations', {
    token: tokens.chapter,
    json: { email: 'pending@example.org' },
  })
  ids.invitation = invited.body.invitation._id
  inviteToken = new URL(invited.body.invitation.url).pathname.split('/').pop() ?? ''
  const sessions = await call(app, 'GET', '/api/auth/sessions', { token: tokens.chapter })
  ids.session = sessions.body.sessions[0]._id
})
afterAll(() => app.close())

type BodyEndpoint = {
  name: string
  path: () => string
  caller?: keyof typeof tokens
  valid: () => Record<string, unknown>
  /** Fields that may be left out. */
  optional?: string[]
  /** Single-line text fields: no control characters, no line breaks. */
  oneLine?: string[]
  /** Text areas: line breaks allowed, other control characters not. */
  multiLine?: string[]
}

const bodyEndpoints: BodyEndpoint[] = [
  {
    name: 'POST /api/auth/login',
    path: () => '/api/auth/login',
    valid: () => ({ email: 'input@example.org', password: 'whatever it is' }),
    oneLine: ['email'],
  },
  {
    name: 'POST /api/contact',
    path: () => '/api/contact',
    valid: validContact,
    oneLine: ['name', 'email'],
    multiLine: ['message'],
  },
  {
    name: 'PATCH /api/contact/:id',
    path: () => `/api/contact/${ids.contact}`,
    caller: 'admin',
    valid: () => ({ read: true }),
  },
  ...(['POST', 'PUT'] as const).map((method) => ({
    name: `${method} /api/events${method === 'PUT' ? '/:id' : ''}`,
    path: () => (method === 'PUT' ? `/api/events/${ids.event}` : '/api/events'),
    caller: 'chapter' as const,
    valid: () => validEvent(),
    // Without a banner the event shows a generated cover (the link is required without registration here).
    optional: ['banner'],
    oneLine: ['title', 'location', 'host', 'banner', 'eventLink', 'startTime', 'eventDate'],
    multiLine: ['description'],
  })),
  ...(['POST', 'PUT'] as const).map((method) => ({
    name: `${method} /api/chapters${method === 'PUT' ? '/:id' : ''}`,
    path: () => (method === 'PUT' ? `/api/chapters/${ids.info}` : '/api/chapters'),
    caller: 'chapter' as const,
    valid: () => validInfo(),
    optional: ['videoUrl'],
    oneLine: ['logo', 'websiteUrl', 'facebookUrl', 'linkedinUrl', 'videoUrl'],
    multiLine: ['shortDescription', 'aboutUs'],
  })),
  {
    name: 'POST /api/users',
    path: () => '/api/users',
    caller: 'admin',
    valid: () => validChapterAccount(),
    oneLine: ['name', 'email', 'phone'],
  },
  {
    name: 'PUT /api/users/:slug',
    path: () => `/api/users/${target.slug}`,
    caller: 'admin',
    valid: () => ({
      name: 'Target Chapter',
      email: 'target@example.org',
      phone: '01711000000',
      password: '',
    }),
    optional: ['password'],
    oneLine: ['name', 'email', 'phone'],
  },
  {
    name: 'POST /api/invitations',
    path: () => '/api/invitations',
    caller: 'chapter',
    valid: () => ({ email: 'new-officer@example.org', chapterSlug: 'input-chapter' }),
    optional: ['chapterSlug'],
    oneLine: ['email'],
  },
  {
    name: 'POST /api/invitations/:token/accept',
    path: () => `/api/invitations/${inviteToken}/accept`,
    valid: () => ({ name: 'New Officer', password: 'a long new passphrase' }),
    oneLine: ['name'],
  },
  {
    name: 'PATCH /api/people/:id',
    path: () => `/api/people/${target.personId}`,
    caller: 'admin',
    valid: () => ({ disabled: true }),
  },
  {
    name: 'PATCH /api/auth/me',
    path: () => '/api/auth/me',
    caller: 'chapter',
    valid: () => ({ name: 'A Person' }),
    oneLine: ['name'],
  },
  {
    name: 'POST /api/auth/password',
    path: () => '/api/auth/password',
    caller: 'chapter',
    valid: () => ({ currentPassword: 'a long test password 7', newPassword: 'a long new passphrase' }),
  },
  {
    name: 'POST /api/auth/forgot',
    path: () => '/api/auth/forgot',
    valid: () => ({ email: 'input@example.org' }),
    oneLine: ['email'],
  },
  {
    name: 'POST /api/auth/reset',
    path: () => '/api/auth/reset',
    valid: () => ({ token: 'A'.repeat(43), password: 'a long new passphrase' }),
  },
  ...(['POST', 'PUT'] as const).map((method) => ({
    name: `${method} /api/excom${method === 'PUT' ? '/:id' : ''}`,
    path: () => (method === 'PUT' ? `/api/excom/${ids.member}` : '/api/excom'),
    caller: 'chapter' as const,
    valid: () => validMember(),
    optional: ['email', 'image'],
    oneLine: ['name', 'designation', 'affiliation', 'email', 'image'],
  })),
  {
    name: 'POST /api/trash/restore',
    path: () => '/api/trash/restore',
    caller: 'admin',
    valid: () => ({ ids: ['e'.repeat(24)] }),
  },
]

type Case = {
  endpoint: string
  label: string
  method: string
  path: () => string
  caller?: keyof typeof tokens
  send: { json?: unknown; body?: string; contentType?: string }
  status: number
  /** The field that `errors` must name, when the answer is a 400 for a field. */
  field?: string
}

const wrongType = (value: unknown) =>
  typeof value === 'string' ? 12345 : typeof value === 'number' ? '10' : 'yes'

const bodyCases: Case[] = bodyEndpoints.flatMap((endpoint) => {
  const [method = ''] = endpoint.name.split(' ')
  const base = { endpoint: endpoint.name, method, path: endpoint.path, caller: endpoint.caller }
  const valid = endpoint.valid()
  const raw = (
    label: string,
    body: string | undefined,
    contentType: string | undefined,
    status: number,
  ): Case => ({
    ...base,
    label,
    send: { body, contentType },
    status,
  })
  const withField = (label: string, field: string, value: unknown): Case => ({
    ...base,
    label,
    send: { json: { ...valid, [field]: value } },
    status: 400,
    field,
  })
  return [
    raw('malformed JSON', '{"title": "unterminated', 'application/json', 400),
    raw('a JSON array', '[1, 2]', 'application/json', 400),
    raw('a bare JSON string', '"text"', 'application/json', 400),
    raw('JSON sent as text/plain', JSON.stringify(valid), 'text/plain', 415),
    raw('a form-encoded body', 'title=x&fees=1', 'application/x-www-form-urlencoded', 415),
    raw('no body at all', undefined, undefined, 415),
    raw('an unsupported charset', JSON.stringify(valid), 'application/json; charset=iso-8859-1', 415),
    raw(
      'a body over 100 kB',
      JSON.stringify({ ...valid, padding: 'x'.repeat(150_000) }),
      'application/json',
      413,
    ),
    withField('an unknown field (owner)', 'ownerId', 'someone-else'),
    withField('an unknown field (role)', 'role', 'admin'),
    ...Object.keys(valid)
      .filter((field) => !endpoint.optional?.includes(field))
      .map((field): Case => {
        const { [field]: _left, ...rest } = valid
        return { ...base, label: `${field} missing`, send: { json: rest }, status: 400, field }
      }),
    ...Object.entries(valid).map(([field, value]) =>
      withField(`${field} of the wrong type`, field, wrongType(value)),
    ),
    ...Object.keys(valid).map((field) => withField(`${field} null`, field, null)),
    ...(endpoint.oneLine ?? []).flatMap((field) => [
      withField(`${field} with a NUL character`, field, `a\u0000b`),
      withField(`${field} with a line break`, field, `first\nsecond`),
      withField(`${field} with an escape sequence`, field, `\u001b[31mred`),
    ]),
    ...(endpoint.multiLine ?? []).map((field) =>
      withField(`${field} with a NUL character`, field, `line\u0000`),
    ),
  ]
})

const idEndpoints = [
  ['PATCH', '/api/contact/', 'admin', { read: true }],
  ['GET', '/api/contact/', 'admin', undefined],
  ['DELETE', '/api/contact/', 'admin', undefined],
  ['GET', '/api/events/', undefined, undefined],
  ['PUT', '/api/events/', 'chapter', validEvent()],
  ['DELETE', '/api/events/', 'chapter', undefined],
  ['PUT', '/api/chapters/', 'chapter', validInfo()],
  ['GET', '/api/excom/member/', 'chapter', undefined],
  ['PUT', '/api/excom/', 'chapter', validMember()],
  ['DELETE', '/api/excom/', 'chapter', undefined],
  ['DELETE', '/api/invitations/', 'chapter', undefined],
  ['PATCH', '/api/people/', 'admin', { disabled: true }],
  ['DELETE', '/api/people/', 'admin', undefined],
  ['DELETE', '/api/auth/sessions/', 'chapter', undefined],
  ['DELETE', '/api/trash/', 'admin', undefined],
] as const
const badIds = ['123', 'z'.repeat(24), 'A'.repeat(24), `1' OR '1'='1`, '0'.repeat(25)]

const paramCases: Case[] = idEndpoints.flatMap(([method, prefix, caller, json]) => [
  ...badIds.map((id) => ({
    endpoint: `${method} ${prefix}:id`,
    label: `id "${id}"`,
    method,
    path: () => `${prefix}${encodeURIComponent(id)}`,
    caller,
    send: { json },
    status: 400,
    field: 'id',
  })),
  {
    endpoint: `${method} ${prefix}:id`,
    label: 'an unknown id',
    method,
    path: () => `${prefix}${'e'.repeat(24)}`,
    caller,
    send: { json },
    status: 404,
  },
])

const slugEndpoints = [
  ['GET', '/api/chapters/', undefined, undefined],
  ['PUT', '/api/users/', 'admin', { name: 'X', email: 'x@example.org', phone: '01711000000' }],
  ['DELETE', '/api/users/', 'admin', undefined],
] as const
const badSlugs = ['Upper-Case', 'under_score', '-leading', 'a'.repeat(81), 'dots..here']
for (const [method, prefix, caller, json] of slugEndpoints) {
  for (const slug of badSlugs) {
    paramCases.push({
      endpoint: `${method} ${prefix}:slug`,
      label: `slug "${slug}"`,
      method,
      path: () => `${prefix}${slug}`,
      caller,
      send: { json },
      status: 400,
      field: 'slug',
    })
  }
  paramCases.push({
    endpoint: `${method} ${prefix}:slug`,
    label: 'an unknown slug',
    method,
    path: () => `${prefix}no-such-chapter`,
    caller,
    send: { json },
    status: 404,
  })
}
// Link tokens: 43 base64url characters.
for (const [method, path, json] of [
  ['GET', (token: string) => `/api/invitations/${token}`, undefined],
  [
    'POST',
    (token: string) => `/api/invitations/${token}/accept`,
    { name: 'X', password: 'a long new passphrase' },
  ],
] as const) {
  const endpoint = `${method} ${path(':token')}`
  for (const token of ['short', 'A'.repeat(44), `${'A'.repeat(42)}!`, `${'A'.repeat(40)}%00`]) {
    paramCases.push({
      endpoint,
      label: `token "${token.slice(0, 12)}…"`,
      method,
      path: () => path(token),
      send: { json },
      status: 400,
      field: 'token',
    })
  }
  paramCases.push({
    endpoint,
    label: 'an unknown token',
    method,
    path: () => path('Z'.repeat(43)),
    send: { json },
    status: 404,
  })
}
paramCases.push({
  endpoint: 'POST /api/people/:id/reset-link',
  label: 'an unknown id',
  method: 'POST',
  path: () => `/api/people/${'e'.repeat(24)}/reset-link`,
  caller: 'admin',
  send: {},
  status: 404,
})
paramCases.push({
  endpoint: 'POST /api/people/:id/reset-link',
  label: 'id "123"',
  method: 'POST',
  path: () => '/api/people/123/reset-link',
  caller: 'admin',
  send: {},
  status: 400,
  field: 'id',
})
paramCases.push({
  endpoint: 'GET /api/events/:id',
  label: 'broken percent-encoding',
  method: 'GET',
  path: () => '/api/events/%E0%A4%A',
  send: {},
  status: 400,
})

const lists = [
  ['/api/events', undefined],
  ['/api/events/myevents', 'chapter'],
  ['/api/contact', 'admin'],
  ['/api/users', 'admin'],
  ['/api/excom', 'chapter'],
  ['/api/trash', 'admin'],
  ['/api/activity', 'admin'],
  ['/api/activity/export', 'admin'],
] as const
const badQueries = [
  ['pageSize=0', 'pageSize'],
  ['pageSize=101', 'pageSize'],
  ['page=0', 'page'],
  ['page=-1', 'page'],
  ['page=1.5', 'page'],
  ['page=abc', 'page'],
  ['page=1&page=2', 'page'],
  ['page=1e400', 'page'],
  ['sort=passwordHash', 'sort'],
  ['sort=-password_hash', 'sort'],
  [`q=${'x'.repeat(101)}`, 'q'],
  ['ownerId=abc', 'ownerId'],
] as const
const queryCases: Case[] = lists.flatMap(([path, caller]) =>
  badQueries.map(([query, field]) => ({
    endpoint: `GET ${path}`,
    label: `?${query.slice(0, 30)}`,
    method: 'GET',
    path: () => `${path}?${query}`,
    caller,
    send: {},
    status: 400,
    field,
  })),
)

for (const [path, caller] of [
  ['/api/people', 'chapter'],
  ['/api/people', 'admin'],
  ['/api/invitations', 'chapter'],
  ['/api/invitations', 'admin'],
] as const) {
  for (const [query, field] of [
    ['chapterSlug=Upper-Case', 'chapterSlug'],
    ['chapterSlug=a&chapterSlug=b', 'chapterSlug'],
    ['chapterSlug[]=x', 'chapterSlug[]'],
  ] as const) {
    queryCases.push({
      endpoint: `GET ${path}`,
      label: `?${query}`,
      method: 'GET',
      path: () => `${path}?${query}`,
      caller,
      send: {},
      status: 400,
      field,
    })
  }
  queryCases.push({
    endpoint: `GET ${path}`,
    label: '?page=1 (an unknown parameter)',
    method: 'GET',
    path: () => `${path}?page=1`,
    caller,
    send: {},
    status: 400,
  })
}

const allCases = [...bodyCases, ...paramCases, ...queryCases]

describe(`bad input: ${bodyCases.length} body cases, ${paramCases.length} path cases, ${queryCases.length} query cases (${allCases.length} in all)`, () => {
  it.each(allCases)('$endpoint: $label → $status', async (testCase) => {
    const before = snapshot(app.db)
    const answer = await call(app, testCase.method, testCase.path(), {
      token: testCase.caller && tokens[testCase.caller],
      ...testCase.send,
    })
    expect(answer.status).toBe(testCase.status)
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
    expect(answer.body).toMatchObject({ success: false, message: expect.any(String) })
    if (testCase.field) expect(Object.keys(answer.body.errors ?? {})).toContain(testCase.field)
    expect(snapshot(app.db)).toEqual(before)
  })

  afterAll(() => {
    console.log(
      `bad-input cases: ${allCases.length} (body ${bodyCases.length}, path ${paramCases.length}, query ${queryCases.length})`,
    )
  })
})

describe('server faults', () => {
  it('a 500 carries a generic message only: no stack, SQL or path', async () => {
    const broken = await startTestApp()
    broken.db.$client.close()
    for (const path of ['/api/events', '/api/chapters/some-chapter']) {
      const answer = await call(broken, 'GET', path)
      expect(answer.status).toBe(500)
      expect(answer.body).toEqual({ success: false, message: 'Internal server error' })
    }
    await broken.close().catch(() => {})
  })
})
