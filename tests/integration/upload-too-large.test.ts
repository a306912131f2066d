import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientOf, signIn } from '../support/api'
import { allowTimeForProcesses } from '../support/process-budget'
import { type ServerProcess, startServer } from '../support/server-process'

allowTimeForProcesses()

/**
 * A too-large upload to the real server process gets its 413 answer through Node's fetch: the server
 * answers at once and reads the rest of the body before the connection is let go. Closing the connection
 * while the client was still sending left the client with EPIPE and no answer (in-process test apps share
 * the client's event loop and hide this, hence the separate process).
 */
const ADMIN = { email: 'upload-admin@example.org', password: 'a long upload admin password 7' }
let server: ServerProcess
let token: string
beforeAll(async () => {
  server = await startServer({
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'false' },
  })
  token = (await signIn(clientOf(server.url), ADMIN.email, ADMIN.password)).token
})
afterAll(() => server?.stop())

const sixMegabytePng = () => {
  const bytes = Buffer.alloc(6 * 1024 * 1024, 0x41)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return bytes
}

describe('a refused upload reaches the client', () => {
  it('Node fetch receives the 413 and its message for a 6 MB image, every time', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const form = new FormData()
      form.append('image', new Blob([new Uint8Array(sixMegabytePng())], { type: 'image/png' }), 'huge.png')
      const response = await fetch(`${server.url}/api/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
      expect(response.status).toBe(413)
      expect(await response.json()).toEqual({
        success: false,
        message: 'The image is too large: at most 5 MB.',
      })
    }
  })

  it('the server goes on serving after a refused upload', async () => {
    const form = new FormData()
    form.append('image', new Blob([new Uint8Array(sixMegabytePng())], { type: 'image/png' }), 'huge.png')
    const refused = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    expect(refused.status).toBe(413)
    await refused.arrayBuffer()
    expect((await fetch(`${server.url}/api/events`)).status).toBe(200)
  })
})
