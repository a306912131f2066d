import type { PageContextServer } from 'vike/types'
import { countChapters } from '#db/queries/accounts.server'
import { readBackupStatus } from '#db/queries/backup-status.server'
import { findChapterInfo } from '#db/queries/chapter-info.server'
import { countContactMessages, countUnreadContactMessages } from '#db/queries/contact.server'
import { countEvents } from '#db/queries/events.server'
import { countExcomMembers } from '#db/queries/excom.server'
import { paymentsToConfirm } from '#db/queries/registrations.server'
import { isAdmin } from '#server/policy/rules.server'
import { requireSignedIn } from '../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/** A few counts for the welcome page and the events whose payments wait to be checked, read where the page is rendered (no extra API round trips). */
export function data(pageContext: PageContextServer) {
  const { principal, user } = requireSignedIn(pageContext)
  const { db } = pageContext
  // The person's own name (an officer's `user.name` is their chapter's).
  const { name } = principal
  if (isAdmin(principal)) {
    return {
      role: 'admin' as const,
      name,
      events: countEvents(db),
      chapters: countChapters(db),
      messages: countContactMessages(db),
      unreadMessages: countUnreadContactMessages(db),
      // The server's own backups: a failed one is shown here, where the administrator looks.
      backup: readBackupStatus(db),
      payments: paymentsToConfirm(db),
    }
  }
  const { chapterId } = principal
  return {
    role: 'officer' as const,
    name,
    chapterName: user.name,
    slug: user.slug,
    events: countEvents(db, chapterId),
    members: countExcomMembers(db, chapterId),
    hasChapterInfo: Boolean(findChapterInfo(db, chapterId)),
    payments: paymentsToConfirm(db, chapterId),
  }
}
