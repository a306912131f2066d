import { getTableName, like, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { certificates, chapterInfo, events, excomMembers, posts } from '../schema'

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
  // A post's banner: an upload, or a bundled picture or outside link, which the prefix leaves out.
  { table: posts, column: posts.banner },
] as const

/**
 * The names (`<hash>.<ext>`) of the uploaded files some row uses, live or in the trash. It also reads
 * databases of older code (a backup taken before new migrations run, a restored archive): a table that
 * does not exist there yet is left out rather than read.
 */
export function usedUploadNames(db: Queryable): Set<string> {
  const tables = new Set(
    db
      .all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table'`)
      .map((table) => table.name),
  )
  const names = new Set<string>()
  for (const { table, column } of IMAGE_COLUMNS) {
    if (!tables.has(getTableName(table))) continue
    const rows = db
      .select({ url: column })
      .from(table)
      .where(like(column, `${UPLOAD_URL_PREFIX}%`))
      .all()
    for (const { url } of rows) names.add(url.slice(UPLOAD_URL_PREFIX.length))
  }
  // Deleted rows in the trash keep their files until they are purged, so a restore brings its images back.
  if (tables.has('trash')) {
    const trashed = db.all<{ name: string }>(
      sql`SELECT DISTINCT json_each.value AS name FROM trash, json_each(trash.uploads)`,
    )
    for (const { name } of trashed) names.add(name)
  }
  // Committees name their members' photos in JSON, and so do their revisions (a restore brings one back).
  if (tables.has('committees') && tables.has('revisions')) {
    const committeeUploads = db.all<{ url: string | null }>(
      sql`SELECT json_extract(member.value, '$.photo') AS url FROM committees, json_each(committees.members) AS member
          UNION SELECT json_extract(member.value, '$.photo') FROM revisions,
            json_each(revisions.snapshot, '$.members') AS member WHERE revisions.item_type = 'committee'`,
    )
    for (const { url } of committeeUploads)
      if (url?.startsWith(UPLOAD_URL_PREFIX)) names.add(url.slice(UPLOAD_URL_PREFIX.length))
  }
  // The site's texts name their pictures anywhere in their JSON, and every revision of any kind may too
  // (a post's old banner, a committee's old photo, an earlier about picture): a restore brings it back.
  for (const [table, source] of [
    ['site_texts', sql`SELECT json_tree.value AS url FROM site_texts, json_tree(site_texts.texts)`],
    ['revisions', sql`SELECT json_tree.value AS url FROM revisions, json_tree(revisions.snapshot)`],
  ] as const) {
    if (!tables.has(table)) continue
    const texts = db.all<{ url: string }>(
      sql`${source} WHERE json_tree.type = 'text' AND json_tree.value LIKE ${`${UPLOAD_URL_PREFIX}%`}`,
    )
    for (const { url } of texts) names.add(url.slice(UPLOAD_URL_PREFIX.length))
  }
  // Certificate templates and issued certificates name the images of their designs (a PDF is made again
  // from them on demand).
  if (tables.has('certificate_templates') && tables.has('certificates')) {
    const certificateUploads = db.all<{ name: string }>(
      sql`SELECT json_each.value AS name FROM certificate_templates, json_each(certificate_templates.uploads)
          UNION SELECT json_each.value FROM certificates, json_each(certificates.uploads)`,
    )
    for (const { name } of certificateUploads) names.add(name)
  }
  return names
}
