import type { PageContextServer } from 'vike/types'
import { countChapters } from '../../../db/queries/accounts.server'
import { readBackupStatus } from '../../../db/queries/backup-status.server'
import { findChapterInfo } from '../../../db/queries/chapter-info.server'
import { countContactMessages, countUnreadContactMessages } from '../../../db/queries/contact.server'
import { countEvents } from '../../../db/queries/events.server'
import { countExcomMembers } from '../../../db/queries/excom.server'
import { findPersonById } from '../../../db/queries/people.server'
import { guardConsole } from '../guard'

export type Data = Awaited<ReturnType<typeof data>>

/** A few counts for the welcome page, read where the page is rendered (no extra API round trips). */
export function data(pageContext: PageContextServer) {
  const user = guardConsole(pageContext)
  const { db } = pageContext
  // The person's own name (an officer's `user.name` is their chapter's).
  const name = (pageContext.personId && findPersonById(db, pageContext.personId)?.name) || user.name
  if (user.isAdmin) {
    return {
      role: 'admin' as const,
      name,
      events: countEvents(db),
      chapters: countChapters(db),
      messages: countContactMessages(db),
      unreadMessages: countUnreadContactMessages(db),
      // The server's own backups: a failed one is shown here, where the administrator looks.
      backup: readBackupStatus(db),
    }
  }
  const { accountId } = user
  return {
    role: 'chapter' as const,
    name,
    chapterName: user.name,
    slug: user.slug,
    events: countEvents(db, accountId),
    members: countExcomMembers(db, accountId),
    hasChapterInfo: Boolean(findChapterInfo(db, accountId)),
  }
}
