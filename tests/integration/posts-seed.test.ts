import { describe, expect, it } from 'vitest'
import { articleIndex } from '#content/blog-index'
import { call, clientOf } from '../support/api'
import { ensureProductionBuild } from '../support/build'
import { freshDataDir, startServer } from '../support/server-process'

/**
 * The real server's start seeds the blog's articles once (docs/decisions/100-posts.md): a fresh data dir
 * gets the three as published posts and /blogs shows them; a second start on the same data dir adds none.
 */
describe('posts seed at the server start', () => {
  it('a fresh data dir gets the articles of content/ once, across restarts', async () => {
    ensureProductionBuild()
    const dataDir = freshDataDir()
    const env = { SEED_DEMO: 'false' }
    const slugsOf = async (url: string) => {
      const answer = await call(clientOf(url), 'GET', '/api/posts?pageSize=100')
      expect(answer.status).toBe(200)
      return (answer.body.posts as { slug: string }[]).map((post) => post.slug)
    }
    const first = await startServer({ dataDir, env })
    try {
      expect(await slugsOf(first.url)).toEqual(articleIndex.map((article) => article.slug))
      const blogs = await (await fetch(`${first.url}/blogs`)).text()
      for (const article of articleIndex) expect(blogs).toContain(`/blogs/${article.slug}`)
    } finally {
      await first.stop()
    }
    const second = await startServer({ dataDir, env })
    try {
      expect(await slugsOf(second.url)).toHaveLength(articleIndex.length)
    } finally {
      await second.stop()
    }
  }, 120_000)
})
