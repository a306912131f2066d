import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInvitation } from '#db/queries/invitations.server'
import { createPasswordReset } from '#db/queries/password-resets.server'
import { findPersonById } from '#db/queries/people.server'
import type { User } from '#db/schema'
import { newOneTimeToken } from '#server/auth/one-time-tokens.server'
import {
  type Account,
  addOfficer,
  call,
  signIn,
  snapshot,
  startAppWithAccounts,
  TEST_PASSWORD,
  testPassword,
  unique,
} from '../support/api'
import type { TestApp } from '../support/test-app'

/**
 * The permission matrix of the people endpoints: each endpoint × { anonymous, officer of A, second
 * officer of A, officer of B, removed officer, disabled officer, admin, expired/used token } × { Bearer
 * token, cookie from the site's origin }. A refused request (and a used or expired link) must leave every
 * table as it was. "Expired/used token" is a link already used or expired on the endpoints that take a
 * link token, and a session token after logout on the others.
 */

const CALLERS = [
  'anonymous',
  'officer of A',
  'second officer of A',
  'officer of B',
  'removed officer',
  'disabled officer',
  'admin',
  'expired/used token',
] as const
type CallerName = (typeof CALLERS)[number]

let app: TestApp
let chapterA: Account
let chapterB: Account
let inviter: User
const tokens: Partial<Record<CallerName, string>> = {}
const emails: Partial<Record<CallerName, string>> = {}

async function signInCallers() {
  for (const name of ['officer of A', 'second officer of A', 'officer of B', 'admin'] as const) {
    tokens[name] = (await signIn(app, emails[name] ?? '')).token
  }
}

beforeAll(async () => {
  const setup = await startAppWithAccounts(
    {
      A: { name: 'Chapter A', email: 'a@example.org' },
      B: { name: 'Chapter B', email: 'b@example.org' },
      admin: { role: 'admin', name: 'Admin', email: 'admin@example.org' },
    },
    [],
  )
  app = setup.app
  chapterA = setup.accounts.A
  chapterB = setup.accounts.B
  inviter = findPersonById(app.db, chapterA.personId) as User
  await addOfficer(app.db, chapterA.id, { name: 'Second A', email: 'a2@example.org' })
  Object.assign(emails, {
    'officer of A': 'a@example.org',
    'second officer of A': 'a2@example.org',
    'officer of B': 'b@example.org',
    admin: 'admin@example.org',
  })
  await signInCallers()
  const removed = await addOfficer(app.db, chapterA.id, { name: 'Removed', email: 'removed@example.org' })
  tokens['removed officer'] = (await signIn(app, removed.email)).token
  expect(
    (await call(app, 'DELETE', `/api/people/${removed.id}`, { token: tokens['officer of A'] })).status,
  ).toBe(200)
  const disabled = await addOfficer(app.db, chapterA.id, { name: 'Disabled', email: 'disabled@example.org' })
  tokens['disabled officer'] = (await signIn(app, disabled.email)).token
  const patched = await call(app, 'PATCH', `/api/people/${disabled.id}`, {
    token: tokens['officer of A'],
    json: { disabled: true },
  })
  expect(patched.status).toBe(200)
  const loggedOut = await signIn(app, 'a@example.org')
  await call(app, 'POST', '/api/auth/logout', { token: loggedOut.token })
  tokens['expired/used token'] = loggedOut.token
})
afterAll(() => app.close())

/** A pending invitation to chapter A, made in the database: its token, or an accepted (used) one's. */
function invitationToken(state: 'pending' | 'used' | 'expired' = 'pending'): { token: string; id: string } {
  const { token, hash } = newOneTimeToken()
  const invitation = createInvitation(app.db, {
    tokenHash: hash,
    email: `${unique('invitee')}@example.org`.toLowerCase(),
    role: 'officer',
    chapterId: chapterA.id,
    invitedBy: inviter,
  })
  if (state === 'used')
    app.db.$client
      .prepare('UPDATE invitations SET accepted_at = ? WHERE id = ?')
      .run(Date.now(), invitation.id)
  if (state === 'expired')
    app.db.$client
      .prepare('UPDATE invitations SET expires_at = ? WHERE id = ?')
      .run(Date.now() - 1, invitation.id)
  return { token, id: invitation.id }
}

async function freshOfficerOfA(): Promise<User> {
  return addOfficer(app.db, chapterA.id, {
    name: 'Target',
    email: `${unique('target')}@example.org`.toLowerCase(),
  })
}

function resetToken(person: User, state: 'usable' | 'used'): string {
  const { token, hash } = newOneTimeToken()
  const reset = createPasswordReset(app.db, person.id, hash)
  if (state === 'used')
    app.db.$client.prepare('UPDATE password_resets SET used_at = ? WHERE id = ?').run(Date.now(), reset.id)
  return token
}

type Cell = { path: string; json?: unknown; token?: string }
type Row = {
  endpoint: string
  method: string
  /** Statuses for the callers, in the order of CALLERS. */
  expect: [number, number, number, number, number, number, number, number]
  /** The request a caller sends; by default the caller's session token is added. */
  prepare: (caller: CallerName) => Cell | Promise<Cell>
  /** After an allowed call that ended or changed the callers' sessions or passwords. */
  after?: () => Promise<void>
}

const SIGNED_IN = (allowed: number, outsider = allowed): Row['expect'] => [
  401,
  allowed,
  allowed,
  outsider,
  401,
  401,
  allowed,
  401,
]

const restorePasswordsAndSessions = async () => {
  app.db.$client.prepare('UPDATE users SET password_hash = ?').run(await testPassword())
  await signInCallers()
}

const rows: Row[] = [
  {
    endpoint: 'POST /api/invitations (own chapter, or an administrator)',
    method: 'POST',
    expect: SIGNED_IN(201),
    prepare: () => ({ path: '/api/invitations', json: { email: `${unique('new')}@example.org` } }),
  },
  {
    endpoint: 'POST /api/invitations to chapter A',
    method: 'POST',
    expect: SIGNED_IN(201, 403),
    prepare: () => ({
      path: '/api/invitations',
      json: { email: `${unique('new')}@example.org`, chapterSlug: chapterA.slug },
    }),
  },
  {
    endpoint: 'GET /api/invitations',
    method: 'GET',
    expect: SIGNED_IN(200),
    prepare: () => ({ path: '/api/invitations' }),
  },
  {
    endpoint: 'GET /api/invitations?chapterSlug=A',
    method: 'GET',
    expect: SIGNED_IN(200, 403),
    prepare: () => ({ path: `/api/invitations?chapterSlug=${chapterA.slug}` }),
  },
  {
    endpoint: 'DELETE /api/invitations/:id (of chapter A)',
    method: 'DELETE',
    expect: SIGNED_IN(200, 403),
    prepare: () => ({ path: `/api/invitations/${invitationToken().id}` }),
  },
  {
    endpoint: 'GET /api/invitations/:token (used or expired link for the last caller)',
    method: 'GET',
    expect: [200, 200, 200, 200, 200, 200, 200, 410],
    prepare: (caller) => ({
      path: `/api/invitations/${invitationToken(caller === 'expired/used token' ? 'expired' : 'pending').token}`,
    }),
  },
  {
    endpoint: 'POST /api/invitations/:token/accept (used link for the last caller)',
    method: 'POST',
    expect: [201, 201, 201, 201, 201, 201, 201, 410],
    prepare: (caller) => ({
      path: `/api/invitations/${invitationToken(caller === 'expired/used token' ? 'used' : 'pending').token}/accept`,
      json: { name: 'Invitee', password: 'an invitee passphrase 3' },
    }),
    // Accepting signs the new person in; a session the cookie carried ends (a new sign-in replaces it), so
    // the callers sign in again.
    after: signInCallers,
  },
  {
    endpoint: 'GET /api/people',
    method: 'GET',
    expect: SIGNED_IN(200),
    prepare: () => ({ path: '/api/people' }),
  },
  {
    endpoint: 'GET /api/people?chapterSlug=A',
    method: 'GET',
    expect: SIGNED_IN(200, 403),
    prepare: () => ({ path: `/api/people?chapterSlug=${chapterA.slug}` }),
  },
  {
    endpoint: 'PATCH /api/people/:id (an officer of A)',
    method: 'PATCH',
    expect: SIGNED_IN(200, 403),
    prepare: async () => ({ path: `/api/people/${(await freshOfficerOfA()).id}`, json: { disabled: true } }),
  },
  {
    endpoint: 'DELETE /api/people/:id (an officer of A)',
    method: 'DELETE',
    expect: SIGNED_IN(200, 403),
    prepare: async () => ({ path: `/api/people/${(await freshOfficerOfA()).id}` }),
  },
  {
    endpoint: 'DELETE /api/people/:id (an officer of B)',
    method: 'DELETE',
    expect: [401, 403, 403, 200, 401, 401, 200, 401],
    prepare: async () => {
      const person = await addOfficer(app.db, chapterB.id, {
        name: 'B target',
        email: `${unique('bt')}@example.org`.toLowerCase(),
      })
      return { path: `/api/people/${person.id}` }
    },
  },
  {
    endpoint: 'POST /api/people/:id/reset-link',
    method: 'POST',
    expect: [401, 403, 403, 403, 401, 401, 201, 401],
    prepare: async () => ({ path: `/api/people/${(await freshOfficerOfA()).id}/reset-link` }),
  },
  {
    endpoint: 'POST /api/auth/password',
    method: 'POST',
    expect: SIGNED_IN(200),
    prepare: () => ({
      path: '/api/auth/password',
      json: { currentPassword: TEST_PASSWORD, newPassword: 'a changed passphrase 8' },
    }),
    after: restorePasswordsAndSessions,
  },
  {
    endpoint: 'PATCH /api/auth/me',
    method: 'PATCH',
    expect: SIGNED_IN(200),
    prepare: () => ({ path: '/api/auth/me', json: { name: unique('Name') } }),
  },
  {
    endpoint: 'POST /api/auth/forgot',
    method: 'POST',
    expect: [200, 200, 200, 200, 200, 200, 200, 200],
    prepare: () => ({ path: '/api/auth/forgot', json: { email: `${unique('f')}@example.org` } }),
  },
  {
    endpoint: 'POST /api/auth/reset (used link for the last caller)',
    method: 'POST',
    expect: [200, 200, 200, 200, 200, 200, 200, 410],
    prepare: async (caller) => ({
      path: '/api/auth/reset',
      json: {
        token: resetToken(await freshOfficerOfA(), caller === 'expired/used token' ? 'used' : 'usable'),
        password: 'a reset passphrase 6',
      },
    }),
  },
  {
    endpoint: 'GET /api/auth/sessions',
    method: 'GET',
    expect: SIGNED_IN(200),
    prepare: () => ({ path: '/api/auth/sessions' }),
  },
  {
    endpoint: "DELETE /api/auth/sessions/:id (another of the caller's sessions)",
    method: 'DELETE',
    expect: SIGNED_IN(200),
    prepare: async (caller) => {
      const email = emails[caller] ?? 'a@example.org'
      const other = await signIn(app, email)
      const list = await call(app, 'GET', '/api/auth/sessions', { token: other.token })
      const own = list.body.sessions.find((s: { isCurrent: boolean }) => s.isCurrent)._id
      return { path: `/api/auth/sessions/${own}` }
    },
  },
  {
    endpoint: 'DELETE /api/auth/sessions/:id (an administrator session)',
    method: 'DELETE',
    expect: [401, 404, 404, 404, 401, 401, 200, 401],
    prepare: async () => {
      const other = await signIn(app, 'admin@example.org')
      const list = await call(app, 'GET', '/api/auth/sessions', { token: other.token })
      const own = list.body.sessions.find((s: { isCurrent: boolean }) => s.isCurrent)._id
      return { path: `/api/auth/sessions/${own}` }
    },
  },
  {
    endpoint: 'DELETE /api/auth/sessions (all others)',
    method: 'DELETE',
    expect: SIGNED_IN(200),
    prepare: () => ({ path: '/api/auth/sessions' }),
    after: restorePasswordsAndSessions,
  },
]

const TRANSPORTS = ['bearer', 'cookie'] as const

const matrix = rows.flatMap((row) =>
  TRANSPORTS.flatMap((transport) =>
    CALLERS.map((caller, index) => ({ row, caller, transport, status: row.expect[index] ?? 0 })),
  ),
)

describe(`people permission matrix: ${rows.length} endpoints × ${CALLERS.length} callers × ${TRANSPORTS.length} transports = ${matrix.length} cells`, () => {
  it.each(matrix.map((cell) => [cell.row.endpoint, cell.caller, cell.transport, cell.status, cell] as const))(
    '%s as %s (%s) → %i',
    async (_endpoint, caller, transport, status, { row }) => {
      const cell = await row.prepare(caller)
      const token = cell.token ?? (caller === 'anonymous' ? undefined : tokens[caller])
      const credentials =
        token === undefined
          ? {}
          : transport === 'bearer'
            ? { token }
            : { cookie: `session=${token}`, origin: app.url }
      const before = status >= 300 ? snapshot(app.db) : undefined
      const answer = await call(app, row.method, cell.path, { ...credentials, json: cell.json })
      expect(answer.status, JSON.stringify(answer.body)).toBe(status)
      if (before) {
        expect(answer.body).toMatchObject({ success: false, message: expect.any(String) })
        expect(snapshot(app.db)).toEqual(before)
      } else if (row.after) {
        await row.after()
      }
    },
  )
})
