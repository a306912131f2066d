import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '#server/auth/one-time-tokens.server'
import {
  type Account,
  addAccount,
  addOfficer,
  call,
  signIn,
  snapshot,
  startAppWithAccounts,
  TEST_PASSWORD,
  validEvent,
} from '../support/api'
import type { TestApp } from '../support/test-app'

/** Invitations and people: one account per person, each chapter's officers managing themselves. */

let app: TestApp
let chapterA: Account
let chapterB: Account
let tokens: Record<'chapter A' | 'chapter B' | 'admin', string>
const NEW_PASSWORD = 'my very own passphrase 5'

beforeAll(async () => {
  const setup = await startAppWithAccounts(
    {
      'chapter A': { name: 'Chapter A', email: 'a@example.org' },
      'chapter B': { name: 'Chapter B', email: 'b@example.org' },
      admin: { role: 'admin', name: 'Admin', email: 'admin@example.org' },
    },
    ['chapter A', 'chapter B', 'admin'],
  )
  app = setup.app
  chapterA = setup.accounts['chapter A']
  chapterB = setup.accounts['chapter B']
  tokens = setup.tokens
})
afterAll(() => app.close())

const invite = (token: string, json: object) => call(app, 'POST', '/api/invitations', { token, json })
const linkToken = (url: string) => new URL(url).pathname.split('/').pop() ?? ''

describe('invitations', () => {
  it('an officer invites a second officer, who accepts, signs in with their own password and shares the chapter', async () => {
    const invited = await invite(tokens['chapter A'], { email: 'Second@Example.org' })
    expect(invited.status).toBe(201)
    expect(invited.body).toMatchObject({
      success: true,
      email: 'not-configured',
      invitation: { email: 'second@example.org', role: 'officer', invitedBy: 'Chapter A' },
    })
    const url: string = invited.body.invitation.url
    expect(url).toMatch(new RegExp(`^${app.ctx.env.publicUrl}/invite/[A-Za-z0-9_-]{43}$`))
    const token = linkToken(url)
    // Only the hash is stored.
    expect(JSON.stringify(snapshot(app.db))).not.toContain(token)
    expect(
      app.db.$client
        .prepare('SELECT count(*) FROM invitations WHERE token_hash = ?')
        .pluck()
        .get(hashToken(token)),
    ).toBe(1)
    const expiresIn = Date.parse(invited.body.invitation.expiresAt) - Date.now()
    expect(expiresIn).toBeGreaterThan(7 * 24 * 3600_000 - 60_000)
    expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600_000)

    const pending = await call(app, 'GET', '/api/invitations', { token: tokens['chapter A'] })
    expect(pending.body.invitations.map((i: { email: string }) => i.email)).toEqual(['second@example.org'])
    expect(JSON.stringify(pending.body)).not.toContain(token)

    const preview = await call(app, 'GET', `/api/invitations/${token}`)
    expect(preview.body).toEqual({
      success: true,
      invitation: {
        email: 'second@example.org',
        role: 'officer',
        chapter: { name: 'Chapter A', slug: chapterA.slug },
        invitedBy: 'Chapter A',
        expiresAt: invited.body.invitation.expiresAt,
      },
    })

    const accepted = await call(app, 'POST', `/api/invitations/${token}/accept`, {
      json: { name: 'Second Officer', password: NEW_PASSWORD },
    })
    expect(accepted.status).toBe(201)
    expect(accepted.body.userInfo).toEqual({
      email: 'second@example.org',
      isAdmin: false,
      name: 'Chapter A',
      slug: chapterA.slug,
    })
    expect(accepted.headers.getSetCookie().join()).toMatch(/session=/)
    // Signed in by accepting, and with their own password later.
    expect((await call(app, 'GET', '/api/auth/me', { token: accepted.body.token })).status).toBe(200)
    const second = await signIn(app, 'second@example.org', NEW_PASSWORD)

    // The chapter's records are theirs too: an event of the first officer, edited by the second.
    const event = await call(app, 'POST', '/api/events', { token: tokens['chapter A'], json: validEvent() })
    const edited = await call(app, 'PUT', `/api/events/${event.body.event._id}`, {
      token: second.token,
      json: validEvent({ title: 'Edited by the second officer' }),
    })
    expect(edited.status).toBe(200)
    const mine = await call(app, 'GET', '/api/events/myevents', { token: second.token })
    expect(mine.body.events.map((e: { _id: string }) => e._id)).toContain(event.body.event._id)
    // Not chapter B's.
    const other = await call(app, 'PUT', `/api/events/${event.body.event._id}`, {
      token: tokens['chapter B'],
      json: validEvent(),
    })
    expect(other.status).toBe(403)

    // The link worked once: now a 410, with nothing changed.
    const before = snapshot(app.db)
    expect((await call(app, 'GET', `/api/invitations/${token}`)).status).toBe(410)
    const again = await call(app, 'POST', `/api/invitations/${token}/accept`, {
      json: { name: 'Someone Else', password: NEW_PASSWORD },
    })
    expect(again).toMatchObject({ status: 410, body: { success: false } })
    expect(snapshot(app.db)).toEqual(before)
    const pendingAfter = await call(app, 'GET', '/api/invitations', { token: tokens['chapter A'] })
    expect(pendingAfter.body.invitations).toEqual([])
  })

  it('an expired or withdrawn link is a 410 that changes nothing; an unknown one a 404', async () => {
    const expired = await invite(tokens['chapter A'], { email: 'late@example.org' })
    const expiredToken = linkToken(expired.body.invitation.url)
    app.db.$client
      .prepare('UPDATE invitations SET expires_at = ? WHERE id = ?')
      .run(Date.now() - 1000, expired.body.invitation._id)
    const withdrawn = await invite(tokens['chapter A'], { email: 'withdrawn@example.org' })
    const withdrawnToken = linkToken(withdrawn.body.invitation.url)
    expect(
      (
        await call(app, 'DELETE', `/api/invitations/${withdrawn.body.invitation._id}`, {
          token: tokens['chapter A'],
        })
      ).status,
    ).toBe(200)
    const before = snapshot(app.db)
    for (const token of [expiredToken, withdrawnToken]) {
      expect((await call(app, 'GET', `/api/invitations/${token}`)).status).toBe(410)
      const accept = await call(app, 'POST', `/api/invitations/${token}/accept`, {
        json: { name: 'Late', password: NEW_PASSWORD },
      })
      expect(accept.status).toBe(410)
    }
    const unknown = 'A'.repeat(43)
    expect((await call(app, 'GET', `/api/invitations/${unknown}`)).status).toBe(404)
    expect(
      (
        await call(app, 'DELETE', `/api/invitations/${withdrawn.body.invitation._id}`, {
          token: tokens['chapter A'],
        })
      ).status,
    ).toBe(410)
    expect(snapshot(app.db)).toEqual(before)
  })

  it("409 for an existing person's email, in any case; a new invitation replaces the pending one", async () => {
    for (const email of ['A@example.org', 'ADMIN@example.org']) {
      expect((await invite(tokens['chapter A'], { email })).status).toBe(409)
    }
    const first = await invite(tokens['chapter A'], { email: 'twice@example.org' })
    const second = await invite(tokens['chapter A'], { email: 'twice@example.org' })
    expect((await call(app, 'GET', `/api/invitations/${linkToken(first.body.invitation.url)}`)).status).toBe(
      410,
    )
    expect((await call(app, 'GET', `/api/invitations/${linkToken(second.body.invitation.url)}`)).status).toBe(
      200,
    )
  })

  it("an officer inviting an email withdraws only their own chapter's pending invitation to it", async () => {
    const email = 'sought-after@example.org'
    const asAdministrator = await invite(tokens.admin, { email })
    const toChapterB = await invite(tokens['chapter B'], { email })
    const toChapterA = await invite(tokens['chapter A'], { email })
    for (const invited of [asAdministrator, toChapterB, toChapterA]) expect(invited.status).toBe(201)
    const stateOf = async (invited: typeof asAdministrator) =>
      (await call(app, 'GET', `/api/invitations/${linkToken(invited.body.invitation.url)}`)).status
    // The administrator's and the other chapter's invitations still work.
    expect(await stateOf(asAdministrator)).toBe(200)
    expect(await stateOf(toChapterB)).toBe(200)
    expect(await stateOf(toChapterA)).toBe(200)
    const admins = await call(app, 'GET', '/api/invitations', { token: tokens.admin })
    expect(admins.body.invitations.map((i: { email: string }) => i.email)).toContain(email)
    // Inviting to the same place again replaces the earlier link there, and only there.
    const again = await invite(tokens['chapter A'], { email })
    expect(await stateOf(toChapterA)).toBe(410)
    expect(await stateOf(again)).toBe(200)
    expect(await stateOf(asAdministrator)).toBe(200)
    expect(await stateOf(toChapterB)).toBe(200)
  })

  it('an officer invites to their own chapter only; an administrator to any chapter, or as an administrator', async () => {
    expect(
      (await invite(tokens['chapter A'], { email: 'x@example.org', chapterSlug: chapterB.slug })).status,
    ).toBe(403)
    const own = await invite(tokens['chapter A'], { email: 'own@example.org', chapterSlug: chapterA.slug })
    expect(own.status).toBe(201)
    expect(
      (
        await call(app, 'GET', `/api/invitations?chapterSlug=${chapterB.slug}`, {
          token: tokens['chapter A'],
        })
      ).status,
    ).toBe(403)
    // Chapter B cannot withdraw chapter A's invitation.
    expect(
      (
        await call(app, 'DELETE', `/api/invitations/${own.body.invitation._id}`, {
          token: tokens['chapter B'],
        })
      ).status,
    ).toBe(403)

    const toB = await invite(tokens.admin, { email: 'officer-b@example.org', chapterSlug: chapterB.slug })
    expect(toB.body.invitation.role).toBe('officer')
    const asAdmin = await invite(tokens.admin, { email: 'second-admin@example.org' })
    expect(asAdmin.body.invitation.role).toBe('admin')
    expect(
      (await invite(tokens.admin, { email: 'nowhere@example.org', chapterSlug: 'no-such-chapter' })).status,
    ).toBe(404)
    const accepted = await call(
      app,
      'POST',
      `/api/invitations/${linkToken(asAdmin.body.invitation.url)}/accept`,
      {
        json: { name: 'Second Admin', password: NEW_PASSWORD },
      },
    )
    expect(accepted.body.userInfo).toMatchObject({
      email: 'second-admin@example.org',
      isAdmin: true,
      name: 'Second Admin',
    })
    const admins = await call(app, 'GET', '/api/people', { token: tokens.admin })
    expect(admins.body.people.map((p: { email: string }) => p.email)).toEqual([
      'admin@example.org',
      'second-admin@example.org',
    ])
  })

  it("GET /api/invitations lists the group asked for only, while other chapters' and administrators' invitations are pending", async () => {
    const one = await addAccount(app.db, { name: 'Listing One', email: 'listing-one@example.org' })
    const two = await addAccount(app.db, { name: 'Listing Two', email: 'listing-two@example.org' })
    const officerOne = (await signIn(app, one.email)).token
    const officerTwo = (await signIn(app, two.email)).token
    const pending = {
      one: ['one-a@example.org', 'one-b@example.org'],
      two: ['two-a@example.org'],
      admins: ['listing-admin@example.org'],
    }
    for (const email of pending.one) expect((await invite(officerOne, { email })).status).toBe(201)
    for (const email of pending.two) expect((await invite(officerTwo, { email })).status).toBe(201)
    for (const email of pending.admins) expect((await invite(tokens.admin, { email })).status).toBe(201)
    const listed = async (token: string, query = '') => {
      const answer = await call(app, 'GET', `/api/invitations${query}`, { token })
      expect(answer.status).toBe(200)
      return answer.body.invitations.map((invitation: { email: string }) => invitation.email).sort()
    }
    expect(await listed(officerOne)).toEqual(pending.one)
    expect(await listed(officerOne, `?chapterSlug=${one.slug}`)).toEqual(pending.one)
    expect(await listed(officerTwo)).toEqual(pending.two)
    expect(await listed(tokens.admin, `?chapterSlug=${one.slug}`)).toEqual(pending.one)
    expect(await listed(tokens.admin, `?chapterSlug=${two.slug}`)).toEqual(pending.two)
    const forAdmins = await listed(tokens.admin)
    expect(forAdmins).toContain('listing-admin@example.org')
    expect(forAdmins.filter((email: string) => email.startsWith('one-') || email.startsWith('two-'))).toEqual(
      [],
    )
  })

  it('an invitation accepted twice at the same time makes one person: one 201, one 410', async () => {
    const chapter = await addAccount(app.db, { name: 'Race Chapter', email: 'race@example.org' })
    const invited = await invite((await signIn(app, chapter.email)).token, { email: 'racer@example.org' })
    const token = linkToken(invited.body.invitation.url)
    const passwords = ['the first racer passphrase 1', 'the second racer passphrase 2']
    // Both requests are in flight before either answers: each passes the first check, then waits for its hash.
    const answers = await Promise.all(
      passwords.map((password) =>
        call(app, 'POST', `/api/invitations/${token}/accept`, { json: { name: 'Racer', password } }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 410])
    const winner = answers.findIndex((answer) => answer.status === 201)
    expect(answers[1 - winner]?.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/already used/),
    })
    expect(
      app.db.$client.prepare("SELECT count(*) FROM users WHERE email = 'racer@example.org'").pluck().get(),
    ).toBe(1)
    await signIn(app, 'racer@example.org', passwords[winner])
    expect((await call(app, 'GET', '/api/auth/me', { token: answers[winner]?.body.token })).status).toBe(200)
  })

  it('refuses a common password when accepting, and changes nothing', async () => {
    const invited = await invite(tokens['chapter B'], { email: 'weak@example.org' })
    const before = snapshot(app.db)
    const answer = await call(
      app,
      'POST',
      `/api/invitations/${linkToken(invited.body.invitation.url)}/accept`,
      {
        json: { name: 'Weak', password: 'password123' },
      },
    )
    expect(answer).toMatchObject({ status: 400, body: { errors: { password: expect.any(String) } } })
    expect(snapshot(app.db)).toEqual(before)
  })
})

describe('people', () => {
  it('an officer sees their chapter’s officers with their last sign-in, and no one else', async () => {
    const answer = await call(app, 'GET', '/api/people', { token: tokens['chapter B'] })
    expect(answer.body.people).toEqual([
      expect.objectContaining({
        _id: chapterB.personId,
        email: 'b@example.org',
        role: 'officer',
        disabled: false,
        isYou: true,
      }),
    ])
    expect(Date.parse(answer.body.people[0].lastSignInAt)).toBeGreaterThan(Date.now() - 600_000)
    expect(JSON.stringify(answer.body)).not.toMatch(/argon2|password/i)
    expect(
      (await call(app, 'GET', `/api/people?chapterSlug=${chapterA.slug}`, { token: tokens['chapter B'] }))
        .status,
    ).toBe(403)
    const forAdmin = await call(app, 'GET', `/api/people?chapterSlug=${chapterA.slug}`, {
      token: tokens.admin,
    })
    expect(forAdmin.body.people.map((p: { email: string }) => p.email)).toEqual([
      'a@example.org',
      'second@example.org',
    ])
  })

  it('disabling ends their sessions at once and keeps them out; removing too; the last active officer stays', async () => {
    const chapter = await addAccount(app.db, { name: 'Chapter C', email: 'c@example.org' })
    const first = await signIn(app, chapter.email)
    const helper = await addOfficer(app.db, chapter.id, { name: 'Helper', email: 'helper@example.org' })
    const helperSession = await signIn(app, helper.email)

    // An officer cannot disable or remove themselves, nor anyone outside their chapter.
    expect(
      await call(app, 'DELETE', `/api/people/${chapter.personId}`, { token: first.token }),
    ).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^You cannot disable or remove yourself/) },
    })
    expect(
      (await call(app, 'DELETE', `/api/people/${chapterA.personId}`, { token: first.token })).status,
    ).toBe(403)

    const disabled = await call(app, 'PATCH', `/api/people/${helper.id}`, {
      token: first.token,
      json: { disabled: true },
    })
    expect(disabled).toMatchObject({ status: 200, body: { person: { disabled: true } } })
    expect((await call(app, 'GET', '/api/auth/me', { token: helperSession.token })).status).toBe(401)
    const login = await call(app, 'POST', '/api/auth/login', {
      json: { email: helper.email, password: TEST_PASSWORD },
    })
    expect(login.status).toBe(401)

    expect(
      (
        await call(app, 'PATCH', `/api/people/${helper.id}`, {
          token: first.token,
          json: { disabled: false },
        })
      ).status,
    ).toBe(200)
    const again = await signIn(app, helper.email)
    expect(
      (
        await call(app, 'PATCH', `/api/people/${chapter.personId}`, {
          token: again.token,
          json: { disabled: true },
        })
      ).status,
    ).toBe(200)
    expect((await call(app, 'GET', '/api/auth/me', { token: first.token })).status).toBe(401)
    // An administrator may act on any chapter's officers.
    expect(
      (
        await call(app, 'PATCH', `/api/people/${chapter.personId}`, {
          token: tokens.admin,
          json: { disabled: false },
        })
      ).status,
    ).toBe(200)
    const firstAgain = await signIn(app, chapter.email)
    expect(
      (
        await call(app, 'PATCH', `/api/people/${helper.id}`, {
          token: firstAgain.token,
          json: { disabled: true },
        })
      ).status,
    ).toBe(200)
    const helperOnly = await call(app, 'PATCH', `/api/people/${helper.id}`, {
      token: tokens.admin,
      json: { disabled: false },
    })
    expect(helperOnly.status).toBe(200)

    const helperFinal = await signIn(app, helper.email)
    const removed = await call(app, 'DELETE', `/api/people/${helper.id}`, { token: firstAgain.token })
    expect(removed).toMatchObject({ status: 200, body: { success: true } })
    expect((await call(app, 'GET', '/api/auth/me', { token: helperFinal.token })).status).toBe(401)
    expect((await call(app, 'DELETE', `/api/people/${helper.id}`, { token: firstAgain.token })).status).toBe(
      404,
    )
    // The first officer is now the chapter's only active one: refused for that reason, nothing changed.
    const before = snapshot(app.db)
    for (const request of [
      call(app, 'PATCH', `/api/people/${chapter.personId}`, {
        token: firstAgain.token,
        json: { disabled: true },
      }),
      call(app, 'DELETE', `/api/people/${chapter.personId}`, { token: firstAgain.token }),
    ]) {
      expect(await request).toMatchObject({
        status: 409,
        body: { success: false, message: 'The chapter’s last active officer must stay.' },
      })
    }
    expect(snapshot(app.db)).toEqual(before)
  })

  it('the last active administrator stays', async () => {
    const admins = await call(app, 'GET', '/api/people', { token: tokens.admin })
    const second = admins.body.people.find((p: { email: string }) => p.email === 'second-admin@example.org')
    const secondSession = await signIn(app, 'second-admin@example.org', NEW_PASSWORD)
    const me = admins.body.people.find((p: { isYou: boolean }) => p.isYou)
    // With another active administrator, the refusal is about removing oneself.
    expect(await call(app, 'DELETE', `/api/people/${me._id}`, { token: tokens.admin })).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^You cannot disable or remove yourself/) },
    })
    expect((await call(app, 'DELETE', `/api/people/${second._id}`, { token: tokens.admin })).status).toBe(200)
    expect((await call(app, 'GET', '/api/auth/me', { token: secondSession.token })).status).toBe(401)
    // Now the last active one: refused for that reason, nothing changed.
    const before = snapshot(app.db)
    for (const request of [
      call(app, 'DELETE', `/api/people/${me._id}`, { token: tokens.admin }),
      call(app, 'PATCH', `/api/people/${me._id}`, { token: tokens.admin, json: { disabled: true } }),
    ]) {
      expect(await request).toMatchObject({
        status: 409,
        body: { success: false, message: 'The last active administrator must stay.' },
      })
    }
    expect(snapshot(app.db)).toEqual(before)
  })

  it("PUT /api/users edits the officer who signs in with the chapter's email, and no other", async () => {
    const chapter = await addAccount(app.db, { name: 'Chapter E', email: 'e@example.org' })
    const other = await addOfficer(app.db, chapter.id, { name: 'E Other', email: 'e-other@example.org' })
    const edit = (json: object) =>
      call(app, 'PUT', `/api/users/${chapter.slug}`, { token: tokens.admin, json })
    const fields = { name: 'Chapter E', phone: '01711000000' }
    expect((await edit({ ...fields, email: 'E-new@example.org', password: NEW_PASSWORD })).status).toBe(200)
    await signIn(app, 'e-new@example.org', NEW_PASSWORD)
    await signIn(app, other.email)
    // Once that officer is gone, editing the chapter changes nobody's sign-in; a password has nobody to go to.
    const firstOfficer = await signIn(app, 'e-new@example.org', NEW_PASSWORD)
    expect(
      (await call(app, 'DELETE', `/api/people/${chapter.personId}`, { token: tokens.admin })).status,
    ).toBe(200)
    expect((await call(app, 'GET', '/api/auth/me', { token: firstOfficer.token })).status).toBe(401)
    const before = snapshot(app.db)
    expect((await edit({ ...fields, email: 'e-newer@example.org', password: NEW_PASSWORD })).status).toBe(409)
    expect(snapshot(app.db)).toEqual(before)
    expect((await edit({ ...fields, email: 'e-newer@example.org' })).status).toBe(200)
    await signIn(app, other.email)
  })
})
