/**
 * Value lists shared by the Drizzle schema and the zod schemas (which also run in the browser), and the
 * console's filters and labels. Each list is the one place its values are written: a column typed by it
 * (`text(..., { enum })`, checked by TypeScript, not by SQLite), the zod schema that reads it, and every
 * `Record<Type, ...>` and exhaustive `switch` over it fail to compile until a new value is handled.
 */

/** A person is an administrator or an officer of one chapter. */
export const personRoles = ['admin', 'officer'] as const
export type PersonRole = (typeof personRoles)[number]

export const registrationMethods = ['Offline', 'Online'] as const
export type RegistrationMethod = (typeof registrationMethods)[number]

/** An outbox mail: waiting (or retrying), delivered, or given up after its last attempt. */
export const outboxStatuses = ['pending', 'sent', 'failed'] as const
export type OutboxStatus = (typeof outboxStatuses)[number]

/** What can be deleted to the trash (db/queries/trash.server.ts says which rows each takes with it). */
export const trashItemTypes = ['event', 'member', 'message', 'chapter'] as const
export type TrashItemType = (typeof trashItemTypes)[number]

/** What an activity entry says was done (docs/decisions/060-activity-log.md). */
export const activityActions = [
  'create',
  'update',
  'delete',
  'restore',
  'purge',
  'sign-in',
  'sign-out',
  'sign-in-locked',
  'password-changed',
  'password-reset',
  'reset-link-created',
  'invitation-sent',
  'invitation-accepted',
  'invitation-revoked',
  'person-disabled',
  'person-enabled',
  'person-removed',
  'settings',
  'upload',
  'reply',
  'assign',
  'spam',
  'not-spam',
] as const
export type ActivityAction = (typeof activityActions)[number]

/** What an activity entry is about: anything that can be in the trash, and the rest. */
export const activityItemTypes = [
  ...trashItemTypes,
  'info',
  'person',
  'invitation',
  'session',
  'settings',
  'upload',
] as const
export type ActivityItemType = (typeof activityItemTypes)[number]

/**
 * What an outbox mail is about; each kind is written by its module in server/mail/ and sent, retried and
 * reported alike (docs/decisions/064-replies-and-assignment-in-the-inbox.md).
 */
export const outboxMailKinds = ['contact-notification', 'contact-reply'] as const
export type OutboxMailKind = (typeof outboxMailKinds)[number]

/** Why a contact message is spam: the bot checks (docs/decisions/026-contact-form-bot-defences.md) or a person marked it. */
export const contactSpamReasons = ['honeypot', 'too-fast', 'marked'] as const
export type ContactSpamReason = (typeof contactSpamReasons)[number]
