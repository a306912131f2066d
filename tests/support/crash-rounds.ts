import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import SQLite from 'better-sqlite3'
import { databaseFileName } from '#db/client.server'
import { isVariant } from '#server/uploads/variants.server'
import { pictureBytes } from './api'
import { createRandom, type Random } from './random'
import { freshDataDir, type ServerProcess, startServer } from './server-process'

/**
 * Crash safety (docs/decisions/029-crash-safety.md): writers hammer the real server process through the API, the process is killed
 * with SIGKILL at a random moment, restarted on the same data directory, and the database is checked:
 * `integrity_check` is ok, no foreign key is broken, every acknowledged write is there with all its
 * fields, and every row a write in flight may have left is whole. Used by tests/integration/crash.test.ts
 * (a few rounds in `npm test`) and tests/scripts/crash-test.ts (`npm run crash-test -- --rounds 200`).
 */

export const CRASH_ADMIN = { email: 'crash-admin@example.org', password: 'crash admin password' }
const CHAPTER_PASSWORD = 'violet harbour lantern'

type Table = 'chapters' | 'users' | 'events' | 'excom_members' | 'contact_messages' | 'chapter_info'
type Row = Record<string, unknown>

/** Columns compared per table: every field a write sets. */
const COLUMNS: Record<Table, string[]> = {
  chapters: ['name', 'email', 'phone'],
  users: ['role', 'chapter_id', 'name', 'email'],
  events: [
    'owner_id',
    'title',
    'banner',
    'host',
    'event_date',
    'start_time',
    'end_time',
    'location',
    'registration_method',
    'fees',
    'event_link',
    'description',
  ],
  excom_members: ['chapter_id', 'name', 'designation', 'affiliation', 'email', 'image'],
  contact_messages: ['name', 'email', 'message'],
  chapter_info: [
    'chapter_id',
    'logo',
    'short_description',
    'website_url',
    'facebook_url',
    'linkedin_url',
    'video_url',
    'about_us',
  ],
}

/** What a row must hold after the crash: its acknowledged state, or that of the write in flight to it. */
type Expectation = { table: Table; id: string; acked: Row | null; pending?: Row | null }

export type CrashReport = {
  seed: number
  rounds: number
  writers: number
  acknowledged: number
  inFlightAtKill: number
  rowsChecked: number
  uploadsChecked: number
  problems: string[]
}

export type CrashOptions = {
  rounds: number
  writers?: number
  seed: number
  /** The kill comes this long (a random moment in the range, ms) after the round's first writes are acknowledged. */
  killAfterMs?: [number, number]
  log?: (line: string) => void
}

class ServerGone extends Error {}

/** Writes each round has acknowledged before the kill may come. */
export const ACKNOWLEDGED_BEFORE_KILL = 20

const serverEnv = {
  SEED_DEMO: 'false',
  ADMIN_EMAIL: CRASH_ADMIN.email,
  ADMIN_PASSWORD: CRASH_ADMIN.password,
  RATE_LIMIT_SCALE: '100000',
  LOG_LEVEL: 'warn',
}

const sameRow = (a: Row | null, b: Row | null | undefined) =>
  b !== undefined && JSON.stringify(a) === JSON.stringify(b)

/** Everything the rounds share: the expectations, what was in flight, the counters. */
class Ledger {
  expectations = new Map<string, Expectation>()
  pendingCreates: { table: Table; row: Row }[] = []
  uploads = new Set<string>()
  acknowledged = 0
  inFlightAtKill = 0
  problems: string[] = []

  expect(table: Table, id: string, row: Row): Expectation {
    const expectation = { table, id, acked: row }
    this.expectations.set(id, expectation)
    return expectation
  }
}

type WriterContext = {
  url: string
  adminToken: string
  chapterToken: string
  chapterId: string
  random: Random
  ledger: Ledger
  round: number
  writer: number
  own: Expectation[]
  serial: number
}

async function send(
  context: WriterContext,
  method: string,
  target: string,
  token: string | undefined,
  body?: unknown,
): Promise<{ status: number; json: Row }> {
  let response: Response
  try {
    const headers: Record<string, string> = {}
    if (token) headers.authorization = `Bearer ${token}`
    let payload: BodyInit | undefined
    if (body instanceof FormData) payload = body
    else if (body !== undefined) {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(body)
    }
    response = await fetch(`${context.url}${target}`, { method, headers, body: payload })
  } catch {
    throw new ServerGone()
  }
  let json: Row
  try {
    json = (await response.json()) as Row
  } catch {
    throw new ServerGone()
  }
  if (response.status >= 500) context.ledger.problems.push(`${method} ${target} answered ${response.status}`)
  return { status: response.status, json }
}

const tag = (context: WriterContext) => `w${context.writer}-r${context.round}-${++context.serial}`

function eventInput(context: WriterContext) {
  const { random } = context
  const two = (n: number) => String(n).padStart(2, '0')
  return {
    title: `Crash event ${tag(context)}`,
    startTime: `${two(random.int(0, 11))}:${two(random.int(0, 59))}`,
    endTime: `${two(random.int(12, 23))}:${two(random.int(0, 59))}`,
    eventDate: `20${random.int(24, 30)}-${two(random.int(1, 12))}-${two(random.int(1, 28))}`,
    location: random.pick(['Dhaka', 'Chattogram', 'Online', 'Sylhet']),
    host: `Host ${random.int(1, 999)}`,
    registrationMethod: random.pick(['Online', 'Offline'] as const),
    fees: random.int(0, 100_000) / 4,
    banner: `/uploads/${random.int(0, 9)}abc.webp`,
    eventLink: `https://example.org/events/${random.int(1, 1e6)}`,
    description: `Line one ${random.int(1, 1e9)}\nLine two`,
  }
}

const eventRow = (ownerId: string | null, input: ReturnType<typeof eventInput>): Row => ({
  owner_id: ownerId,
  title: input.title,
  banner: input.banner,
  host: input.host,
  event_date: input.eventDate,
  start_time: input.startTime,
  end_time: input.endTime,
  location: input.location,
  registration_method: input.registrationMethod,
  fees: input.fees,
  event_link: input.eventLink,
  description: input.description,
})

function memberInput(context: WriterContext) {
  const id = tag(context)
  return {
    name: `Member ${id}`,
    designation: context.random.pick(['Chair', 'Treasurer', 'Secretary']),
    affiliation: `University ${context.random.int(1, 50)}`,
    email: `${id}@example.org`,
    image: `https://images.example.org/${id}.png`,
  }
}

const memberRow = (chapterId: string, input: ReturnType<typeof memberInput>): Row => ({
  chapter_id: chapterId,
  ...input,
})

function infoInput(context: WriterContext) {
  const id = tag(context)
  return {
    logo: `/uploads/logo-${context.random.int(1, 99)}.webp`,
    shortDescription: `Short ${id}`,
    websiteUrl: `https://chapter.example.org/${id}`,
    facebookUrl: 'https://facebook.com/chapter',
    linkedinUrl: 'https://linkedin.com/company/chapter',
    videoUrl: context.random.chance(0.5) ? '' : 'https://www.youtube.com/watch?v=abcdefghijk',
    aboutUs: `About ${id}\nSecond line`,
  }
}

const infoRow = (chapterId: string, input: ReturnType<typeof infoInput>): Row => ({
  chapter_id: chapterId,
  logo: input.logo,
  short_description: input.shortDescription,
  website_url: input.websiteUrl,
  facebook_url: input.facebookUrl,
  linkedin_url: input.linkedinUrl,
  video_url: input.videoUrl,
  about_us: input.aboutUs,
})

/** A create: the row either comes with the answer, or, if the crash took the answer, may or may not exist. */
async function create(
  context: WriterContext,
  table: Table,
  row: Row,
  request: () => Promise<{ status: number; json: Row }>,
  idOf: (json: Row) => string,
) {
  const pending = { table, row }
  context.ledger.pendingCreates.push(pending)
  const answer = await request()
  context.ledger.pendingCreates.splice(context.ledger.pendingCreates.indexOf(pending), 1)
  if (answer.status !== 201) {
    context.ledger.problems.push(
      `create in ${table} answered ${answer.status}: ${JSON.stringify(answer.json)}`,
    )
    return
  }
  context.ledger.acknowledged++
  context.own.push(context.ledger.expect(table, idOf(answer.json), row))
}

/** An update or delete of one of the writer's rows: `next` null deletes. */
async function change(
  context: WriterContext,
  expectation: Expectation,
  next: Row | null,
  request: () => Promise<{ status: number; json: Row }>,
) {
  expectation.pending = next
  const answer = await request()
  if (answer.status !== 200) {
    context.ledger.problems.push(`change of ${expectation.table} ${expectation.id} answered ${answer.status}`)
    expectation.pending = undefined
    return
  }
  context.ledger.acknowledged++
  expectation.acked = next
  expectation.pending = undefined
  if (next === null) context.own.splice(context.own.indexOf(expectation), 1)
}

const nested = (json: Row, key: string) => (json[key] as Row)._id as string

/** Deletes, updates or creates one of the writer's rows of a resource, as `choice` falls. */
function writeOwnRow<Input>(
  context: WriterContext,
  choice: number,
  resource: {
    table: Table
    path: string
    token: string
    /** The key of the created row in the answer (`event`, `member`). */
    answerKey: string
    input: () => Input
    row: (input: Input) => Row
    deleteBelow: number
    updateBelow: number
  },
) {
  const { random } = context
  const rows = context.own.filter((entry) => entry.table === resource.table && entry.acked !== null)
  if (rows.length > 0 && choice < resource.deleteBelow) {
    const row = random.pick(rows)
    return change(context, row, null, () =>
      send(context, 'DELETE', `${resource.path}/${row.id}`, resource.token),
    )
  }
  const input = resource.input()
  if (rows.length > 0 && choice < resource.updateBelow) {
    const row = random.pick(rows)
    return change(context, row, resource.row(input), () =>
      send(context, 'PUT', `${resource.path}/${row.id}`, resource.token, input),
    )
  }
  return create(
    context,
    resource.table,
    resource.row(input),
    () => send(context, 'POST', resource.path, resource.token, input),
    (json) => nested(json, resource.answerKey),
  )
}

/** One write, chosen by the writer's role: most write events; some the chapter's members, info and uploads. */
async function writeOnce(context: WriterContext) {
  const { random, writer } = context
  if (writer % 5 === 4) {
    // The chapter account: its executive committee and its one chapter info row.
    const choice = random.next()
    if (writer === 4 && choice < 0.25) {
      const input = infoInput(context)
      const row = infoRow(context.chapterId, input)
      // The one row may also have come from a create the last crash cut off, so look in the whole ledger.
      const existing = [...context.ledger.expectations.values()].find(
        (entry) =>
          entry.table === 'chapter_info' &&
          entry.acked !== null &&
          entry.acked.chapter_id === context.chapterId,
      )
      if (existing) {
        return change(context, existing, row, () =>
          send(context, 'PUT', `/api/chapters/${existing.id}`, context.chapterToken, input),
        )
      }
      return create(
        context,
        'chapter_info',
        row,
        () => send(context, 'POST', '/api/chapters', context.chapterToken, input),
        (json) => nested(json, 'chapter'),
      )
    }
    return writeOwnRow(context, choice, {
      table: 'excom_members',
      path: '/api/excom',
      token: context.chapterToken,
      answerKey: 'member',
      input: () => memberInput(context),
      row: (input) => memberRow(context.chapterId, input),
      deleteBelow: 0.45,
      updateBelow: 0.7,
    })
  }
  const choice = random.next()
  if (choice < 0.1) {
    const form = new FormData()
    const bytes = await pictureBytes(writer * 1_000_000 + context.round * 1_000 + context.serial++)
    form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'crash.png')
    const answer = await send(context, 'POST', '/api/uploads', context.adminToken, form)
    if (answer.status !== 201) context.ledger.problems.push(`upload answered ${answer.status}`)
    else {
      context.ledger.acknowledged++
      context.ledger.uploads.add(((answer.json.data as Row).url as string).slice('/uploads/'.length))
    }
    return
  }
  if (choice < 0.3) {
    const input = {
      name: `Visitor ${tag(context)}`,
      email: 'visitor@example.org',
      message: `Hello ${tag(context)}`,
    }
    return create(
      context,
      'contact_messages',
      input,
      () => send(context, 'POST', '/api/contact', undefined, input),
      (json) => nested(json, 'contact'),
    )
  }
  return writeOwnRow(context, choice, {
    table: 'events',
    path: '/api/events',
    token: context.adminToken,
    answerKey: 'event',
    input: () => eventInput(context),
    // An administrator's event belongs to no chapter.
    row: (input) => eventRow(null, input),
    deleteBelow: 0.45,
    updateBelow: 0.65,
  })
}

async function writeUntilGone(context: WriterContext, stopped: () => boolean, killSent: () => boolean) {
  try {
    while (!stopped()) await writeOnce(context)
  } catch (error) {
    if (!(error instanceof ServerGone)) throw error
    // Only the planned SIGKILL may take the server away: before it, a lost server is a real crash.
    if (!killSent())
      context.ledger.problems.push(
        `round ${context.round}: writer ${context.writer} found the server gone before the kill was sent`,
      )
  }
}

function readRow(db: SQLite.Database, table: Table, id: string): Row | null {
  const row = db.prepare(`SELECT ${COLUMNS[table].join(', ')} FROM ${table} WHERE id = ?`).get(id) as
    | Row
    | undefined
  return row ?? null
}

/** Checks the database and the uploads against the ledger, then makes what was found the new truth. */
function verify(dataDir: string, ledger: Ledger): { rows: number; uploads: number } {
  const db = new SQLite(path.join(dataDir, databaseFileName))
  try {
    const integrity = db.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok') ledger.problems.push(`integrity_check: ${integrity}`)
    const broken = db.pragma('foreign_key_check') as unknown[]
    if (broken.length > 0) ledger.problems.push(`foreign_key_check: ${JSON.stringify(broken.slice(0, 5))}`)

    ledger.inFlightAtKill +=
      ledger.pendingCreates.length +
      [...ledger.expectations.values()].filter((e) => e.pending !== undefined).length
    for (const expectation of ledger.expectations.values()) {
      const actual = readRow(db, expectation.table, expectation.id)
      if (!sameRow(actual, expectation.acked) && !sameRow(actual, expectation.pending)) {
        ledger.problems.push(
          `${expectation.table} ${expectation.id}: found ${JSON.stringify(actual)}, acknowledged ${JSON.stringify(expectation.acked)}`,
        )
      }
      expectation.acked = actual
      expectation.pending = undefined
    }
    // Rows nobody acknowledged must be a create that was in flight, whole.
    for (const table of Object.keys(COLUMNS) as Table[]) {
      const ids = db.prepare(`SELECT id FROM ${table}`).pluck().all() as string[]
      for (const id of ids) {
        if (ledger.expectations.has(id)) continue
        const row = readRow(db, table, id)
        const match = ledger.pendingCreates.findIndex(
          (pending) => pending.table === table && sameRow(row, pending.row),
        )
        if (match === -1)
          ledger.problems.push(`${table} ${id}: a row no write explains: ${JSON.stringify(row)}`)
        else {
          ledger.pendingCreates.splice(match, 1)
          ledger.expect(table, id, row as Row)
        }
      }
    }
    ledger.pendingCreates = []

    const uploadsDir = path.join(dataDir, 'uploads')
    const files = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir) : []
    for (const name of ledger.uploads)
      if (!files.includes(name)) ledger.problems.push(`upload ${name} is missing`)
    for (const name of files.filter((file) => !file.startsWith('.tmp-'))) {
      const bytes = fs.readFileSync(path.join(uploadsDir, name))
      if (isVariant(name)) {
        // A resized copy is named after its upload, not its own bytes: whole when its RIFF header's
        // length is the file's length.
        const whole =
          bytes.toString('latin1', 0, 4) === 'RIFF' &&
          bytes.toString('latin1', 8, 12) === 'WEBP' &&
          bytes.length >= 12 &&
          bytes.readUInt32LE(4) + 8 === bytes.length
        if (!whole) ledger.problems.push(`resized copy ${name} is torn (${bytes.length} bytes)`)
        continue
      }
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32)
      if (!name.startsWith(hash)) ledger.problems.push(`upload ${name} is torn: its bytes hash to ${hash}`)
    }
    return { rows: ledger.expectations.size, uploads: files.length }
  } finally {
    db.close()
  }
}

async function json(url: string, init: RequestInit): Promise<Row> {
  const response = await fetch(url, init)
  const body = (await response.json()) as Row
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`)
  return body
}

const signIn = async (url: string, email: string, password: string) =>
  (
    await json(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  ).token as string

export async function runCrashRounds(options: CrashOptions): Promise<CrashReport> {
  const writers = options.writers ?? 20
  const [killMin, killMax] = options.killAfterMs ?? [0, 600]
  const log = options.log ?? (() => {})
  const random = createRandom(options.seed)
  const ledger = new Ledger()
  const dataDir = freshDataDir('chapter-crash-')
  let server: ServerProcess = await startServer({ dataDir, env: serverEnv })
  let rowsChecked = 0
  let uploadsChecked = 0
  try {
    const adminToken = await signIn(server.url, CRASH_ADMIN.email, CRASH_ADMIN.password)
    const chapter = (
      await json(`${server.url}/api/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({
          name: 'Crash Chapter',
          email: 'crash-chapter@example.org',
          password: CHAPTER_PASSWORD,
          phone: '01711000000',
        }),
      })
    ).chapter as Row
    const chapterToken = await signIn(server.url, 'crash-chapter@example.org', CHAPTER_PASSWORD)
    {
      const db = new SQLite(path.join(dataDir, databaseFileName), { readonly: true })
      try {
        // What the first start made (the administrator, the first-run chapters with their committee and
        // logos) and the chapter above: rows every later check expects as they are.
        for (const table of Object.keys(COLUMNS) as Table[]) {
          for (const id of db.prepare(`SELECT id FROM ${table}`).pluck().all() as string[]) {
            ledger.expect(table, id, readRow(db, table, id) as Row)
          }
        }
      } finally {
        db.close()
      }
    }
    const owned = Array.from({ length: writers }, () => [] as Expectation[])

    for (let round = 1; round <= options.rounds; round++) {
      let stopped = false
      let killSent = false
      const contexts = owned.map(
        (own, writer): WriterContext => ({
          url: server.url,
          adminToken,
          chapterToken,
          chapterId: chapter._id as string,
          random: createRandom(options.seed * 1_000 + round * 100 + writer),
          ledger,
          round,
          writer,
          own,
          serial: 0,
        }),
      )
      const before = ledger.acknowledged
      const loops = contexts.map((context) =>
        writeUntilGone(
          context,
          () => stopped,
          () => killSent,
        ),
      )
      // Some writes acknowledged first, however slow the disk is today, then the kill at a random moment.
      const giveUpAt = performance.now() + 10_000
      while (ledger.acknowledged < before + ACKNOWLEDGED_BEFORE_KILL && performance.now() < giveUpAt)
        await delay(5)
      await delay(random.int(killMin, killMax))
      // The server must still be up and answering right before the kill: what the writers see after it is ours.
      const alive = await fetch(`${server.url}/api/health`).then(
        (answer) => answer.status,
        (error: unknown) => String(error),
      )
      if (alive !== 200 || server.child.exitCode !== null)
        ledger.problems.push(`round ${round}: the server did not answer just before the kill (${alive})`)
      killSent = true
      await server.stop('SIGKILL')
      stopped = true
      await Promise.all(loops)

      server = await startServer({ dataDir, env: serverEnv })
      const inFlightBefore = ledger.inFlightAtKill
      const checked = verify(dataDir, ledger)
      for (const own of owned) own.splice(0, own.length, ...own.filter((entry) => entry.acked !== null))
      rowsChecked += checked.rows
      uploadsChecked += checked.uploads
      // The restarted server itself sees the data.
      const health = await fetch(`${server.url}/api/health`)
      if (health.status !== 200) ledger.problems.push(`round ${round}: /api/health answered ${health.status}`)
      log(
        `round ${round}/${options.rounds}: ${ledger.acknowledged - before} writes acknowledged, ` +
          `${ledger.inFlightAtKill - inFlightBefore} in flight at the kill, ${checked.rows} rows and ` +
          `${checked.uploads} uploads checked, ${ledger.problems.length} problems`,
      )
      if (ledger.problems.length > 0) break
    }
    const exitCode = await server.stop('SIGTERM')
    if (exitCode !== 0) ledger.problems.push(`the last server exited with ${exitCode} on SIGTERM`)
    verify(dataDir, ledger)
  } finally {
    await server.stop('SIGKILL')
  }
  if (ledger.problems.length === 0) fs.rmSync(dataDir, { recursive: true, force: true })
  else log(`data directory kept for inspection: ${dataDir}`)
  return {
    seed: options.seed,
    rounds: options.rounds,
    writers,
    acknowledged: ledger.acknowledged,
    inFlightAtKill: ledger.inFlightAtKill,
    rowsChecked,
    uploadsChecked,
    problems: ledger.problems,
  }
}
