import { like, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { certificates, chapterInfo, events, excomMembers } from '../schema'

/** How a row names an uploaded file (docs/decisions/017-uploads-on-this-server.md). */
export const UPLOAD_URL_PREFIX = '/uploads/'

/**
 * Every column that may name an uploaded file. A new image column must be added here, or the upload
 * cleaner would take its files for orphans (tests/api/orphaned-uploads.test.ts checks the schema for them).
 */
export const IMAGE_COLUMNS = [
  { table: events, column: events.banner },
  { table: chapterInfo, column: chapterInfo.logo },
  { table: excomMembers, column: excomMembers.image },
  // The issuing chapter's logo as a certificate was issued (its PDF is made again from it).
  { table: certificates, column: certificates.logo },
] as const

/** The names (`<hash>.<ext>`) of the uploaded files some row uses, live or in the trash. */
export function usedUploadNames(db: Queryable): Set<string> {
  const names = new Set<string>()
  for (const { table, column } of IMAGE_COLUMNS) {
    const rows = db
      .select({ url: column })
      .from(table)
      .where(like(column, `${UPLOAD_URL_PREFIX}%`))
      .all()
    for (const { url } of rows) names.add(url.slice(UPLOAD_URL_PREFIX.length))
  }
  // Deleted rows in the trash keep their files until they are purged, so a restore brings its images back.
  // (A backup made before the trash existed has no such table: backup checks read those too.)
  const hasTrash = db.get<{ found: number } | undefined>(
    sql`SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'trash'`,
  )
  if (!hasTrash) return names
  const trashed = db.all<{ name: string }>(
    sql`SELECT DISTINCT json_each.value AS name FROM trash, json_each(trash.uploads)`,
  )
  for (const { name } of trashed) names.add(name)
  // Certificate templates and issued certificates name the images of their designs (a PDF is made again
  // from them on demand).
  const certificateUploads = db.all<{ name: string }>(
    sql`SELECT json_each.value AS name FROM certificate_templates, json_each(certificate_templates.uploads)
        UNION SELECT json_each.value FROM certificates, json_each(certificates.uploads)`,
  )
  for (const { name } of certificateUploads) names.add(name)
  return names
}
