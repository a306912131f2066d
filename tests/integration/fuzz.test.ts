import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseFileName } from '#db/client.server'
import {
  allTables,
  call,
  clientOf,
  signIn,
  snapshotRows,
  UPCOMING_DATE,
  validAttendee,
  validContact,
  validEvent,
  validInfo,
  validMember,
  validRegistrationSettings,
} from '../support/api'
import { FUZZ_SENSITIVE_PATHS, type FuzzTargets, generateFuzzCases } from '../support/fuzz-cases'
import { allowTimeForProcesses } from '../support/process-budget'
import { createRandom, seedFrom } from '../support/random'
import { rawRequest } from '../support/raw-http'
import { type ServerProcess, startServer } from '../support/server-process'

allowTimeForProcesses()

/**
 * docs/decisions/033-hostile-input-tests.md, hostile input: generated bad requests across every endpoint against the real server process.
 * No answer is a 5xx, the process stays up, and no table or upload changes. FUZZ_SEED=<n> replays a run,
 * FUZZ_CASES=<n> sends more (default 1,500).
 */

const ADMIN = { email: 'fuzz-admin@example.org', password: 'fuzz admin password' }
const CHAPTER = { email: 'fuzz-chapter@example.org', password: 'violet harbour lantern' }
const CASES = Number(process.env.FUZZ_CASES) || 1_500
const seed = seedFrom(process.env.FUZZ_SEED)

let server: ServerProcess
let targets: FuzzTargets
beforeAll(async () => {
  server = await startServer({
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_SCALE: '100000' },
  })
  const client = clientOf(server.url)
  const admin = await signIn(client, ADMIN.email, ADMIN.password)
  const created = await call(client, 'POST', '/api/users', {
    token: admin.token,
    json: { name: 'Fuzz Chapter', email: CHAPTER.email, password: CHAPTER.password, phone: '01711000000' },
  })
  const chapter = await signIn(client, CHAPTER.email, CHAPTER.password)
  const made = await Promise.all([
    call(client, 'POST', '/api/events', {
      token: chapter.token,
      json: {
        ...validEvent({ eventDate: UPCOMING_DATE }),
        registration: validRegistrationSettings({ capacity: null }),
      },
    }),
    call(client, 'POST', '/api/excom', { token: chapter.token, json: validMember() }),
    call(client, 'POST', '/api/chapters', { token: chapter.token, json: validInfo() }),
    call(client, 'POST', '/api/contact', { json: validContact() }),
  ])
  for (const answer of made) expect(answer.status).toBe(201)
  const [event, member, info, contact] = made
  const invited = await call(client, 'POST', '/api/invitations', {
    token: chapter.token,
    json: { email: 'fuzz-invitee@example.org' },
  })
  expect(invited.status).toBe(201)
  const registered = await call(client, 'POST', `/api/events/${event?.body.event._id}/registrations`, {
    json: validAttendee(),
  })
  expect(registered.status).toBe(201)
  const attendees = await call(client, 'GET', `/api/events/${event?.body.event._id}/registrations`, {
    token: chapter.token,
  })
  const people = await call(client, 'GET', '/api/people', { token: chapter.token })
  const sessions = await call(client, 'GET', '/api/auth/sessions', { token: chapter.token })
  targets = {
    tokens: { admin: admin.token, chapter: chapter.token },
    ids: {
      event: event?.body.event._id,
      member: member?.body.member._id,
      info: info?.body.chapter._id,
      contact: contact?.body.contact._id,
      invitation: invited.body.invitation._id,
      person: people.body.people[0]._id,
      session: sessions.body.sessions[0]._id,
      registration: attendees.body.registrations[0]._id,
    },
    slug: created.body.chapter.slug,
    inviteToken: new URL(invited.body.invitation.url).pathname.split('/').pop() ?? '',
    registrationToken: new URL(registered.body.registration.manageUrl).pathname.split('/').pop() ?? '',
  }
})
afterAll(() => server.stop())

function snapshot() {
  const db = new SQLite(path.join(server.dataDir, databaseFileName), { readonly: true })
  try {
    // A refused sign-in counts against its account and address: that bookkeeping is meant to change.
    const tables = snapshotRows(
      db,
      allTables(db).filter((table) => table !== 'login_throttle'),
    )
    const uploads = fs.readdirSync(path.join(server.dataDir, 'uploads')).sort()
    return { tables, uploads }
  } finally {
    db.close()
  }
}

describe(`hostile input: ${CASES} generated requests (seed ${seed})`, () => {
  it('no answer is a 5xx, the process stays up, and the data is unchanged', async () => {
    const before = snapshot()
    const cases = generateFuzzCases(createRandom(seed), CASES, targets)
    console.log(`[fuzz] seed ${seed}: sending ${cases.length} cases (replay with FUZZ_SEED=${seed})`)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })
    const failures: string[] = []
    const statuses = new Map<number, number>()
    let closed = 0
    let next = 0
    const worker = async () => {
      while (next < cases.length) {
        const index = next++
        const fuzz = cases[index]
        if (!fuzz) break
        let answer: Awaited<ReturnType<typeof rawRequest>>
        try {
          answer = await rawRequest(server.url, { ...fuzz, agent })
        } catch (error) {
          if (server.child.exitCode !== null)
            throw new Error(
              `the server died on case ${index}: ${fuzz.label}\n${server.output().slice(-3000)}`,
            )
          // Only a body over the limit may be cut off (a 413 sent before the rest was read); any other
          // closed connection is a request the server failed to answer.
          if (fuzz.mayBeCutOff && /socket hang up|ECONNRESET|EPIPE/.test(String(error))) closed++
          else failures.push(`#${index} ${fuzz.label}: no answer (${error})`)
          continue
        }
        if (answer.status >= 300 && answer.status < 400) {
          const location = String(answer.headers.location ?? '')
          // Redirects stay on this site: never `//host` or `/\host`, which browsers read as another site.
          if (!/^\/(?![/\\])/.test(location))
            failures.push(`#${index} ${fuzz.label}: redirects to ${location}`)
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
        // Every write is broken on purpose: one that succeeds names the case that let it through.
        if (answer.status >= 200 && answer.status < 300 && !['GET', 'HEAD', 'OPTIONS'].includes(fuzz.method))
          failures.push(`#${index} ${fuzz.label}: a broken write was accepted (${answer.status})`)
        if (answer.status >= 500)
          failures.push(`#${index} ${fuzz.label}: ${answer.status} ${answer.body.toString().slice(0, 200)}`)
        // Every API error answer is JSON in the error shape `{ success: false, message }`.
        if (fuzz.path.startsWith('/api/') && answer.status >= 400 && fuzz.method !== 'HEAD') {
          let body: { success?: unknown; message?: unknown } = {}
          try {
            body = JSON.parse(answer.body.toString())
          } catch {}
          if (body.success !== false || typeof body.message !== 'string' || body.message === '')
            failures.push(
              `#${index} ${fuzz.label}: ${answer.status} not the JSON error shape: ${answer.body.toString().slice(0, 80)}`,
            )
        }
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    agent.destroy()
    console.log(
      `[fuzz] seed ${seed}: ${cases.length} cases sent; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}, ${closed} connections closed by the server (each on a body over the limit)`,
    )

    expect(failures, `seed ${seed}`).toEqual([])
    expect(server.child.exitCode).toBeNull()
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    expect(snapshot(), `seed ${seed}: the data changed`).toEqual(before)
  }, 120_000)

  it('a multipart body that ends inside the file is a 400, and the server lives on', async () => {
    // Found by this fuzz test: busboy destroyed the file stream with an error nobody listened to.
    const boundary = 'cut-short'
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
    )
    const answer = await rawRequest(server.url, {
      method: 'POST',
      path: '/api/uploads',
      headers: {
        authorization: `Bearer ${targets.tokens.chapter}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
    })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body.toString())).toEqual({
      success: false,
      message: 'The multipart body could not be read.',
    })
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
  })

  it('files outside uploads and assets are never served', async () => {
    for (const target of FUZZ_SENSITIVE_PATHS) {
      const answer = await rawRequest(server.url, { path: target })
      expect(answer.status, target).toBe(404)
      expect(answer.body.toString('latin1'), target).not.toMatch(
        /SQLite format|"dependencies"|SESSION_SECRET|\[core\]|import /,
      )
    }
  })
})
