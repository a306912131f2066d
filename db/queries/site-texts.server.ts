import { eq } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { siteTexts } from '../schema'

/** The one row of the site's texts, and the item its revisions belong to. */
export const SITE_TEXTS_ID = 'site'
export const siteTextsItem = { type: 'site', id: SITE_TEXTS_ID } as const

/** The site's texts as last saved (JSON the service checked when it saved), or undefined before they are seeded. */
export function readSiteTexts(db: Queryable): unknown {
  const row = db
    .select({ texts: siteTexts.texts })
    .from(siteTexts)
    .where(eq(siteTexts.id, SITE_TEXTS_ID))
    .get()
  return row ? (JSON.parse(row.texts) as unknown) : undefined
}

/**
 * The site's contact address as the console's Site page last saved it (undefined before the texts are
 * seeded): the Reply-To of the mails the region sends.
 */
export function readSiteContactEmail(db: Queryable): string | undefined {
  const texts = readSiteTexts(db) as { contact?: { email?: string } } | undefined
  return texts?.contact?.email
}

/** Saves the texts (already checked by siteTextsSchema) in place of the last ones. */
export function writeSiteTexts(db: Queryable, texts: unknown, at: Date): void {
  const value = JSON.stringify(texts)
  db.insert(siteTexts)
    .values({ id: SITE_TEXTS_ID, texts: value, updatedAt: at })
    .onConflictDoUpdate({ target: siteTexts.id, set: { texts: value, updatedAt: at } })
    .run()
}
