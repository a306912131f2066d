import { demoContent } from '#content/demo'
import type { Queryable } from '#db/client.server'
import { countChapters, createChapterWithOfficer } from '#db/queries/accounts.server'
import { readAppState, writeAppState } from '#db/queries/app-state.server'
import { createChapterInfo } from '#db/queries/chapter-info.server'
import { countContactMessages, createContactMessage } from '#db/queries/contact.server'
import { countEvents, createEvent } from '#db/queries/events.server'
import { createExcomMember } from '#db/queries/excom.server'
import { countAdministrators, createPerson } from '#db/queries/people.server'
import { localToday } from '#db/queries/public-events.server'
import { generatePassword, hashPassword } from './auth/password.server'
import { type AppContext, uploadsDir } from './context.server'
import { demoImages } from './demo-images.server'

export const DEFAULT_ADMIN_EMAIL = 'admin@example.org'
const DEMO_SEEDED_KEY = 'demo_seeded_at'

export type CreatedAdministrator = { email: string; generatedPassword: string | null }

/** Creates the first administrator when there is none (docs/decisions/019-configuration-by-environment.md). Returns what to tell the operator. */
export async function ensureAdministrator(ctx: AppContext): Promise<CreatedAdministrator | null> {
  if (countAdministrators(ctx.db) > 0) return null
  const email = ctx.env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL
  const generatedPassword = ctx.env.ADMIN_PASSWORD ? null : generatePassword()
  const password = ctx.env.ADMIN_PASSWORD ?? generatedPassword ?? ''
  createPerson(ctx.db, {
    role: 'admin',
    chapterId: null,
    name: 'Administrator',
    email,
    passwordHash: await hashPassword(password),
  })
  return { email, generatedPassword }
}

export type SeededChapter = { name: string; email: string; password: string }

/** YYYY-MM-DD of `days` after `from`, in local time (dates are stored as entered, docs/decisions/021-dates-as-entered.md). */
function localDate(from: Date, days: number): string {
  return localToday(new Date(from.getFullYear(), from.getMonth(), from.getDate() + days))
}

/**
 * Seeds the sample chapters, members, events and messages once per installation: only when SEED_DEMO
 * is on, nothing was seeded before and the database holds no content of its own.
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
      return {
        chapter,
        password,
        passwordHash: await hashPassword(password),
        logo: await demoImages.logo(dir, chapterIndex),
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
      const { chapter: account } = createChapterWithOfficer(tx, {
        name: chapter.name,
        email: chapter.email,
        phone: chapter.phone,
        passwordHash,
      })
      createChapterInfo(tx, account.id, { ...chapter.info, logo })
      chapter.members.forEach((member, i) => {
        createExcomMember(tx, account.id, { ...member, image: portraits[i] ?? logo })
      })
      chapter.events.forEach((event, i) => {
        const { daysFromSeed, ...fields } = event
        createEvent(tx, account.id, {
          ...fields,
          eventDate: localDate(now, daysFromSeed),
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

function hasOwnContent(db: Queryable): boolean {
  return countChapters(db) + countEvents(db) + countContactMessages(db) > 0
}
