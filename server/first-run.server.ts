import fs from 'node:fs'
import path from 'node:path'
import { firstRunChapters } from '#content/chapters'
import { demoContent } from '#content/demo'
import type { Queryable } from '#db/client.server'
import { addDays } from '#db/clock'
import { emptyChapterInfo } from '#db/dto'
import { countChapters, createChapter, findChapterByName, updateChapter } from '#db/queries/accounts.server'
import { readAppState, writeAppState } from '#db/queries/app-state.server'
import { createChapterInfo, findChapterInfo, updateChapterInfo } from '#db/queries/chapter-info.server'
import { countContactMessages, createContactMessage } from '#db/queries/contact.server'
import { countEvents, createEvent } from '#db/queries/events.server'
import { createExcomMember } from '#db/queries/excom.server'
import { countAdministrators, countOfficers, createPerson } from '#db/queries/people.server'
import { eventInputSchema } from '#db/validation'
import { generatePassword, hashPassword } from './auth/password.server'
import { type AppContext, uploadsDir } from './context.server'
import { demoImages } from './demo-images.server'
import { storeImage } from './uploads/variants.server'

export const DEFAULT_ADMIN_EMAIL = 'admin@example.org'
const DEMO_SEEDED_KEY = 'demo_seeded_at'
const FIRST_RUN_CHAPTERS_KEY = 'first_run_chapters_at'

/** Where the first-run chapters' logos are: files of the repository, read at start like the migrations. */
export const FIRST_RUN_LOGOS_DIR = path.resolve('content', 'images')

/**
 * Where generated passwords go when standard output is not a terminal (a service's log, a pipe): a file in
 * the data directory only the server's user can read (docs/decisions/019-configuration-by-environment.md).
 */
export const PASSWORDS_FILE = 'first-run-passwords.txt'

export const passwordsFileIn = (dataDir: string) => path.join(dataDir, PASSWORDS_FILE)

/**
 * Adds lines to the passwords file, made readable by its owner only; `fresh` replaces a file left by an
 * earlier installation. Written before the account it names is created: if it cannot be written, the
 * start fails and no account exists whose password nobody knows.
 */
export function writePasswordLines(file: string, lines: string[], fresh = false): void {
  if (fresh) fs.rmSync(file, { force: true })
  const handle = fs.openSync(file, 'a', 0o600)
  try {
    // The mode above applies only to a new file; one that existed is narrowed too.
    fs.fchmodSync(handle, 0o600)
    fs.writeSync(handle, lines.map((line) => `${line}\n`).join(''))
    fs.fsyncSync(handle)
  } finally {
    fs.closeSync(handle)
  }
}

export type CreatedAdministrator = {
  email: string
  generatedPassword: string | null
  /** The file the generated password was written to instead of being handed back to print. */
  passwordFile?: string
}

/**
 * Creates the first administrator when there is none (docs/decisions/019-configuration-by-environment.md). Returns what to tell the operator. With `passwordFile`
 * (standard output is not a terminal), a generated password is written there, not handed back.
 */
export async function ensureAdministrator(
  ctx: AppContext,
  options: { passwordFile?: string } = {},
): Promise<CreatedAdministrator | null> {
  if (countAdministrators(ctx.db) > 0) return null
  const email = ctx.env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL
  const generated = ctx.env.ADMIN_PASSWORD ? null : generatePassword()
  const password = ctx.env.ADMIN_PASSWORD ?? generated ?? ''
  const { passwordFile } = options
  if (generated && passwordFile)
    writePasswordLines(
      passwordFile,
      [
        'Passwords generated at the first start. Sign in, change them, then delete this file.',
        `Administrator: ${email}  ${generated}`,
      ],
      true,
    )
  createPerson(ctx.db, {
    role: 'admin',
    chapterId: null,
    name: 'Administrator',
    email,
    passwordHash: await hashPassword(password),
  })
  if (generated && passwordFile) return { email, generatedPassword: null, passwordFile }
  return { email, generatedPassword: generated }
}

/** The university of a chapter named "<university> Student Branch": its members' affiliation. */
const universityOf = (chapterName: string) => chapterName.replace(/\s+Student Branch$/, '')

/**
 * Creates the chapters of content/chapters.ts, without officers, on the first start of a database that
 * has none (docs/decisions/066-chapters-from-the-database.md): each with its chair and advisor as committee members and its logo
 * (stored as an upload), so /chapters shows on day one what it showed when it was a fixed page. Whatever
 * the outcome, a later start never does it again: from then on the console owns the chapters.
 * Independent of SEED_DEMO: this is the site's content, not a demo. Answers how many were created.
 */
export async function createFirstRunChapters(ctx: AppContext, now = new Date()): Promise<number> {
  const { db, env } = ctx
  if (readAppState(db, FIRST_RUN_CHAPTERS_KEY)) return 0
  if (countChapters(db) > 0) {
    writeAppState(db, FIRST_RUN_CHAPTERS_KEY, now.toISOString())
    return 0
  }
  const dir = uploadsDir(env)
  // Logos are stored first: the database work below is one transaction. A logo that cannot be stored (a
  // broken uploads folder) leaves its chapter without one rather than the site without a start.
  const logos = await Promise.all(
    firstRunChapters.map(async (chapter) => {
      if (!chapter.logo) return null
      try {
        return await storeImage(dir, fs.readFileSync(path.join(FIRST_RUN_LOGOS_DIR, chapter.logo)), 'webp')
      } catch (error) {
        ctx.logger.warn({ err: error, logo: chapter.logo }, 'Could not store a first-run chapter logo')
        return null
      }
    }),
  )
  db.transaction((tx) => {
    firstRunChapters.forEach((entry, index) => {
      // One millisecond apart, so the public list (oldest first) keeps the content's order.
      const createdAt = new Date(now.getTime() - (firstRunChapters.length - index))
      const chapter = createChapter(tx, { name: entry.name, email: entry.chair.email, createdAt })
      const affiliation = universityOf(entry.name)
      for (const [designation, person] of [
        ['Chair', entry.chair],
        ['Advisor', entry.advisor],
      ] as const) {
        createExcomMember(tx, chapter.id, { ...person, designation, affiliation, image: '' })
      }
      const logo = logos[index]
      if (logo) {
        // Only the logo: the texts are the chapter's to write (its landing says so meanwhile).
        createChapterInfo(tx, chapter.id, { ...emptyChapterInfo, logo })
      }
    })
    writeAppState(tx, FIRST_RUN_CHAPTERS_KEY, now.toISOString())
  })
  return firstRunChapters.length
}

export type SeededChapter = { name: string; email: string; password: string }

/**
 * Seeds the sample officers, chapter info, members, events and messages once per installation: only when
 * SEED_DEMO is on, nothing was seeded before and the database holds no content of its own (the first-run
 * chapters aside). A demo chapter is the first-run chapter of its name when there is one, else a new one.
 */
export async function seedDemoContent(ctx: AppContext, now = new Date()): Promise<SeededChapter[] | null> {
  const { db, env } = ctx
  if (!env.SEED_DEMO || readAppState(db, DEMO_SEEDED_KEY) || hasOwnContent(db)) return null

  const dir = uploadsDir(env)
  const seeded: SeededChapter[] = []
  // Images and password hashes are prepared first: the database work below is one transaction.
  const prepared = await Promise.all(
    demoContent.chapters.map(async (chapter, chapterIndex) => {
      const password = generatePassword()
      const existing = findChapterByName(db, chapter.name)
      const info = existing ? findChapterInfo(db, existing.id) : undefined
      return {
        chapter,
        password,
        passwordHash: await hashPassword(password),
        logo: info?.logo || (await demoImages.logo(dir, chapterIndex)),
        portraits: await Promise.all(
          chapter.members.map((_, i) => demoImages.portrait(dir, chapterIndex * 7 + i)),
        ),
        banners: await Promise.all(
          chapter.events.map((_, i) => demoImages.banner(dir, chapterIndex * 5 + i)),
        ),
      }
    }),
  )

  db.transaction((tx) => {
    for (const { chapter, password, passwordHash, logo, portraits, banners } of prepared) {
      const contact = { name: chapter.name, email: chapter.email, phone: chapter.phone }
      const existing = findChapterByName(tx, chapter.name)
      const account = existing
        ? (updateChapter(tx, existing, contact)?.chapter ?? existing)
        : createChapter(tx, contact)
      createPerson(tx, {
        role: 'officer',
        chapterId: account.id,
        name: chapter.name,
        email: chapter.email,
        passwordHash,
      })
      const info = findChapterInfo(tx, account.id)
      if (info) updateChapterInfo(tx, info.id, { ...chapter.info, logo })
      else createChapterInfo(tx, account.id, { ...chapter.info, logo })
      chapter.members.forEach((member, i) => {
        createExcomMember(tx, account.id, { ...member, image: portraits[i] ?? logo })
      })
      chapter.events.forEach((event, i) => {
        const { daysFromSeed, type, ...fields } = event
        createEvent(tx, account.id, {
          ...fields,
          type: eventInputSchema.shape.type.parse(type),
          eventDate: addDays(ctx.clock.today(now.getTime()), daysFromSeed),
          host: chapter.name,
          banner: banners[i] ?? logo,
          eventLink: chapter.info.facebookUrl,
        })
      })
      seeded.push({ name: chapter.name, email: chapter.email, password })
    }
    for (const message of demoContent.contactMessages) {
      const { hoursAgo, ...fields } = message
      createContactMessage(tx, { ...fields, receivedAt: new Date(now.getTime() - hoursAgo * 3_600_000) })
    }
    writeAppState(tx, DEMO_SEEDED_KEY, now.toISOString())
  })
  return seeded
}

/** Content of the installation's own: the first-run chapters alone (no officers, no events) are not. */
function hasOwnContent(db: Queryable): boolean {
  return countOfficers(db) + countEvents(db) + countContactMessages(db) > 0
}
