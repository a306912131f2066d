import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Account } from '../support/api'
import { addAccount, call, signIn, validEvent, validInfo, validMember } from '../support/api'
import { startTestApp, type TestApp } from '../support/test-app'

let app: TestApp
let chapter: Account
let token: string
let adminToken: string
beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_SCALE: '100' } })
  chapter = await addAccount(app.db, { name: 'Landing Chapter', email: 'landing@example.org' })
  await addAccount(app.db, { role: 'admin', name: 'Admin', email: 'chapters-admin@example.org' })
  token = (await signIn(app, chapter.email)).token
  adminToken = (await signIn(app, 'chapters-admin@example.org')).token
})
afterAll(() => app.close())

describe('chapter info (GET, POST, PUT /api/chapters)', () => {
  it('is null until saved, created once, then only updated', async () => {
    expect((await call(app, 'GET', '/api/chapters', { token })).body).toEqual({
      success: true,
      chapter: null,
    })

    const input = validInfo({ aboutUs: `<script>alert(1)</script>\n'; DELETE FROM chapter_info; --` })
    const created = await call(app, 'POST', '/api/chapters', { token, json: input })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      success: true,
      message: 'Chapter info added',
      chapter: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...input },
    })
    const again = await call(app, 'POST', '/api/chapters', { token, json: input })
    expect(again).toMatchObject({
      status: 409,
      body: { success: false, message: expect.stringMatching(/already exists/) },
    })

    expect((await call(app, 'GET', '/api/chapters', { token })).body).toEqual({
      success: true,
      chapter: created.body.chapter,
    })

    const id = created.body.chapter._id
    const { videoUrl: _omitted, ...withoutVideo } = validInfo({ shortDescription: 'Updated' })
    const updated = await call(app, 'PUT', `/api/chapters/${id}`, { token, json: withoutVideo })
    expect(updated.status).toBe(200)
    // The video link is optional (docs/decisions/016-chapter-info-and-video.md): left out, it is cleared.
    expect(updated.body).toEqual({
      success: true,
      message: 'Chapter info updated',
      chapter: { _id: id, ...withoutVideo, videoUrl: '' },
    })
    expect(
      (await call(app, 'PUT', `/api/chapters/${'f'.repeat(24)}`, { token, json: withoutVideo })).status,
    ).toBe(404)
  })
})

describe('GET /api/chapters/:slug (the public landing data)', () => {
  it('answers chapter (info, slug, chapterId with name and email), events and excom', async () => {
    await call(app, 'POST', '/api/events', { token, json: validEvent({ title: 'Landing event' }) })
    await call(app, 'POST', '/api/excom', { token, json: validMember({ name: 'Landing member' }) })
    const answer = await call(app, 'GET', `/api/chapters/${chapter.slug}`)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      success: true,
      chapter: {
        slug: 'landing-chapter',
        shortDescription: 'Updated',
        chapterId: { _id: chapter.id, name: 'Landing Chapter', email: 'landing@example.org' },
      },
      events: [{ title: 'Landing event' }],
      excom: [{ name: 'Landing member', designation: 'Chair' }],
    })
    expect(JSON.stringify(answer.body)).not.toMatch(/password/i)
  })

  it('works for a chapter without info yet, with empty texts', async () => {
    const bare = await addAccount(app.db, { name: 'Bare Chapter', email: 'bare@example.org' })
    const answer = await call(app, 'GET', `/api/chapters/${bare.slug}`)
    expect(answer.body).toMatchObject({
      success: true,
      chapter: { _id: null, slug: 'bare-chapter', aboutUs: '' },
      events: [],
      excom: [],
    })
  })

  it('404 for an unknown slug and for an administrator, 400 for a malformed one', async () => {
    expect((await call(app, 'GET', '/api/chapters/no-such-chapter')).status).toBe(404)
    expect((await call(app, 'GET', '/api/chapters/admin')).status).toBe(404)
    const malformed = await call(app, 'GET', '/api/chapters/Not_A_Slug')
    expect(malformed).toMatchObject({
      status: 400,
      body: { success: false, errors: { slug: 'Not a valid chapter slug' } },
    })
  })

  it('chapter info is for chapters: an administrator gets 403', async () => {
    expect((await call(app, 'GET', '/api/chapters', { token: adminToken })).status).toBe(403)
  })
})
