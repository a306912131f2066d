import type SQLite from 'better-sqlite3'
import type { Database } from '#db/client.server'
import { createChapterWithOfficer } from '#db/queries/accounts.server'
import { createPerson } from '#db/queries/people.server'
import { slugify } from '#db/slug'
import type {
  ChapterAccountInput,
  ChapterInfoInput,
  EventInput,
  ExcomMemberInput,
  RegistrationSettingsInput,
} from '#db/validation'
import { hashPassword } from '#server/auth/password.server'
import { daysFromToday } from './site-clock'
import { startTestApp, type TestApp } from './test-app'

/** Helpers for API tests: accounts without a hash each, sign-in, JSON requests, valid bodies, table snapshots. */

export const TEST_PASSWORD = 'a long test password 7'
let testPasswordHash: Promise<string> | undefined

export type AccountFields = { role?: 'admin' | 'chapter'; name: string; email: string; phone?: string }

/**
 * What a test knows of an account: for a chapter, `id` is the chapter's (what the API shows and records
 * point to) and `personId` its first officer's; for an administrator both are the person's.
 */
export type Account = {
  id: string
  personId: string
  role: 'admin' | 'chapter'
  name: string
  email: string
  phone: string
  slug: string
}

export async function testPassword(): Promise<string> {
  testPasswordHash ??= hashPassword(TEST_PASSWORD)
  return testPasswordHash
}

/** A chapter with its first officer, or an administrator. Accounts share one argon2 hash (about 50 ms to make), so a test file can create many. */
export async function addAccount(db: Database, fields: AccountFields): Promise<Account> {
  const passwordHash = await testPassword()
  if (fields.role === 'admin') {
    const person = createPerson(db, {
      role: 'admin',
      chapterId: null,
      name: fields.name,
      email: fields.email,
      passwordHash,
    })
    return {
      id: person.id,
      personId: person.id,
      role: 'admin',
      name: person.name,
      email: person.email,
      phone: '',
      slug: slugify(person.name),
    }
  }
  const { chapter, officer } = createChapterWithOfficer(db, { ...fields, passwordHash })
  return { ...chapter, personId: officer.id, role: 'chapter' }
}

/** Another officer of an existing chapter (by the chapter's id), with the test password. */
export async function addOfficer(db: Database, chapterId: string, fields: { name: string; email: string }) {
  return createPerson(db, { role: 'officer', chapterId, ...fields, passwordHash: await testPassword() })
}

/**
 * An app for tests that send requests by the hundred (bad input, the permission matrix), so with the
 * limits raised, and their accounts: all created, those named in `signedIn` signed in (Bearer tokens).
 */
export async function startAppWithAccounts<Name extends string, SignedIn extends Name>(
  accounts: Record<Name, AccountFields>,
  signedIn: readonly SignedIn[],
): Promise<{ app: TestApp; accounts: Record<Name, Account>; tokens: Record<SignedIn, string> }> {
  const app = await startTestApp({ env: { RATE_LIMIT_SCALE: '100' } })
  const created = {} as Record<Name, Account>
  for (const [name, fields] of Object.entries(accounts) as [Name, AccountFields][]) {
    created[name] = await addAccount(app.db, fields)
  }
  const tokens = {} as Record<SignedIn, string>
  for (const name of signedIn) tokens[name] = (await signIn(app, created[name].email)).token
  return { app, accounts: created, tokens }
}

/** Anything that sends requests to a running app: a TestApp, or `clientOf(url)` for a server process. */
export type Client = Pick<TestApp, 'request'>

export const clientOf = (url: string): Client => ({ request: (path, init) => fetch(`${url}${path}`, init) })

export type Auth = { token?: string; cookie?: string; origin?: string; headers?: Record<string, string> }

export type ApiAnswer = {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: tests read any field of the answer.
  body: any
  headers: Headers
}

/** A request with an optional JSON body, signed in by Bearer token or cookie. */
export async function call(
  app: Client,
  method: string,
  path: string,
  options: Auth & { json?: unknown; body?: BodyInit; contentType?: string } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
  if (options.cookie !== undefined) headers.cookie = options.cookie
  if (options.origin !== undefined) headers.origin = options.origin
  let body = options.body
  if (options.json !== undefined) {
    body = JSON.stringify(options.json)
    headers['content-type'] = 'application/json'
  }
  if (options.contentType !== undefined) headers['content-type'] = options.contentType
  const response = await app.request(path, { method, headers, body })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {}
  return { status: response.status, body: parsed, headers: response.headers }
}

/** The manage page's form (`/registrations/{token}/cancel` ticked, or `/accept`), posted as a browser without scripts does. */
export const postManageForm = (app: Client, token: string, action: 'cancel' | 'accept') =>
  app.request(`/registrations/${token}/${action}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: action === 'cancel' ? 'confirm=on' : '',
  })

export type Session = { token: string; cookie: string; userInfo: unknown }

/**
 * Signs in over HTTP; the session cookie comes back as a ready Cookie header, under the name the server
 * gave it (`session`, or `__Host-session` over https).
 */
export async function signIn(app: Client, email: string, password = TEST_PASSWORD): Promise<Session> {
  const answer = await call(app, 'POST', '/api/auth/login', { json: { email, password } })
  if (answer.status !== 200)
    throw new Error(`sign-in of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  const line = answer.headers.getSetCookie().find((cookie) => /^(__Host-)?session=./.test(cookie))
  if (!line) throw new Error(`sign-in of ${email} set no session cookie`)
  return {
    token: answer.body.token,
    cookie: line.slice(0, line.indexOf(';')),
    userInfo: answer.body.userInfo,
  }
}

/** The Set-Cookie lines of an answer, by cookie name. */
export function setCookies(headers: Headers): Record<string, string> {
  const cookies: Record<string, string> = {}
  for (const line of headers.getSetCookie()) {
    const name = line.slice(0, line.indexOf('='))
    cookies[name] = line
  }
  return cookies
}

let serial = 0
/**
 * Text unique to this run, for names and emails that a search finds again; the time and a random part keep
 * it unique across processes too (Playwright's workers).
 */
export const unique = (prefix: string) =>
  `${prefix}-${++serial}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

/**
 * A day two months ahead of whatever day the suite runs on (faketime's too), for tests on the real clock that
 * need an upcoming event (registration open). validEvent's default.
 */
export const UPCOMING_DATE = daysFromToday(60)

/**
 * The day of the events of tests that set a clock of their own around it (registration's, the outbox's):
 * they mean this date, and their clocks say "2026-11-20", whatever day the suite runs on.
 */
export const FIXED_CLOCK_EVENT_DATE = '2026-12-01'

export const validEvent = (
  overrides: Partial<EventInput> = {},
): EventInput & Required<Pick<EventInput, 'banner' | 'eventLink'>> => ({
  title: 'Intro to Rust',
  startTime: '10:00',
  endTime: '12:30',
  eventDate: UPCOMING_DATE,
  location: 'Dhaka',
  host: 'Test Chapter',
  registrationMethod: 'Online',
  fees: 0,
  banner: '/uploads/0123456789abcdef.webp',
  eventLink: 'https://www.facebook.com/events/1',
  description: 'A workshop.\nBring a laptop.',
  ...overrides,
})

/** Registration on this site with a capacity, a waiting list and two questions (one required). */
export const validRegistrationSettings = (
  overrides: Partial<RegistrationSettingsInput> = {},
): RegistrationSettingsInput => ({
  enabled: true,
  capacity: 2,
  waitlist: true,
  approval: false,
  opensAt: null,
  closesAt: null,
  questions: [
    { id: 'student-id', label: 'Student ID', type: 'text', required: true },
    { id: 'shirt', label: 'T-shirt size', type: 'choice', required: false, options: ['S', 'M', 'L'] },
  ],
  paymentMethods: [],
  paymentInstructions: '',
  ...overrides,
})

/** A visitor's registration that answers validRegistrationSettings' questions. */
export const validAttendee = (overrides: Record<string, unknown> = {}) => ({
  name: 'Rahim Uddin',
  email: `${unique('attendee')}@example.org`,
  answers: { 'student-id': '2021-1-60-001', shirt: 'M' },
  ...overrides,
})

export const validMember = (overrides: Partial<ExcomMemberInput> = {}): ExcomMemberInput => ({
  name: 'Nadia Rahman',
  designation: 'Chair',
  affiliation: 'University of Dhaka',
  email: 'nadia@example.org',
  image: 'https://images.example.org/nadia.png',
  ...overrides,
})

export const validInfo = (overrides: Partial<ChapterInfoInput> = {}): ChapterInfoInput => ({
  logo: '/uploads/logo.webp',
  shortDescription: 'A student chapter.',
  websiteUrl: 'https://chapter.example.org',
  facebookUrl: 'https://facebook.com/chapter',
  linkedinUrl: 'https://linkedin.com/company/chapter',
  videoUrl: 'https://www.youtube.com/watch?v=abc123',
  aboutUs: 'We meet every week.',
  ...overrides,
})

export const validChapterAccount = (overrides: Partial<ChapterAccountInput> = {}): ChapterAccountInput => ({
  name: unique('New Chapter'),
  email: `${unique('new')}@example.org`,
  password: 'violet harbour lantern',
  phone: '+880 1711-000000',
  ...overrides,
})

export const validContact = () => ({ name: 'Visitor', email: 'visitor@example.org', message: 'Hello!' })

/**
 * Every table of the database, read from its schema, so a table added later is compared too. Virtual
 * tables (the events' search index) and their shadow tables are left out: what they hold is derived from
 * the others, and a contentless index reads back no text.
 */
export function allTables(sqlite: SQLite.Database): string[] {
  return sqlite
    .prepare(
      "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name != '__drizzle_migrations' ORDER BY name",
    )
    .pluck()
    .all() as string[]
}

/** Every row of the given tables (all of them by default) on a plain SQLite connection. */
export function snapshotRows(sqlite: SQLite.Database, tables = allTables(sqlite)): Record<string, unknown[]> {
  return Object.fromEntries(
    tables.map((table) => [
      table,
      sqlite
        .prepare(`SELECT * FROM "${table}" ORDER BY rowid`)
        .all()
        .map((row) => withoutBookkeeping(table, row as Record<string, unknown>)),
    ]),
  )
}

/** A session's "last seen" moves on any signed-in request (at most once a minute): it is meant to change. */
function withoutBookkeeping(table: string, row: Record<string, unknown>): Record<string, unknown> {
  if (table !== 'sessions') return row
  const { last_seen_at: _lastSeen, ...rest } = row
  return rest
}

/** Every row of every table, to show that a refused request changed nothing. */
export function snapshot(db: Database): Record<string, unknown[]> {
  return snapshotRows(db.$client)
}

/** A small PNG made by sharp; a different `seed` gives different bytes, so a different upload name. */
export async function pictureBytes(seed = 0, size = 8): Promise<Buffer> {
  const sharp = (await import('sharp')).default
  return sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: { r: seed % 256, g: (seed >> 8) % 256, b: 99 },
    },
  })
    .png()
    .toBuffer()
}

/** Uploads a picture through POST /api/uploads and answers its `/uploads/<name>` URL. */
export async function uploadPicture(app: Client, token: string, seed = 0): Promise<string> {
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(await pictureBytes(seed))], { type: 'image/png' }), 'p.png')
  const answer = await call(app, 'POST', '/api/uploads', { token, body: form })
  if (answer.status !== 201) throw new Error(`upload failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body.data.url
}
