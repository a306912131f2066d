import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articleIndex } from '#content/blog-index'
import { addAccount, call, signIn, unique } from '../support/api'
import { ensureProductionBuild } from '../support/build'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * The blog's public pages from the database (docs/decisions/100-posts.md): the seeded articles render what
 * main rendered from content/ (tests/fixtures/posts-before, each page's <main> from `npm start` on a fresh
 * data dir before the move); drafts are 404 to visitors and a preview with a "Draft" banner to their editors.
 */

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'posts-before')
let app: TestApp
let admin: { token: string; cookie: string }
beforeAll(async () => {
  ensureProductionBuild()
  app = await startTestApp({ pages: 'production', env: { RATE_LIMIT_SCALE: '100' } })
  await addAccount(app.db, { role: 'admin', name: 'Pages Admin', email: 'pages-admin@example.org' })
  admin = await signIn(app, 'pages-admin@example.org')
})
afterAll(() => app.close())

/** A page's <main>, with the build's asset hashes left out (they change with any build). */
const mainOf = (html: string) =>
  (html.match(/<main[\s\S]*?<\/main>/)?.[0] ?? '').replace(
    /\.[A-Za-z0-9_-]{8}\.(webp|avif|jpg|png|svg)/g,
    '.HASH.$1',
  )

describe('blog pages: the same as before the move', () => {
  const pages = ['/blogs', ...articleIndex.map((article) => `/blogs/${article.slug}`)]
  it.each(pages)('%s renders the <main> main rendered', async (page) => {
    const response = await app.request(page)
    expect(response.status).toBe(200)
    const fixture = fs.readFileSync(path.join(FIXTURES, `${page.slice(1).replaceAll('/', '_')}.html`), 'utf8')
    expect(mainOf(await response.text())).toBe(mainOf(fixture))
  })
})

describe('blog pages: drafts and publishing', () => {
  it('a draft is 404 to visitors, a preview with a Draft banner to an administrator; published, it is on /blogs', async () => {
    const title = unique('Preview post')
    const { post } = (
      await call(app, 'POST', '/api/posts', {
        token: admin.token,
        json: { title, summary: 'A summary.', body: 'See [this](https://example.org).', status: 'draft' },
      })
    ).body
    expect((await app.request(post.path)).status).toBe(404)
    const preview = await app.request(post.path, { headers: { cookie: admin.cookie } })
    expect(preview.status).toBe(200)
    const html = await preview.text()
    expect(html).toContain('Draft: only you')
    expect(html).toContain('rel="nofollow noopener"')
    expect(await (await app.request('/blogs')).text()).not.toContain(title)

    await call(app, 'PUT', `/api/posts/${post._id}`, { token: admin.token, json: { status: 'published' } })
    const published = await (await app.request(post.path)).text()
    expect(published).toContain(title)
    expect(published).not.toContain('Draft: only you')
    expect(await (await app.request('/blogs')).text()).toContain(title)
  })
})
