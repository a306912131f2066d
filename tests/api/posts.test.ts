import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articleIndex } from '#content/blog-index'
import { readAppState } from '#db/queries/app-state.server'
import { countPosts } from '#db/queries/posts.server'
import { appState, posts } from '#db/schema'
import { POSTS_SEEDED_KEY, seedPosts } from '#server/services/seed-posts.server'
import { addAccount, call, signIn, unique } from '../support/api'
import { startTestApp, type TestApp } from '../support/test-app'
import { until } from '../support/until'

/**
 * Posts (docs/decisions/100-posts.md): who may write, publish and schedule; bad input; slugs and their
 * 301s; scheduled posts going out when the clock reaches them; revisions; the trash; the feeds; the seed.
 */

const HOUR = 60 * 60 * 1000
let app: TestApp
/** The site's clock, moved by the scheduling tests. */
let now = Date.now()
let admin: string
let officerA: string
let officerB: string
let chapterA: string
beforeAll(async () => {
  app = await startTestApp({ clock: () => now, env: { RATE_LIMIT_SCALE: '100' } })
  await addAccount(app.db, { role: 'admin', name: 'Posts Admin', email: 'posts-admin@example.org' })
  chapterA = (await addAccount(app.db, { name: 'Posts Chapter A', email: 'posts-a@example.org' })).slug
  await addAccount(app.db, { name: 'Posts Chapter B', email: 'posts-b@example.org' })
  admin = (await signIn(app, 'posts-admin@example.org')).token
  officerA = (await signIn(app, 'posts-a@example.org')).token
  officerB = (await signIn(app, 'posts-b@example.org')).token
})
afterAll(() => app.close())

const validPost = (overrides: Record<string, unknown> = {}) => ({
  title: unique('A post'),
  summary: 'What happened at the workshop.',
  body: 'We met **twice**. [Our site](https://example.org).',
  status: 'draft',
  ...overrides,
})
const html = async (path: string) => (await app.request(path)).text()
const publicTitles = async () =>
  ((await call(app, 'GET', '/api/posts?pageSize=100')).body.posts as { title: string }[]).map((p) => p.title)

describe('posts: seeding', () => {
  it('makes the three articles of content/ published posts, once', async () => {
    const answer = await call(app, 'GET', '/api/posts')
    expect(answer.status).toBe(200)
    for (const article of articleIndex)
      expect(answer.body.posts).toContainEqual(
        expect.objectContaining({ slug: article.slug, title: article.title, status: 'published' }),
      )
    expect(readAppState(app.db, POSTS_SEEDED_KEY)).toBeDefined()
    const before = countPosts(app.db)
    expect(seedPosts(app.ctx)).toBe(0)
    expect(countPosts(app.db)).toBe(before)
  })

  it('an upgraded site gets them at its first start on this version, once; not when it has posts of its own', async () => {
    const other = await startTestApp()
    try {
      // As a site upgraded from before posts: no posts, no marker.
      other.db.delete(posts).run()
      other.db.delete(appState).where(eq(appState.key, POSTS_SEEDED_KEY)).run()
      expect(seedPosts(other.ctx)).toBe(articleIndex.length)
      expect(seedPosts(other.ctx)).toBe(0)
      expect(countPosts(other.db)).toBe(articleIndex.length)
      // Its posts deleted by an editor afterwards: they stay deleted.
      other.db.delete(posts).run()
      expect(seedPosts(other.ctx)).toBe(0)
      // A site with posts of its own and no marker gets none added, and the marker.
      await addAccount(other.db, { role: 'admin', name: 'Other Admin', email: 'other-admin@example.org' })
      const token = (await signIn(other, 'other-admin@example.org')).token
      expect((await call(other, 'POST', '/api/posts', { token, json: validPost() })).status).toBe(201)
      other.db.delete(appState).where(eq(appState.key, POSTS_SEEDED_KEY)).run()
      expect(seedPosts(other.ctx)).toBe(0)
      expect(countPosts(other.db)).toBe(1)
      expect(readAppState(other.db, POSTS_SEEDED_KEY)).toBeDefined()
    } finally {
      await other.close()
    }
  })
})

describe('posts: who may do what', () => {
  it('an officer writes a draft for their chapter; asking for published or scheduled is 403', async () => {
    const draft = await call(app, 'POST', '/api/posts', { token: officerA, json: validPost() })
    expect(draft.status).toBe(201)
    expect(draft.body.post).toMatchObject({
      status: 'draft',
      chapterSlug: chapterA,
      author: 'Posts Chapter A',
    })
    expect(draft.body.post.path).toBe(`/blogs/${draft.body.post.slug}`)
    expect(draft.body.post._id).toMatch(/^[0-9a-f]{24}$/)

    for (const status of ['published', 'scheduled'] as const) {
      const refused = await call(app, 'POST', '/api/posts', {
        token: officerA,
        json: validPost({ status, publishAt: new Date(now + HOUR).toISOString() }),
      })
      expect(refused).toMatchObject({ status: 403, body: { success: false } })
      const put = await call(app, 'PUT', `/api/posts/${draft.body.post._id}`, {
        token: officerA,
        json: { status },
      })
      expect(put.status).toBe(403)
    }
    // Another chapter's officer neither sees nor changes it; anonymous visitors do not see it.
    expect((await call(app, 'GET', `/api/posts/${draft.body.post._id}`, { token: officerB })).status).toBe(
      403,
    )
    expect(
      (await call(app, 'PUT', `/api/posts/${draft.body.post._id}`, { token: officerB, json: { title: 'x' } }))
        .status,
    ).toBe(403)
    expect((await call(app, 'GET', `/api/posts/${draft.body.post._id}`)).status).toBe(401)
    expect(await publicTitles()).not.toContain(draft.body.post.title)
    // Nor does an officer write for another chapter or the region.
    const elsewhere = await call(app, 'POST', '/api/posts', {
      token: officerA,
      json: validPost({ chapterSlug: null }),
    })
    expect(elsewhere.status).toBe(403)
  })

  it('an officer submits a draft: it stays a draft; only an administrator publishes it, then the officer cannot change it', async () => {
    const { post } = (await call(app, 'POST', '/api/posts', { token: officerA, json: validPost() })).body
    const submitted = await call(app, 'POST', `/api/posts/${post._id}/submit`, { token: officerA })
    expect(submitted.body.post).toMatchObject({ status: 'draft' })
    expect(submitted.body.post.submittedAt).not.toBeNull()
    const waiting = await call(app, 'GET', '/api/posts?status=draft', { token: admin })
    expect(waiting.body.posts.map((p: { _id: string }) => p._id)).toContain(post._id)
    expect(await publicTitles()).not.toContain(post.title)

    const published = await call(app, 'PUT', `/api/posts/${post._id}`, {
      token: admin,
      json: { status: 'published' },
    })
    expect(published.body.post).toMatchObject({ status: 'published', submittedAt: null })
    expect(await publicTitles()).toContain(post.title)
    expect(
      (await call(app, 'PUT', `/api/posts/${post._id}`, { token: officerA, json: { title: 'x' } })).status,
    ).toBe(403)

    // Unpublished: off the public list again.
    await call(app, 'PUT', `/api/posts/${post._id}`, { token: admin, json: { status: 'draft' } })
    expect(await publicTitles()).not.toContain(post.title)
  })

  it('anonymous GET /api/posts?status=draft still lists published posts only', async () => {
    const answer = await call(app, 'GET', '/api/posts?status=draft&pageSize=100')
    expect(answer.body.posts.every((p: { status: string }) => p.status === 'published')).toBe(true)
    expect(answer.body.total).toBe(answer.body.posts.length)
  })
})

describe('posts: bad input', () => {
  it('names each bad field, and saves nothing', async () => {
    const before = countPosts(app.db)
    const answer = await call(app, 'POST', '/api/posts', {
      token: admin,
      json: {
        title: '',
        summary: 'x',
        body: '',
        status: 'live',
        slug: 'Not A Slug',
        banner: 'javascript:alert(1)',
      },
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ success: false })
    expect(Object.keys(answer.body.errors).sort()).toEqual(['banner', 'body', 'slug', 'status', 'title'])
    const noTime = await call(app, 'POST', '/api/posts', {
      token: admin,
      json: validPost({ status: 'scheduled' }),
    })
    expect(noTime.status).toBe(400)
    expect(noTime.body.errors).toHaveProperty('publishAt')
    const noOffset = await call(app, 'POST', '/api/posts', {
      token: admin,
      json: validPost({ status: 'scheduled', publishAt: '2030-01-01T10:00' }),
    })
    expect(noOffset.body.errors).toHaveProperty('publishAt')
    const extra = await call(app, 'POST', '/api/posts', { token: admin, json: validPost({ views: 3 }) })
    expect(extra.status).toBe(400)
    expect((await call(app, 'GET', '/api/posts?pageSize=1000')).status).toBe(400)
    expect((await call(app, 'GET', '/api/posts/not-an-id')).status).toBe(400)
    expect(countPosts(app.db)).toBe(before)
  })
})

describe('posts: slugs', () => {
  it('a slug is made from the title, is unique, and an old one answers 301 to the new', async () => {
    const title = unique('Robotics Day')
    const { post } = (
      await call(app, 'POST', '/api/posts', { token: admin, json: validPost({ title, status: 'published' }) })
    ).body
    expect(post.slug).toMatch(/^robotics-day/)
    const taken = await call(app, 'POST', '/api/posts', {
      token: admin,
      json: validPost({ slug: post.slug }),
    })
    expect(taken.status).toBe(409)
    expect(taken.body.errors).toHaveProperty('slug')

    const renamed = await call(app, 'PUT', `/api/posts/${post._id}`, {
      token: admin,
      json: { slug: `${post.slug}-renamed` },
    })
    expect(renamed.body.post.path).toBe(`/blogs/${post.slug}-renamed`)
    // The old slug stays the post's: nobody else takes it.
    const reuse = await call(app, 'POST', '/api/posts', {
      token: admin,
      json: validPost({ slug: post.slug }),
    })
    expect(reuse.status).toBe(409)
    const old = await app.request(`/blogs/${post.slug}`, { redirect: 'manual' })
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe(`/blogs/${post.slug}-renamed`)
  })
})

describe('posts: scheduling', () => {
  it('a scheduled post goes out when the clock reaches its time, not before, and the feeds follow', async () => {
    const title = unique('Scheduled talk')
    const publishAt = new Date(now + 2 * HOUR).toISOString()
    const { post } = (
      await call(app, 'POST', '/api/posts', {
        token: admin,
        json: validPost({ title, status: 'scheduled', publishAt }),
      })
    ).body
    expect(post).toMatchObject({ status: 'scheduled', publishAt })
    expect(app.publishDuePosts()).toEqual([])
    expect(await publicTitles()).not.toContain(title)
    expect(await html('/rss.xml')).not.toContain(title)

    now += 2 * HOUR + 1000
    expect(app.publishDuePosts().map((p) => p.id)).toEqual([post._id])
    expect(await publicTitles()).toContain(title)
    expect(await html('/rss.xml')).toContain(title)
    expect(await html('/sitemap.xml')).toContain(`/blogs/${post.slug}`)
    const read = await call(app, 'GET', `/api/posts/${post._id}`)
    expect(read.body.post).toMatchObject({ status: 'published', publishedAt: publishAt })
    // The scheduler's publish is in the history.
    const revisions = await call(app, 'GET', `/api/posts/${post._id}/revisions`, { token: admin })
    expect(revisions.body.revisions[0]).toMatchObject({ number: 2, authorName: 'Scheduler' })
  })
})

describe('posts: revisions and the trash', () => {
  it('every save is a revision; restoring one saves it again and keeps the status', async () => {
    const { post } = (
      await call(app, 'POST', '/api/posts', { token: officerA, json: validPost({ body: 'First words.' }) })
    ).body
    await call(app, 'PUT', `/api/posts/${post._id}`, { token: officerA, json: { body: 'Second words.' } })
    const list = await call(app, 'GET', `/api/posts/${post._id}/revisions`, { token: officerA })
    expect(list.body.revisions.map((r: { number: number }) => r.number)).toEqual([2, 1])
    // The one revision shape of every item (RevisionDto).
    expect(Object.keys(list.body.revisions[0]).sort()).toEqual(['_id', 'authorName', 'number', 'savedAt'])
    const first = list.body.revisions[1]._id
    expect(
      (await call(app, 'POST', `/api/posts/${post._id}/revisions/${first}/restore`, { token: officerB }))
        .status,
    ).toBe(403)
    const restored = await call(app, 'POST', `/api/posts/${post._id}/revisions/${first}/restore`, {
      token: officerA,
    })
    expect(restored.body.post).toMatchObject({ body: 'First words.', status: 'draft' })
    const after = await call(app, 'GET', `/api/posts/${post._id}/revisions`, { token: officerA })
    expect(after.body.revisions).toHaveLength(3)
    const activity = await call(app, 'GET', `/api/activity?type=post`, { token: admin })
    expect(activity.status).toBe(200)
    expect(
      activity.body.entries.filter((e: { itemId: string }) => e.itemId === post._id).length,
    ).toBeGreaterThanOrEqual(3)
  })

  it('a delete goes to the trash and undo brings the post, its old slugs and revisions back', async () => {
    const { post } = (
      await call(app, 'POST', '/api/posts', { token: admin, json: validPost({ status: 'published' }) })
    ).body
    await call(app, 'PUT', `/api/posts/${post._id}`, { token: admin, json: { slug: `${post.slug}-2` } })
    const deleted = await call(app, 'DELETE', `/api/posts/${post._id}`, { token: admin })
    expect(deleted.status).toBe(200)
    expect((await call(app, 'GET', `/api/posts/${post._id}`)).status).toBe(404)
    expect(await publicTitles()).not.toContain(post.title)
    expect(await html('/rss.xml')).not.toContain(post.title)
    const restored = await call(app, 'POST', `/api/trash/${deleted.body.trashId}/restore`, { token: admin })
    expect(restored.status).toBe(200)
    expect((await call(app, 'GET', `/api/posts/${post._id}`)).body.post.slug).toBe(`${post.slug}-2`)
    expect(
      (await call(app, 'GET', `/api/posts/${post._id}/revisions`, { token: admin })).body.revisions,
    ).toHaveLength(2)
  })
})

describe('posts: the scheduled post timer on the running server', () => {
  it('publishes a scheduled post at its second, not at the next minute’s round, and follows a reschedule', async () => {
    // The real clock and the real timers; the scheduler's own round comes once an hour here.
    const live = await startTestApp({ registrations: { roundMs: 3_600_000 } })
    try {
      await addAccount(live.db, { role: 'admin', name: 'Timer Admin', email: 'timer-admin@example.org' })
      const token = (await signIn(live, 'timer-admin@example.org')).token
      const inAMinute = new Date(Date.now() + 60_000).toISOString()
      const created = await call(live, 'POST', '/api/posts', {
        token,
        json: validPost({ status: 'scheduled', publishAt: inAMinute }),
      })
      expect(created.status).toBe(201)
      const id = created.body.post._id
      const status = async () => (await call(live, 'GET', `/api/posts/${id}`, { token })).body.post.status
      expect(await status()).toBe('scheduled')
      // Moved to a second from now: the timer follows the write.
      const soon = new Date(Date.now() + 1000).toISOString()
      expect((await call(live, 'PUT', `/api/posts/${id}`, { token, json: { publishAt: soon } })).status).toBe(
        200,
      )
      await until(
        'the post is published by its timer',
        async () => ((await status()) === 'published' ? true : undefined),
        { timeoutMs: 10_000, intervalMs: 100 },
      )
      const visible = (await call(live, 'GET', '/api/posts?pageSize=100')).body.posts as { _id: string }[]
      expect(visible.map((post) => post._id)).toContain(id)
    } finally {
      await live.close()
    }
  })
})
