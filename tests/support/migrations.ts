import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { migrationsFolder } from '#db/client.server'

/**
 * A copy of db/migrations without the migration `tag` and any after it: the schema the code before that
 * migration made, to build a database of the previous version and upgrade it.
 */
export function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'chapter-old-migrations-'))
  fs.cpSync(migrationsFolder, folder, { recursive: true })
  const journalFile = path.join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const cut = journal.entries.findIndex((entry) => entry.tag === tag)
  if (cut < 1) throw new Error(`no migration ${tag} after the first in ${journalFile}`)
  journal.entries = journal.entries.slice(0, cut)
  fs.writeFileSync(journalFile, JSON.stringify(journal))
  return folder
}
