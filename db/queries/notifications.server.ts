import { and, asc, eq } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { type NotificationSettingsView, toOutboxMailDto } from '../dto'
import { users } from '../schema'
import type { NotificationSettings } from '../validation'
import { readAppState, writeAppState } from './app-state.server'
import { countOutboxMails, recentOutboxMails } from './outbox.server'

/**
 * The addresses of everyone who administers the site (disabled administrators aside): they receive each
 * contact message. The one place that knows where administrators live.
 */
export function administratorEmails(db: Queryable): string[] {
  return db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.disabled, false)))
    .orderBy(asc(users.email))
    .all()
    .map((row) => row.email)
}

/**
 * Who hears about an event's registrations: its chapter's officers (disabled ones aside), or the
 * administrators for an event no chapter owns.
 */
export function eventOfficerEmails(db: Queryable, chapterId: string | null): string[] {
  if (chapterId === null) return administratorEmails(db)
  return db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'officer'), eq(users.chapterId, chapterId), eq(users.disabled, false)))
    .orderBy(asc(users.email))
    .all()
    .map((row) => row.email)
}

const NOTIFICATION_SETTINGS_KEY = 'notifications'

export function readNotificationSettings(db: Queryable): NotificationSettings {
  const stored = readAppState(db, NOTIFICATION_SETTINGS_KEY)
  if (!stored) return { extraRecipients: [] }
  const parsed = JSON.parse(stored) as Partial<NotificationSettings>
  return { extraRecipients: Array.isArray(parsed.extraRecipients) ? parsed.extraRecipients : [] }
}

export function writeNotificationSettings(db: Queryable, settings: NotificationSettings): void {
  writeAppState(db, NOTIFICATION_SETTINGS_KEY, JSON.stringify(settings))
}

/** Who is told of a new contact message: the administrators and the extra addresses, each once. */
export function contactNotificationRecipients(db: Queryable): string[] {
  const recipients = new Map<string, string>()
  for (const email of [...administratorEmails(db), ...readNotificationSettings(db).extraRecipients]) {
    const key = email.toLowerCase()
    if (!recipients.has(key)) recipients.set(key, email)
  }
  return [...recipients.values()]
}

/** Mails the settings page lists, newest first. */
const RECENT_OUTBOX_MAILS = 20

/** The Notifications settings and the outbox's state, as the API and the settings page show them. */
export function notificationSettingsView(db: Queryable, mailConfigured: boolean): NotificationSettingsView {
  return {
    notifications: readNotificationSettings(db),
    outbox: {
      pending: countOutboxMails(db, 'pending'),
      failed: countOutboxMails(db, 'failed'),
      recent: recentOutboxMails(db, RECENT_OUTBOX_MAILS).map(toOutboxMailDto),
    },
    mailConfigured,
  }
}
