import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VARIANT_WIDTHS, variantName } from '#server/uploads/variants.server'
import { addAccount, call, signIn, validEvent, validInfo, validMember } from '../support/api'
import { ensureProductionBuild, projectRoot } from '../support/build'
import { rawRequest } from '../support/raw-http'
import { siteClock } from '../support/site-clock'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * docs/decisions/035-performance.md: build files go out precompressed (brotli or gzip, made once by the build), and uploaded images
 * get resized WebP copies that pages offer as srcset.
 */

let app: TestApp
let token: string
beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  app = await startTestApp({ pages: 'production', env: { RATE_LIMIT_SCALE: '100' } })
  await addAccount(app.db, { name: 'Images Chapter', email: 'images@example.org' })
  token = (await signIn(app, 'images@example.org')).token
})
afterAll(() => app.close())

const assetsDir = path.join(projectRoot, 'dist', 'client', 'assets')
const chromeScript = () =>
  `/assets/entries/${fs.readdirSync(path.join(assetsDir, 'entries')).find((name) => /^pages_client\.[\w-]+\.js$/.test(name))}`
const stylesheet = () =>
  `/assets/static/${fs.readdirSync(path.join(assetsDir, 'static')).find((name) => /tailwind.*\.css$/.test(name))}`

describe('precompressed build files', () => {
  for (const [label, target] of [
    ['the chrome script', chromeScript],
    ['the stylesheet', stylesheet],
  ] as const) {
    it(`${label}: brotli or gzip as accepted, made by the build, with its type and Vary`, async () => {
      const file = target()
      const plain = await rawRequest(app.url, { path: file })
      expect(plain.status).toBe(200)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.headers.vary).toBe('Accept-Encoding')
      const onDisk = path.join(projectRoot, 'dist', 'client', file)
      for (const [accept, encoding, suffix] of [
        ['gzip, deflate, br', 'br', '.br'],
        ['gzip', 'gzip', '.gz'],
      ] as const) {
        const answer = await rawRequest(app.url, { path: file, headers: { 'accept-encoding': accept } })
        expect(answer.status).toBe(200)
        expect(answer.headers['content-encoding']).toBe(encoding)
        expect(answer.headers['content-type']).toBe(plain.headers['content-type'])
        expect(answer.headers.vary).toBe('Accept-Encoding')
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
        // The very file the build wrote, not one compressed for this request.
        expect(answer.body.equals(fs.readFileSync(`${onDisk}${suffix}`))).toBe(true)
        const decoded =
          encoding === 'br' ? zlib.brotliDecompressSync(answer.body) : zlib.gunzipSync(answer.body)
        expect(decoded.equals(plain.body)).toBe(true)
      }
      const head = await rawRequest(app.url, {
        path: file,
        method: 'HEAD',
        headers: { 'accept-encoding': 'br' },
      })
      expect(head.headers['content-encoding']).toBe('br')
      expect(head.body.length).toBe(0)
    })
  }

  it('a missing file is still a 404', async () => {
    expect(
      (
        await rawRequest(app.url, {
          path: '/assets/entries/nothing.js',
          headers: { 'accept-encoding': 'br' },
        })
      ).status,
    ).toBe(404)
  })

  it('dynamic answers are still compressed (JSON, pages rendered per request)', async () => {
    for (let i = 0; i < 25; i++) {
      await call(app, 'POST', '/api/events', { token, json: validEvent({ title: `Compressed ${i}` }) })
    }
    const json = await rawRequest(app.url, {
      path: '/api/events',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(json.headers['content-encoding']).toBe('br')
    expect(JSON.parse(zlib.brotliDecompressSync(json.body).toString()).success).toBe(true)
    const gz = await rawRequest(app.url, { path: '/api/events', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers.vary).toMatch(/Accept-Encoding/)
    const tiny = await rawRequest(app.url, { path: '/api/health', headers: { 'accept-encoding': 'gzip' } })
    expect(tiny.headers['content-encoding']).toBeUndefined()
  })
})

async function upload(width: number, height: number, seed: number): Promise<string> {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: seed, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg')
  const answer = await call(app, 'POST', '/api/uploads', { token, body: form })
  expect(answer.status).toBe(201)
  return answer.body.data.url
}

const uploadsDir = () => path.join(app.ctx.env.dataDir, 'uploads')
const nameOf = (url: string) => url.slice('/uploads/'.length)

describe('resized copies of uploads', () => {
  it('a wide photo gets WebP copies at every width pages use, each as wide as named', async () => {
    const url = await upload(1600, 900, 1)
    for (const width of VARIANT_WIDTHS) {
      const copy = path.join(uploadsDir(), variantName(nameOf(url), width))
      const meta = await sharp(copy).metadata()
      expect(meta.format).toBe('webp')
      expect(meta.width).toBe(width)
      expect(meta.height).toBe(Math.round((900 * width) / 1600))
      const served = await app.request(`/uploads/${variantName(nameOf(url), width)}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/webp')
      expect(served.headers.get('cache-control')).toMatch(/immutable/)
    }
  })

  it('a small image gets the copies narrower than itself and one at its own width, never an enlargement', async () => {
    const url = await upload(300, 300, 2)
    const copies = fs
      .readdirSync(uploadsDir())
      .filter((name) => name.startsWith(`${nameOf(url).split('.')[0]}-`))
      .sort()
    expect(copies).toEqual([variantName(nameOf(url), 160), variantName(nameOf(url), 300)].sort())
  })

  it('pages offer the copies as srcset with sizes, explicit dimensions, lazy below the fold', async () => {
    const banner = await upload(1600, 840, 3)
    const created = await call(app, 'POST', '/api/events', {
      token,
      // Today: first among the upcoming events, ahead of the 25 the test above made.
      json: validEvent({ title: 'Event with a responsive banner', banner, eventDate: siteClock.today() }),
    })
    expect(created.status).toBe(201)
    const page = await (await app.request(`/events/${created.body.event._id}`)).text()
    const img = /<img[^>]*alt="Banner of Event with a responsive banner"[^>]*>/.exec(page)?.[0] ?? ''
    for (const width of VARIANT_WIDTHS)
      expect(img).toContain(`/uploads/${variantName(nameOf(banner), width)} ${width}w`)
    expect(img).toMatch(/sizes="[^"]+"/)
    expect(img).toContain('width="1200"')
    expect(img).toContain('height="630"')
    expect(img).toContain(`src="${banner}"`)

    const list = await (await app.request('/events')).text()
    const card = new RegExp(`<img[^>]*src="${banner}"[^>]*>`).exec(list)?.[0] ?? ''
    expect(card).toContain('srcSet=')
    expect(card).toContain('loading="lazy"')
  })

  it('the chapter landing offers copies of its logo, banners and members', async () => {
    const logo = await upload(512, 512, 4)
    const portrait = await upload(640, 640, 5)
    expect((await call(app, 'POST', '/api/chapters', { token, json: validInfo({ logo }) })).status).toBe(201)
    expect(
      (await call(app, 'POST', '/api/excom', { token, json: validMember({ image: portrait }) })).status,
    ).toBe(201)
    const page = await (await app.request('/chapter/images-chapter')).text()
    expect(page).toContain(`/uploads/${variantName(nameOf(logo), 320)} 320w`)
    expect(page).toContain(`/uploads/${variantName(nameOf(portrait), 160)} 160w`)
  })

  it('an image on another host is shown as it is', async () => {
    const banner = 'https://images.example.org/old-host/banner.jpg'
    const created = await call(app, 'POST', '/api/events', {
      token,
      json: validEvent({ title: 'Event with an old banner', banner }),
    })
    const page = await (await app.request(`/events/${created.body.event._id}`)).text()
    const img = /<img[^>]*alt="Banner of Event with an old banner"[^>]*>/.exec(page)?.[0] ?? ''
    expect(img).toContain(`src="${banner}"`)
    expect(img).not.toContain('srcSet')
  })
})
