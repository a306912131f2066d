/** Value lists shared by the Drizzle schema and the zod schemas (which also run in the browser). */
/** A person is an administrator or an officer of one chapter. */
export const personRoles = ['admin', 'officer'] as const
export type PersonRole = (typeof personRoles)[number]

export const registrationMethods = ['Offline', 'Online'] as const
export type RegistrationMethod = (typeof registrationMethods)[number]

/** An outbox mail: waiting (or retrying), delivered, or given up after its last attempt. */
export const outboxStatuses = ['pending', 'sent', 'failed'] as const
export type OutboxStatus = (typeof outboxStatuses)[number]

/**
 * What an outbox mail is about; each kind is written by its module in server/mail/ and sent, retried and
 * reported alike (docs/decisions/064-replies-and-assignment-in-the-inbox.md).
 */
export const outboxMailKinds = ['contact-notification', 'contact-reply'] as const
export type OutboxMailKind = (typeof outboxMailKinds)[number]

/** Why a contact message is spam: the bot checks (docs/decisions/026-contact-form-bot-defences.md) or a person marked it. */
export const contactSpamReasons = ['honeypot', 'too-fast', 'marked'] as const
export type ContactSpamReason = (typeof contactSpamReasons)[number]
