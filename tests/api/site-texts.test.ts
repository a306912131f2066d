import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SiteTexts } from '#content/schema'
import { seedSiteTexts } from '#content/site-texts'
import { activity } from '#db/schema'
import { seedSiteTextsOnce } from '#server/services/site-texts.server'
import { addAccount, call, signIn } from '../support/api'
import { ensureProductionBuild } from '../support/build'
import { startTestApp, type TestApp } from '../support/test-app'

let app: TestApp
let admin = ''
let officer = ''

beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  // Pages and the front cache as in production: a save must show on /contact at once.
  app = await startTestApp({ pages: 'production' })
  await addAccount(app.db, { role: 'admin', name: 'Site Admin', email: 'site-admin@example.org' })
  await addAccount(app.db, { name: 'Texts Chapter', email: 'texts-chapter@example.org' })
  admin = (await signIn(app, 'site-admin@example.org')).token
  officer = (await signIn(app, 'texts-chapter@example.org')).token
})
afterAll(() => app.close())

const read = async () => (await call(app, 'GET', '/api/site')).body.site as SiteTexts
const withPhone = (texts: SiteTexts, phone: string): SiteTexts => ({
  ...texts,
  contact: { ...texts.contact, phone },
})
const contactPage = async () => (await app.request('/contact')).text()

describe('/api/site', () => {
  it('lets anyone read the texts, seeded from content/', async () => {
    const answer = await call(app, 'GET', '/api/site')
    expect(answer.status).toBe(200)
    expect(answer.body.site).toEqual(seedSiteTexts())
    expect(Object.keys(answer.body.site)).toEqual([
      'home',
      'about',
      'membership',
      'awards',
      'achievements',
      'contact',
      'social',
      'footer',
    ])
  })

  it('refuses visitors (401) and officers (403, from the permissions table), and changes nothing', async () => {
    const before = await read()
    const changed = withPhone(before, '+880 1999-111111')
    expect((await call(app, 'PUT', '/api/site', { json: changed })).status).toBe(401)
    const refused = await call(app, 'PUT', '/api/site', { token: officer, json: changed })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({
      success: false,
      message: "Only an administrator changes the site's texts.",
    })
    expect((await call(app, 'GET', '/api/site/revisions', { token: officer })).status).toBe(403)
    expect(await read()).toEqual(before)
  })

  it('answers bad input with field errors and keeps the texts', async () => {
    const before = await read()
    const bad = {
      ...before,
      contact: { ...before.contact, email: 'not an address', hours: [] },
      social: [{ label: 'Evil', href: 'javascript:alert(1)' }],
      awards: {
        ...before.awards,
        cards: [
          { ...before.awards.cards[0], photo: { src: 'https://evil.example/x.png', width: 1, height: 1 } },
        ],
      },
    }
    const answer = await call(app, 'PUT', '/api/site', { token: admin, json: bad })
    expect(answer.status).toBe(400)
    expect(answer.body.success).toBe(false)
    expect(Object.keys(answer.body.errors)).toEqual(
      expect.arrayContaining(['contact.email', 'contact.hours', 'social.0.href', 'awards.cards.0.photo.src']),
    )
    expect(await read()).toEqual(before)
  })

  it('saves, shows the new phone on /contact at once, keeps a revision and an activity entry', async () => {
    const before = await read()
    expect(await contactPage()).toContain(before.contact.phone)
    const saved = await call(app, 'PUT', '/api/site', {
      token: admin,
      json: withPhone(before, '+880 1711-222333'),
    })
    expect(saved.status).toBe(200)
    expect(saved.body.site.contact.phone).toBe('+880 1711-222333')
    // The front cache held /contact; the save dropped it.
    const page = await contactPage()
    expect(page).toContain('+880 1711-222333')
    expect(page).not.toContain(before.contact.phone)

    const revisions = await call(app, 'GET', '/api/site/revisions', { token: admin })
    expect(revisions.status).toBe(200)
    expect(revisions.body.revisions[0]).toMatchObject({
      number: saved.body.revision,
      authorName: 'Site Admin',
    })
    expect(revisions.body.revisions.at(-1)).toMatchObject({ number: 1, authorName: 'System' })
    expect(Object.keys(revisions.body.revisions[0]).sort()).toEqual([
      '_id',
      'authorName',
      'number',
      'savedAt',
    ])

    const entries = app.db.select().from(activity).where(eq(activity.type, 'site')).all()
    expect(entries.at(-1)).toMatchObject({
      action: 'update',
      actorName: 'Site Admin',
      itemTitle: 'Site texts',
    })
    expect(JSON.parse(entries.at(-1)?.details ?? '{}')).toMatchObject({ sections: ['contact'] })
  })

  it('restores an earlier revision by saving it again, as a new revision', async () => {
    const list = (await call(app, 'GET', '/api/site/revisions', { token: admin })).body.revisions
    const first = list.at(-1)
    expect(
      (await call(app, 'POST', `/api/site/revisions/${first._id}/restore`, { token: officer })).status,
    ).toBe(403)
    const restored = await call(app, 'POST', `/api/site/revisions/${first._id}/restore`, { token: admin })
    expect(restored.status).toBe(200)
    expect(restored.body.revision).toBe(list[0].number + 1)
    expect(await read()).toEqual(seedSiteTexts())
    expect(await contactPage()).toContain(seedSiteTexts().contact.phone)
    const entry = app.db.select().from(activity).where(eq(activity.type, 'site')).all().at(-1)
    expect(entry?.action).toBe('restore')
    expect(JSON.parse(entry?.details ?? '{}')).toMatchObject({ restoredFrom: 1, sections: ['contact'] })
    const unknown = await call(app, 'POST', `/api/site/revisions/${'0'.repeat(24)}/restore`, { token: admin })
    expect(unknown.status).toBe(404)
  })
})

describe('seeding', () => {
  it('creates the texts once: a later start, or texts already saved, are left alone', async () => {
    const before = await read()
    expect(await seedSiteTextsOnce(app.db, new Date())).toBe(false)
    expect(await read()).toEqual(before)
  })
})
