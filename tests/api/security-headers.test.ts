import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { YOUTUBE_PLAYER_ORIGIN } from '#components/shared/youtube'
import { site } from '#content/site'
import {
  framedOrigins,
  inlineScriptHashes,
  pageDirectives,
  serializePolicy,
} from '#server/security-headers.server'
import { addAccount, signIn, uploadPicture } from '../support/api'
import { ensureProductionBuild, projectRoot } from '../support/build'
import { rawRequest } from '../support/raw-http'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * docs/decisions/027-security-headers-and-csp.md, headers: every kind of response carries them, pages let only our own scripts run (the one
 * inline script Vike writes is allowed by its hash on pages rendered for the front cache, by a nonce per
 * response on pages rendered for a signed-in visitor), API answers and uploads can never run as a page.
 */

let app: TestApp
let httpsApp: TestApp
let uploadUrl: string
let assetPath: string
beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  app = await startTestApp({ pages: 'production' })
  httpsApp = await startTestApp({ pages: 'production', env: { PUBLIC_URL: 'https://chapter.example.org' } })
  await addAccount(app.db, { name: 'Header Chapter', email: 'headers@example.org' })
  uploadUrl = await uploadPicture(app, (await signIn(app, 'headers@example.org')).token)
  const css = fs.readdirSync(path.join(projectRoot, 'dist', 'client', 'assets', 'static'))[0]
  assetPath = `/assets/static/${css}`
})
afterAll(async () => {
  await app.close()
  await httpsApp.close()
})

type Policy = Map<string, string[]>
function parsePolicy(header: string | null): Policy {
  expect(header, 'Content-Security-Policy header').toBeTruthy()
  return new Map(
    (header ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/)
      return [name, values] as const
    }),
  )
}

/** Inline <script> elements a browser would run (JSON data blocks are not run). */
function inlineExecutableScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc=/.test(attributes))
    .filter(([, attributes = '']) => {
      const type = /\btype="([^"]*)"/.exec(attributes)?.[1]
      return type === undefined || type === 'module' || /javascript/.test(type)
    })
    .map(([tag]) => tag)
}

const responses = {
  'an HTML-only page (/)': { path: '/' },
  'a hydrated page (the 404 page)': { path: '/no-such-page' },
  'a JSON answer': { path: '/api/health' },
  'a JSON 404': { path: '/api/no-such-route' },
  'a JSON 400': { path: '/api/events/not-an-id' },
  'a JSON 415': { path: '/api/contact', method: 'POST' },
  'a build file': { path: 'ASSET' },
  'a missing build file': { path: '/assets/no-such-file.js' },
  'an upload': { path: 'UPLOAD' },
  'a missing upload': { path: '/uploads/no-such-file.png' },
} as const

describe('headers on every response', () => {
  for (const [label, { path: target, ...rest }] of Object.entries(responses)) {
    it(`${label}: nosniff, a policy, no framing, a referrer policy, no X-Powered-By, no HSTS over http`, async () => {
      const url = target === 'ASSET' ? assetPath : target === 'UPLOAD' ? uploadUrl : target
      const response = await app.request(url, { method: 'method' in rest ? rest.method : 'GET' })
      const headers = response.headers
      expect(headers.get('x-content-type-options')).toBe('nosniff')
      const policy = parsePolicy(headers.get('content-security-policy'))
      expect(policy.get('frame-ancestors')).toEqual(["'none'"])
      expect(headers.get('x-frame-options')).toBe('DENY')
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(headers.get('x-powered-by')).toBeNull()
      expect(headers.get('strict-transport-security')).toBeNull()
      for (const values of policy.values()) {
        expect(values).not.toContain("'unsafe-eval'")
      }
      expect(policy.get('script-src') ?? []).not.toContain("'unsafe-inline'")
    })
  }

  it('HSTS and upgrade-insecure-requests only when PUBLIC_URL is https', async () => {
    for (const target of ['/', '/api/health', '/assets/no-such-file.js']) {
      const response = await httpsApp.request(target)
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    }
    const page = parsePolicy((await httpsApp.request('/')).headers.get('content-security-policy'))
    expect(page.has('upgrade-insecure-requests')).toBe(true)
    const plain = parsePolicy((await app.request('/')).headers.get('content-security-policy'))
    expect(plain.has('upgrade-insecure-requests')).toBe(false)
  })
})

describe('the policy of pages', () => {
  let cookie: string
  beforeAll(async () => {
    cookie = (await signIn(app, 'headers@example.org')).cookie
  })

  const commonDirectives = (policy: Policy) => {
    expect(policy.get('script-src')?.[0]).toBe("'self'")
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('script-src-attr')).toEqual(["'none'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'none'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
    expect(policy.get('connect-src')).toEqual(["'self'"])
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:'])
  }

  for (const target of ['/', '/contact', '/no-such-page']) {
    it(`${target} for a visitor: rendered for the cache, so each inline script is allowed by its hash, never a nonce`, async () => {
      const response = await app.request(target)
      const html = await response.text()
      const policy = parsePolicy(response.headers.get('content-security-policy'))
      commonDirectives(policy)
      const scripts = policy.get('script-src') ?? []
      expect(scripts.join(' ')).not.toContain('nonce-')
      const expected = inlineExecutableScripts(html).map((tag) => {
        const text = /^<script\b[^>]*>([\s\S]*?)<\/script>$/.exec(tag)?.[1] ?? ''
        return `'sha256-${createHash('sha256').update(text).digest('base64')}'`
      })
      expect(scripts.slice(1).sort()).toEqual([...new Set(expected)].sort())
      expect(html).not.toContain('nonce=')
      // No inline event handlers or javascript: links, which no hash could allow.
      expect(html).not.toMatch(/\son[a-z]+="|javascript:/i)
    })
  }

  // (A page already in the front cache is answered from it, to anyone: public pages are the same for all.)
  for (const target of ['/no-such-page', '/dashboard']) {
    it(`${target} for a signed-in visitor: rendered for this response, every inline script carries its nonce`, async () => {
      const response = await app.request(target, { headers: { cookie } })
      const html = await response.text()
      const policy = parsePolicy(response.headers.get('content-security-policy'))
      commonDirectives(policy)
      const scripts = policy.get('script-src') ?? []
      expect(scripts.slice(1)).toEqual([expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}==' *$/)])
      const nonce = /'nonce-([^']+)'/.exec(scripts.join(' '))?.[1]
      for (const tag of inlineExecutableScripts(html)) expect(tag).toContain(`nonce="${nonce}"`)
      expect(html).not.toMatch(/\son[a-z]+="|javascript:/i)
    })
  }

  it('the hydrated 404 page has the one inline module script Vike writes; a nonce is new each time', async () => {
    const first = await app.request('/no-such-page', { headers: { cookie } })
    const second = await app.request('/no-such-page', { headers: { cookie } })
    expect(inlineExecutableScripts(await first.text())).toHaveLength(1)
    const nonceOf = (response: Response) =>
      /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
    expect(nonceOf(first)).toBeTruthy()
    expect(nonceOf(first)).not.toBe(nonceOf(second))
    await second.text()
  })

  it('a cached page is the same bytes and the same policy every time, never a nonce', async () => {
    const first = await app.request('/contact')
    const second = await app.request('/contact')
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    const policy = second.headers.get('content-security-policy') ?? ''
    expect(policy).toBe(first.headers.get('content-security-policy'))
    expect(await second.text()).toBe(await first.text())
    // A nonce sent twice would be no nonce at all (hashes instead: the tests per page above).
    expect(policy).not.toContain('nonce-')
  })

  it('the hashes are those of the inline scripts a browser runs, not of data blocks or external scripts', () => {
    const html = [
      '<script type="module" async>import("/assets/a.js")</script>',
      '<script>window.x = 1</script>',
      '<script type="text/javascript">window.y = 2</script>',
      '<script type="application/json" id="data">{"a":1}</script>',
      '<script type="application/ld+json">{"@type":"Event"}</script>',
      '<script src="/assets/b.js" type="module"></script>',
    ].join('')
    const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`
    expect(inlineScriptHashes(html)).toEqual([
      hash('import("/assets/a.js")'),
      hash('window.x = 1'),
      hash('window.y = 2'),
    ])
    const policy = pageDirectives({ https: false, scriptHashes: inlineScriptHashes(html) })
    expect(policy['script-src']).toEqual(["'self'", ...inlineScriptHashes(html).map((h) => `'${h}'`)])
  })

  it('frames only the video player, the map and the co-sponsorship form, as content/site.ts names them', async () => {
    const policy = parsePolicy((await app.request('/')).headers.get('content-security-policy'))
    expect(policy.get('frame-src')?.sort()).toEqual(
      [
        YOUTUBE_PLAYER_ORIGIN,
        new URL(site.contact.mapEmbedUrl).origin,
        new URL(site.links.technicalCosponsorshipForm).origin,
      ].sort(),
    )
    // A branding change moves the policy with it.
    const rebranded = {
      ...site,
      contact: { ...site.contact, mapEmbedUrl: 'https://maps.example.net/embed?q=Dhaka' },
      links: { ...site.links, technicalCosponsorshipForm: 'https://docs.example.com/forms/d/abc/viewform' },
    }
    expect(framedOrigins(rebranded).sort()).toEqual(
      [YOUTUBE_PLAYER_ORIGIN, 'https://maps.example.net', 'https://docs.example.com'].sort(),
    )
  })

  it("development relaxes scripts for Vite's hot reload, and only development", () => {
    const production = pageDirectives({ https: false, nonce: 'abc' })
    expect(production['script-src']).toEqual(["'self'", "'nonce-abc'"])
    expect(serializePolicy(production)).not.toMatch(/unsafe-eval|ws:/)
    const development = pageDirectives({ https: false, development: true, nonce: 'abc' })
    expect(development['script-src']).toEqual(["'self'", "'unsafe-inline'"])
    expect(development['connect-src']).toContain('ws:')
  })

  it('a page that compiles WebAssembly (the door page) may do that, and still no other eval', () => {
    const door = pageDirectives({ https: false, nonce: 'abc', webAssembly: true })
    expect(door['script-src']).toEqual(["'self'", "'nonce-abc'", "'wasm-unsafe-eval'"])
    expect(door['script-src']).not.toContain("'unsafe-eval'")
    expect(pageDirectives({ https: false, nonce: 'abc' })['script-src']).not.toContain("'wasm-unsafe-eval'")
  })
})

describe('API answers and uploads can never run as a page', () => {
  it('JSON answers allow nothing to load or run', async () => {
    for (const target of ['/api/health', '/api/no-such-route']) {
      const policy = parsePolicy((await app.request(target)).headers.get('content-security-policy'))
      expect(policy.get('default-src')).toEqual(["'none'"])
    }
  })

  it('an upload is an image with nosniff, a sandboxing policy, and no download prompt for <img>', async () => {
    const response = await app.request(uploadUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-disposition')).toBeNull()
    const policy = parsePolicy(response.headers.get('content-security-policy'))
    expect(policy.get('default-src')).toEqual(["'none'"])
    expect(policy.get('img-src')).toEqual(["'self'"])
    expect(policy.has('sandbox')).toBe(true)
    expect(policy.has('script-src')).toBe(false)
  })
})

describe('paths that try to leave their folder', () => {
  for (const target of [
    '/uploads/../chapter.db',
    '/uploads/..%2fchapter.db',
    '/uploads/%2e%2e/chapter.db',
    '/uploads/..%5cchapter.db',
    '/uploads/.tmp-0123',
    '/assets/../../package.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/\\evil.example.org/',
    '/%5cevil.example.org/',
  ]) {
    it(`${target} answers 404 with the headers, never a redirect or a file`, async () => {
      const answer = await rawRequest(app.url, { path: target })
      expect(answer.status).toBe(404)
      expect(answer.headers.location).toBeUndefined()
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      expect(answer.body.toString('latin1')).not.toMatch(/SQLite format|"dependencies"/)
    })
  }
})
