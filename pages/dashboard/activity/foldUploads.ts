import type { ActivityEntryDto } from '#db/dto'

/** An entry of the log as the Activity page shows it: with the uploads it used folded into it. */
export type ActivityRow = ActivityEntryDto & {
  /** Uploads by the same person that this entry's change used (their URLs). */
  usedUploads: string[]
}

/** Whether a change's details name this URL: a field's value, or an update's new value. */
function names(details: ActivityEntryDto['details'], url: string): boolean {
  if (!details) return false
  return Object.values(details).some((value) =>
    Array.isArray(value) ? value.length === 2 && value[1] === url : value === url,
  )
}

const isUpload = (entry: ActivityEntryDto) => entry.action === 'upload' && entry.type === 'upload'

/**
 * A page of the log (newest first) with each image upload folded into the change that used it: the next
 * entry by the same person whose details name the upload's URL (a new event's banner, a member's new
 * photo). An upload nothing on the page used stays a row of its own.
 */
export function foldUploads(entries: readonly ActivityEntryDto[]): ActivityRow[] {
  const rows: ActivityRow[] = entries.map((entry) => ({ ...entry, usedUploads: [] }))
  const folded = new Set<number>()
  rows.forEach((upload, index) => {
    if (!isUpload(upload) || upload.actorId === null) return
    // Newer entries come first: walk up from the upload to the nearest change that names it.
    for (let newer = index - 1; newer >= 0; newer--) {
      const change = rows[newer]
      if (!change || change.actorId !== upload.actorId || isUpload(change)) continue
      if (!names(change.details, upload.itemTitle)) continue
      change.usedUploads.push(upload.itemTitle)
      folded.add(index)
      return
    }
  })
  return rows.filter((_, index) => !folded.has(index))
}
