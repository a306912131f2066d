import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCommittees } from '#server/services/committee-seed.server'
import { addAccount, call, signIn } from '../support/api'
import { ensureProductionBuild } from '../support/build'
import { startTestApp, type TestApp } from '../support/test-app'

/** The region's committees by year (docs/decisions/101-committees-by-year.md): API, pages, menus, history. */

let app: TestApp
let admin: string
let officer: string
beforeAll(async () => {
  ensureProductionBuild()
  app = await startTestApp({ pages: 'production', env: { RATE_LIMIT_SCALE: '100' } })
  expect(seedCommittees(app.db, new Date(app.ctx.clock.now()))).toBe(13)
  await addAccount(app.db, { role: 'admin', name: 'Committee Admin', email: 'committee-admin@example.org' })
  await addAccount(app.db, { name: 'Committee Chapter', email: 'committee-chapter@example.org' })
  admin = (await signIn(app, 'committee-admin@example.org')).token
  officer = (await signIn(app, 'committee-chapter@example.org')).token
})
afterAll(() => app.close())

type Summary = {
  _id: string
  kind: string
  year: number
  title: string
  path: string
  status: string
  memberCount: number
}
const html = async (url: string) => (await app.request(url)).text()
const excom2023 = async (): Promise<Summary> => {
  const { body } = await call(app, 'GET', '/api/committees')
  const found = (body.committees as Summary[]).find((c) => c.kind === 'excom' && c.year === 2023)
  if (!found) throw new Error('no excom 2023')
  return found
}
const committeesMenu = (page: string) => {
  const start = page.indexOf('Committees')
  return page.slice(start, page.indexOf('</details>', start))
}

describe('GET /api/committees', () => {
  it('anyone gets the published committees; the seed made content/’s thirteen', async () => {
    const { status, body } = await call(app, 'GET', '/api/committees')
    expect(status).toBe(200)
    expect(body.committees).toHaveLength(13)
    expect(body.committees[0]).toEqual({
      _id: expect.any(String),
      kind: expect.any(String),
      year: expect.any(Number),
      title: expect.any(String),
      path: expect.stringMatching(/^\/[a-z-]+-\d\d$/),
      status: 'published',
      memberCount: expect.any(Number),
    })
    const excom = await excom2023()
    expect(excom).toMatchObject({ title: 'Executive Committee 2023', path: '/excom-23' })
  })

  it('seeding again does nothing', () => {
    expect(seedCommittees(app.db, new Date(app.ctx.clock.now()))).toBe(0)
  })
})

describe('permissions and bad input', () => {
  it('officers and visitors may not write: 403 and 401, from the permissions table', async () => {
    const excom = await excom2023()
    const writes: [string, string, unknown][] = [
      ['POST', '/api/committees', { kind: 'excom', year: 2030 }],
      ['PUT', `/api/committees/${excom._id}`, { title: 'x', status: 'draft', groups: [], members: [] }],
      ['DELETE', `/api/committees/${excom._id}`, undefined],
    ]
    for (const [method, path, json] of writes) {
      const refused = await call(app, method, path, { token: officer, json })
      expect(refused.status, `${method} ${path}`).toBe(403)
      expect(refused.body).toMatchObject({
        success: false,
        message: 'Only an administrator may change the committees.',
      })
      expect((await call(app, method, path, { json })).status, `${method} ${path}`).toBe(401)
    }
    expect(
      (await call(app, 'GET', `/api/committees/${excom._id}/revisions`, { token: officer })).status,
    ).toBe(403)
  })

  it('bad input is a 400 naming the fields, and changes nothing', async () => {
    const bad = await call(app, 'POST', '/api/committees', {
      token: admin,
      json: { kind: 'band', year: 1800 },
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({
      success: false,
      errors: { kind: expect.any(String), year: expect.any(String) },
    })
    const excom = await excom2023()
    const { body } = await call(app, 'GET', `/api/committees/${excom._id}`, { token: admin })
    const { title, status, intro, groups, members } = body.committee
    const broken = await call(app, 'PUT', `/api/committees/${excom._id}`, {
      token: admin,
      json: {
        title,
        status,
        intro,
        groups,
        members: [
          { ...members[0], emails: ['not an email'], group: 'nowhere', name: '' },
          ...members.slice(1),
        ],
      },
    })
    expect(broken.status).toBe(400)
    expect(Object.keys(broken.body.errors)).toEqual(
      expect.arrayContaining(['members.0.emails.0', 'members.0.group', 'members.0.name']),
    )
    expect((await call(app, 'GET', `/api/committees/${excom._id}`, { token: admin })).body.committee).toEqual(
      body.committee,
    )
    // The year is taken: 409.
    const taken = await call(app, 'POST', '/api/committees', {
      token: admin,
      json: { kind: 'excom', year: 2023 },
    })
    expect(taken.status).toBe(409)
  })
})

describe('next year’s committee', () => {
  it('a copy is a draft (a 404 to visitors, not in the menu); published, /excom-24 and its menu entry appear', async () => {
    const excom = await excom2023()
    const source = (await call(app, 'GET', `/api/committees/${excom._id}`)).body.committee
    const created = await call(app, 'POST', '/api/committees', {
      token: admin,
      json: { kind: 'excom', year: 2024, copyFrom: excom._id, keepPeople: false },
    })
    expect(created.status).toBe(201)
    const draft = created.body.committee
    expect(draft).toMatchObject({ title: 'Executive Committee 2024', status: 'draft', path: '/excom-24' })
    expect(draft.members.map((m: { designation: string }) => m.designation)).toEqual(
      source.members.map((m: { designation: string }) => m.designation),
    )
    expect(draft.members.every((m: { name: string }) => m.name === '')).toBe(true)

    expect((await app.request('/excom-24')).status).toBe(404)
    expect((await call(app, 'GET', `/api/committees/${draft._id}`)).status).toBe(404)
    expect((await call(app, 'GET', '/api/committees')).body.committees).toHaveLength(13)
    expect((await call(app, 'GET', '/api/committees', { token: admin })).body.committees).toHaveLength(14)
    expect(committeesMenu(await html('/about'))).not.toContain('/excom-24')
    expect(await html('/sitemap.xml')).toContain('/excom-23</loc>')
    expect(await html('/sitemap.xml')).not.toContain('/excom-24')

    // Publishing with people still unnamed is refused, naming them.
    const unnamed = await call(app, 'PUT', `/api/committees/${draft._id}`, {
      token: admin,
      json: { ...draft, status: 'published' },
    })
    expect(unnamed.status).toBe(400)
    expect(unnamed.body.errors['members.0.name']).toBe('Enter the name before publishing')

    // Named (the people kept from 2023, two of them changed), then published.
    const members = source.members.map((member: object, index: number) =>
      index === 0
        ? { ...member, name: 'Nadia Rahman' }
        : index === 1
          ? { ...member, name: 'Imran Kabir' }
          : member,
    )
    const { title, intro, groups } = draft
    const published = await call(app, 'PUT', `/api/committees/${draft._id}`, {
      token: admin,
      json: { title, intro, groups, members, status: 'published' },
    })
    expect(published.status).toBe(200)
    const page = await app.request('/excom-24')
    expect(page.status).toBe(200)
    const body = await page.text()
    expect(body).toContain('Executive Committee 2024')
    expect(body).toContain('Nadia Rahman')
    expect(body).toContain('Imran Kabir')
    expect(body).toContain('The volunteers who led the chapter in 2024.')
    // Newest first, in the menu of every page and in the other years of the executive committee's pages.
    const menu = committeesMenu(await html('/about'))
    expect(menu.indexOf('/excom-24')).toBeGreaterThan(-1)
    expect(menu.indexOf('/excom-24')).toBeLessThan(menu.indexOf('/excom-23'))
    expect(menu).toContain('Executive Committee 2024')
    expect(await html('/excom-18')).toContain('href="/excom-24"')
    expect(await html('/sitemap.xml')).toContain('/excom-24</loc>')

    // Unpublished again: a 404 and out of the menu at once.
    const unpublished = await call(app, 'PUT', `/api/committees/${draft._id}`, {
      token: admin,
      json: { title, intro, groups, members, status: 'draft' },
    })
    expect(unpublished.status).toBe(200)
    expect((await app.request('/excom-24')).status).toBe(404)
    expect(committeesMenu(await html('/about'))).not.toContain('/excom-24')
    expect(await html('/sitemap.xml')).not.toContain('/excom-24')
  })
})

describe('revisions, activity and trash', () => {
  it('every save is a revision; restoring saves an earlier one again', async () => {
    const created = await call(app, 'POST', '/api/committees', {
      token: admin,
      json: { kind: 'sac', year: 2024, title: 'Student Activity Committee 2024' },
    })
    const id = created.body.committee._id
    const first = created.body.committee
    const member = {
      name: 'Sadia Islam',
      designation: 'Chair',
      emails: ['sadia@example.org'],
      group: 'chair',
    }
    const saved = await call(app, 'PUT', `/api/committees/${id}`, {
      token: admin,
      json: { title: 'SAC 2024', status: 'draft', intro: null, groups: first.groups, members: [member] },
    })
    expect(saved.status).toBe(200)
    const revisions = (await call(app, 'GET', `/api/committees/${id}/revisions`, { token: admin })).body
      .revisions
    expect(revisions.map((r: { number: number }) => r.number)).toEqual([2, 1])
    expect(revisions[0]).toMatchObject({ authorName: 'Committee Admin' })
    expect(Object.keys(revisions[0]).sort()).toEqual(['_id', 'authorName', 'number', 'savedAt'])

    const restored = await call(app, 'POST', `/api/committees/${id}/revisions/${revisions[1]._id}/restore`, {
      token: admin,
    })
    expect(restored.status).toBe(200)
    expect(restored.body.committee).toMatchObject({
      title: 'Student Activity Committee 2024',
      memberCount: 0,
    })
    const after = (await call(app, 'GET', `/api/committees/${id}/revisions`, { token: admin })).body.revisions
    expect(after.map((r: { number: number }) => r.number)).toEqual([3, 2, 1])
    expect(
      (await call(app, 'POST', `/api/committees/${id}/revisions/${id}/restore`, { token: admin })).status,
    ).toBe(404)

    const activity = await call(app, 'GET', '/api/activity?page=1&pageSize=10', { token: admin })
    const titles = activity.body.entries.map(
      (entry: { itemTitle?: string; title?: string; action: string }) => entry.action,
    )
    expect(titles).toEqual(expect.arrayContaining(['create', 'update']))
  })

  it('a delete goes to the trash with its revisions, and Undo brings it back whole', async () => {
    const { body } = await call(app, 'GET', '/api/committees')
    const gsm = (body.committees as Summary[]).find((c) => c.kind === 'gsm') as Summary
    expect((await app.request('/gsm-23')).status).toBe(200)
    const deleted = await call(app, 'DELETE', `/api/committees/${gsm._id}`, { token: admin })
    expect(deleted.status).toBe(200)
    expect(deleted.body.trashId).toEqual(expect.any(String))
    expect((await app.request('/gsm-23')).status).toBe(404)
    expect(await html('/about')).not.toContain('/gsm-23')
    // Officers cannot restore it.
    expect(
      (await call(app, 'POST', `/api/trash/${deleted.body.trashId}/restore`, { token: officer })).status,
    ).toBe(403)
    const restored = await call(app, 'POST', `/api/trash/${deleted.body.trashId}/restore`, { token: admin })
    expect(restored.status).toBe(200)
    expect((await app.request('/gsm-23')).status).toBe(200)
    expect(await html('/about')).toContain('/gsm-23')
    const revisions = await call(app, 'GET', `/api/committees/${gsm._id}/revisions`, { token: admin })
    expect(revisions.body.revisions).toHaveLength(1)
  })
})
