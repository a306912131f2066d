import path from 'node:path'
import { openDataDirDatabase } from '#db/client.server'
import { createChapterWithOfficer } from '#db/queries/accounts.server'
import { createChapterInfo } from '#db/queries/chapter-info.server'
import { createEvent } from '#db/queries/events.server'
import { createExcomMember } from '#db/queries/excom.server'
import { hashPassword } from '#server/auth/password.server'
import { demoImages } from '#server/demo-images.server'
import { siteClock } from '../support/site-clock'

/**
 * A post and a committee page every new site has: the first start seeds content/'s articles and committees
 * into the database (server/main.ts), so the benchmark measures them as the console leaves them.
 */
export const SEEDED_POST = 'evolution-of-quantum-computing'
export const SEEDED_COMMITTEE = '/excom-23'

export type BenchData = { chapterSlug: string; eventId: string; firstDay: string; lastDay: string }

/** YYYY-MM-DD `days` from today, in the site's calendar (TIME_ZONE, as the site reads dates). */
function dayFromToday(days: number): string {
  return siteClock.daysFromToday(days)
}

/** What the events are about: titles and descriptions vary, so a search finds some and not all. */
const TOPICS = [
  'machine learning',
  'building for the web',
  'robotics',
  'cyber security',
  'cloud computing',
  'data science',
  'competitive programming',
  'internet of things',
  'mobile apps',
  'open source',
  'মেশিন লার্নিং',
  'ওয়েব ডেভেলপমেন্ট',
]
const KINDS = ['Workshop', 'Seminar', 'Webinar', 'Contest', 'Talk']
const PLACES = ['Dhaka', 'Chattogram', 'Sylhet', 'Khulna', 'Rajshahi', 'Online']

const DESCRIPTION = [
  'A hands-on session for students who want to build real things: short talks, then an afternoon of',
  'pairing on exercises with mentors from the chapter and industry partners. Bring a laptop; everything',
  'else is provided, including lunch and the certificate of participation.',
].join(' ')

/**
 * Fills a fresh data directory the way a busy chapter site looks: one chapter with its information,
 * five committee members with photos, and `events` events (a quarter upcoming, the rest past, four a day)
 * on a dozen topics (two in Bengali) in six places, whose banners are real uploads. Written through the
 * db/ query functions, before the server starts.
 */
export async function seedBenchData(dataDir: string, events: number): Promise<BenchData> {
  const uploads = path.join(dataDir, 'uploads')
  const banners = await Promise.all([0, 1, 2, 3, 4, 5].map((seed) => demoImages.banner(uploads, seed)))
  const portraits = await Promise.all([0, 1, 2, 3, 4].map((seed) => demoImages.portrait(uploads, seed)))
  const logo = await demoImages.logo(uploads, 0)
  const passwordHash = await hashPassword('bench chapter password')

  const db = openDataDirDatabase(dataDir)
  try {
    return db.transaction((tx) => {
      const { chapter } = createChapterWithOfficer(tx, {
        name: 'Bench University Student Branch',
        email: 'bench-chapter@example.org',
        phone: '01700000999',
        passwordHash,
      })
      createChapterInfo(tx, chapter.id, {
        logo,
        shortDescription: 'A student branch used by the benchmark: a chapter with a full landing page.',
        websiteUrl: 'https://bench.example.org',
        facebookUrl: 'https://www.facebook.com/bench-example',
        linkedinUrl: 'https://www.linkedin.com/company/bench-example',
        videoUrl: 'https://www.youtube.com/watch?v=aircAruvnKk',
        aboutUs: `${DESCRIPTION}\n\n${DESCRIPTION}`,
      })
      const roles = ['Chair', 'Vice Chair', 'Secretary', 'Treasurer', 'Webmaster']
      roles.forEach((designation, i) => {
        createExcomMember(tx, chapter.id, {
          name: `Member ${i + 1} of the bench`,
          designation,
          affiliation: 'Dept. of CSE, Bench University',
          email: `member${i + 1}@example.org`,
          image: portraits[i] ?? logo,
        })
      })
      let eventId = ''
      const upcoming = Math.ceil(events / 4)
      for (let i = 0; i < events; i++) {
        // Several events a day, spread over the years before and the months after today.
        const days = i < upcoming ? 1 + Math.floor(i / 4) : -1 - Math.floor((i - upcoming) / 4)
        const topic = TOPICS[i % TOPICS.length]
        const event = createEvent(tx, chapter.id, {
          title: `${KINDS[i % KINDS.length]} ${i + 1}: ${topic}`,
          banner: banners[i % banners.length] ?? logo,
          host: 'Bench University Student Branch',
          eventDate: dayFromToday(days),
          startTime: `${String(9 + (i % 4) * 2).padStart(2, '0')}:00`,
          endTime: `${String(10 + (i % 4) * 2).padStart(2, '0')}:30`,
          location: `${PLACES[i % PLACES.length]}, Bangladesh`,
          registrationMethod: i % 2 ? 'Online' : 'Offline',
          fees: (i % 5) * 100,
          eventLink: 'https://bench.example.org/register',
          description: `About ${topic}. ${DESCRIPTION}`,
        })
        if (i === Math.min(upcoming, events - 1)) eventId = event.id
      }
      return {
        chapterSlug: chapter.slug,
        eventId,
        firstDay: dayFromToday(-1 - Math.floor((events - upcoming - 1) / 4)),
        lastDay: dayFromToday(Math.floor((upcoming - 1) / 4) + 1),
      }
    })
  } finally {
    db.$client.close()
  }
}
