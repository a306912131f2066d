import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addAccount, call, signIn } from '../support/api'
import { startTestApp, type TestApp } from '../support/test-app'

/** Uploads (docs/decisions/017-uploads-on-this-server.md). Every fixture is made here with sharp or by hand: no binaries in the repository. */

let app: TestApp
let token: string
let uploadsDir: string
beforeAll(async () => {
  app = await startTestApp()
  await addAccount(app.db, { name: 'Uploader', email: 'uploader@example.org' })
  token = (await signIn(app, 'uploader@example.org')).token
  uploadsDir = path.join(app.ctx.env.dataDir, 'uploads')
})
afterAll(() => app.close())

type Part = { bytes: Buffer | string; filename?: string; type?: string; field?: string }

function upload(...parts: Part[]) {
  const form = new FormData()
  for (const { bytes, filename = 'image.png', type = 'image/png', field = 'image' } of parts) {
    form.append(
      field,
      new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }),
      filename,
    )
  }
  return call(app, 'POST', '/api/uploads', { token, body: form })
}

const picture = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })

const listing = () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).sort() : [])

/** A valid PNG header that declares 30000 × 30000 pixels, with a few bytes of pixel data: a decompression bomb. */
function declaredGiantPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(30_000, 0)
  header.writeUInt32BE(30_000, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('accepted images', () => {
  it.each([
    ['PNG', 'png', 'image/png', () => picture().png().toBuffer()],
    ['JPEG', 'jpg', 'image/jpeg', () => picture().jpeg().toBuffer()],
    ['WebP', 'webp', 'image/webp', () => picture().webp().toBuffer()],
    ['GIF', 'gif', 'image/gif', () => picture().gif().toBuffer()],
    ['AVIF', 'avif', 'image/avif', () => picture().avif().toBuffer()],
  ])(
    '%s: 201 with a site-relative content-hash URL, served with nosniff and a year of caching',
    async (_label, extension, type, make) => {
      const answer = await upload({ bytes: await make(), filename: `photo.${extension}`, type })
      expect(answer.status).toBe(201)
      expect(answer.body).toEqual({
        success: true,
        data: { url: expect.stringMatching(new RegExp(`^/uploads/[0-9a-f]{32}\\.${extension}$`)) },
      })
      const served = await app.request(answer.body.data.url)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe(type)
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
      expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 64, height: 48 })
    },
  )

  it('names the file by its content: the name sent (even ../../x) plays no part, the same image is one file', async () => {
    const bytes = await picture(10, 10).png().toBuffer()
    const first = await upload({ bytes, filename: '../../evil.png' })
    const second = await upload({ bytes, filename: 'other.png' })
    expect(first.body.data.url).toBe(second.body.data.url)
    expect(listing().some((name) => name.includes('evil') || name.startsWith('.tmp'))).toBe(false)
  })

  it('drops EXIF and GPS from a JPEG after turning it upright by its orientation', async () => {
    const bytes = await picture(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Copyright: 'secret-owner-name' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '23/1 48/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '90/1 24/1 0/1',
        },
      })
      .toBuffer()
    const sent = await sharp(bytes).metadata()
    expect(sent.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true) // the GPS IFD pointer is there before
    const answer = await upload({ bytes, filename: 'photo.jpg', type: 'image/jpeg' })
    expect(answer.status).toBe(201)
    const stored = fs.readFileSync(path.join(app.ctx.env.dataDir, answer.body.data.url))
    const metadata = await sharp(stored).metadata()
    expect(metadata.exif).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()
    expect(metadata.orientation).toBeUndefined()
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 20, height: 40 })
    expect(stored.includes('secret-owner-name')).toBe(false)
    expect(stored.includes('Exif')).toBe(false)
  })
})

describe('refused uploads change nothing on disk', () => {
  // Each case on its own: a refusal that left a file behind names itself.
  let before: string[]
  beforeEach(() => {
    before = listing()
  })
  afterEach(() => {
    expect(listing()).toEqual(before)
  })

  const svg = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>`
  const html = '<!doctype html><html><body><script>alert(1)</script></body></html>'

  it.each([
    ['text renamed .png', () => ({ bytes: 'just some text, not an image', filename: 'notes.png' })],
    ['an SVG', () => ({ bytes: svg, filename: 'logo.svg', type: 'image/svg+xml' })],
    ['an SVG sent as image/png', () => ({ bytes: svg, filename: 'logo.png' })],
    ['an HTML page', () => ({ bytes: html, filename: 'page.html', type: 'text/html' })],
    [
      'a GIF/HTML polyglot (a real GIF with a page after it)',
      async () => ({
        bytes: Buffer.concat([await picture(4, 4).gif().toBuffer(), Buffer.from(html)]),
        filename: 'poly.gif',
        type: 'image/gif',
      }),
    ],
    [
      'a GIF/HTML polyglot (a GIF header that is also a script)',
      () => ({ bytes: `GIF89a/*<script>alert(1)</script>*/=1;`, filename: 'poly.gif', type: 'image/gif' }),
    ],
    [
      'a PNG with PHP after it',
      async () => ({
        bytes: Buffer.concat([
          await picture(4, 4).png().toBuffer(),
          Buffer.from('<?php system($_GET["c"]); ?>'),
        ]),
      }),
    ],
    [
      'a PNG signature followed by garbage',
      () => ({
        bytes: Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.alloc(200, 1),
        ]),
      }),
    ],
    ['a PDF', () => ({ bytes: '%PDF-1.4\n1 0 obj\n<<>>\nendobj\n', filename: 'doc.png' })],
  ])('%s: 415', async (_label, make) => {
    const answer = await upload(await make())
    expect(answer.status).toBe(415)
    expect(answer.body).toEqual({ success: false, message: expect.any(String) })
  })

  it('a tiny file declaring 30000 × 30000 pixels: 413, not a 5xx', async () => {
    const bytes = declaredGiantPng()
    expect(bytes.length).toBeLessThan(2_000)
    const answer = await upload({ bytes })
    expect(answer.status).toBe(413)
    expect(answer.body.message).toMatch(/megapixels/)
  })

  const pngOfSize = (size: number) => {
    const bytes = Buffer.alloc(size, 0x41)
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    return bytes
  }

  it('more than 5 MB: 413, whether the Content-Length says so or only the file part outgrows it', async () => {
    for (const size of [6 * 1024 * 1024, 5 * 1024 * 1024 + 1]) {
      const answer = await upload({ bytes: pngOfSize(size) })
      expect(answer.status).toBe(413)
      expect(answer.body).toEqual({ success: false, message: 'The image is too large: at most 5 MB.' })
    }
  })

  it('more than 5 MB streamed without a Content-Length: 413', async () => {
    const boundary = 'x-test-boundary'
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`
    const chunk = pngOfSize(256 * 1024)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode(head))
        if (sent > 8 * 1024 * 1024) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`))
          controller.close()
          return
        }
        controller.enqueue(new Uint8Array(chunk))
        sent += chunk.length
      },
    })
    const response = await fetch(`${app.url}/api/uploads`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({
      success: false,
      message: 'The image is too large: at most 5 MB.',
    })
  })

  it('400 for no file, a wrong field name or two files; 415 for a body that is not multipart', async () => {
    const png = await picture(4, 4).png().toBuffer()
    const onlyText = new FormData()
    onlyText.append('caption', 'no file here')
    const refused = (status: number) => ({ status, body: { success: false, message: expect.any(String) } })
    expect(await call(app, 'POST', '/api/uploads', { token, body: onlyText })).toMatchObject(refused(400))
    expect(await upload({ bytes: png, field: 'file' })).toMatchObject(refused(400))
    expect(await upload({ bytes: png }, { bytes: png })).toMatchObject(refused(400))
    expect(
      await call(app, 'POST', '/api/uploads', { token, json: { image: 'data:image/png;base64,AAAA' } }),
    ).toMatchObject(refused(415))
    const noBoundary = await call(app, 'POST', '/api/uploads', {
      token,
      body: 'x',
      contentType: 'multipart/form-data',
    })
    expect(noBoundary).toMatchObject(refused(400))
  })
})
