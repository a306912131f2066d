import { type SiteTexts, siteTextSections, siteTextsSchema } from '#content/schema'
import type { Queryable } from '#db/client.server'
import { toRevisionDto } from '#db/dto'
import { SYSTEM_ACTOR } from '#db/queries/activity.server'
import { readAppState, writeAppState } from '#db/queries/app-state.server'
import { addRevision, findRevision, listRevisions } from '#db/queries/revisions.server'
import { readSiteTexts, siteTextsItem, writeSiteTexts } from '#db/queries/site-texts.server'
import type { ChangedPages } from '../front-cache.server'
import type { Principal } from '../policy/principal.server'
import { actorOf, recordActivity } from './activity.server'

/**
 * The site's texts (docs/decisions/099-site-texts-in-the-console.md): one document, saved with a revision
 * and an activity entry in one transaction; going back to a revision saves it again.
 */

const SEEDED_KEY = 'site_texts_seeded_at'

/** The texts the pages show, as saved (the app seeds them before it answers: createApp). */
export function siteTextsOf(db: Queryable): SiteTexts {
  // Checked by siteTextsSchema when saved.
  const texts = readSiteTexts(db) as SiteTexts | undefined
  if (!texts) throw new Error('The site texts are not seeded: createApp() seeds them')
  return texts
}

/** The texts' revisions, newest first, as GET /api/site/revisions answers them and the Site page lists them. */
export const siteTextsRevisions = (db: Queryable) => listRevisions(db, siteTextsItem).map(toRevisionDto)

/** The sections whose content differs: what the activity entry says was changed. */
export function changedSections(before: SiteTexts, after: SiteTexts): (keyof SiteTexts)[] {
  return siteTextSections.filter(
    (section) => JSON.stringify(before[section]) !== JSON.stringify(after[section]),
  )
}

/**
 * The pages that show each section (pages/(public)/(static)/…/+Page.tsx read them with useSiteTexts).
 * The contact details, social links and footer columns are in every page's footer.
 */
const PAGES_OF_SECTION: Record<keyof SiteTexts, ChangedPages> = {
  home: ['/', '/membership'],
  about: ['/', '/about'],
  membership: ['/', '/membership'],
  awards: ['/awards'],
  achievements: ['/acheivements'],
  contact: 'all',
  social: 'all',
  footer: 'all',
}

/** The public pages a save of these changed sections shows on (for the front cache). */
export function pagesOfSections(sections: readonly (keyof SiteTexts)[]): ChangedPages {
  const pages = sections.map((section) => PAGES_OF_SECTION[section])
  if (pages.includes('all')) return 'all'
  return [...new Set(pages.flat())]
}

/** Saves checked texts as the next revision, and logs what changed (`restoredFrom`: the revision's number). */
export function saveSiteTexts(
  db: Queryable,
  principal: Principal,
  texts: SiteTexts,
  at: Date,
  restoredFrom?: number,
): { texts: SiteTexts; revision: number; changed: (keyof SiteTexts)[] } {
  return db.transaction((tx) => {
    const before = siteTextsOf(tx)
    writeSiteTexts(tx, texts, at)
    const actor = actorOf(principal)
    const revision = addRevision(tx, siteTextsItem, texts, actor, at)
    const changed = changedSections(before, texts)
    recordActivity(tx, principal, {
      action: restoredFrom === undefined ? 'update' : 'restore',
      item: { type: 'site', id: siteTextsItem.id, title: 'Site texts', chapterId: null },
      details: {
        sections: changed,
        revision: revision.number,
        ...(restoredFrom === undefined ? {} : { restoredFrom }),
      },
    })
    return { texts, revision: revision.number, changed }
  })
}

/**
 * A revision's snapshot, checked again by today's schema: `undefined` when it is not one of the texts'
 * revisions, the zod error when it no longer passes (never half-applied, decision 098).
 */
export function revisionToRestore(db: Queryable, revisionId: string) {
  const revision = findRevision(db, siteTextsItem, revisionId)
  if (!revision) return undefined
  return { revision, parsed: siteTextsSchema.safeParse(JSON.parse(revision.snapshot)) }
}

/**
 * Creates the texts from content/ once: on a new site's first start, and on the first start of a site
 * upgraded from before they were in the database (its pages show what content/ held, so they stay the
 * same). A marker in app_state makes it once; texts already there are kept. Answers whether it seeded.
 */
export async function seedSiteTextsOnce(db: Queryable, at: Date): Promise<boolean> {
  // Imported when needed: content/'s pictures are files only a bundler loads, and tools that import the
  // app without running it (Playwright's fixtures) run on plain Node.
  const { seedSiteTexts } = await import('#content/site-texts')
  return db.transaction((tx) => {
    if (readAppState(tx, SEEDED_KEY)) return false
    writeAppState(tx, SEEDED_KEY, at.toISOString())
    if (readSiteTexts(tx)) return false
    const texts = seedSiteTexts()
    writeSiteTexts(tx, texts, at)
    addRevision(tx, siteTextsItem, texts, SYSTEM_ACTOR, at)
    return true
  })
}
