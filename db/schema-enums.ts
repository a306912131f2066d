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

/**
 * A registration for an event: waiting for an officer (approval or payment), confirmed, on the waiting
 * list, offered a freed seat (to accept before its hold ends), or cancelled.
 */
export const registrationStatuses = ['pending', 'confirmed', 'waitlisted', 'offered', 'cancelled'] as const
export type RegistrationStatus = (typeof registrationStatuses)[number]

/** A registration form's question: a line of text, one of the officer's options, or a tick box. */
export const registrationQuestionTypes = ['text', 'choice', 'checkbox'] as const
export type RegistrationQuestionType = (typeof registrationQuestionTypes)[number]

/** How an attendee paid an event's fees (no payment gateway: officers check their statements). */
export const paymentMethods = ['bkash', 'nagad', 'rocket', 'bank', 'door'] as const
export type PaymentMethod = (typeof paymentMethods)[number]

/** Why a registration was cancelled. */
export const cancelReasons = ['attendee', 'officer', 'offer-expired', 'event-deleted'] as const
export type CancelReason = (typeof cancelReasons)[number]

/** What can be deleted to the trash (db/queries/trash.server.ts says which rows each takes with it). */
export const trashItemTypes = [
  'event',
  'member',
  'message',
  'chapter',
  'certificate-template',
  'post',
  'committee',
] as const
export type TrashItemType = (typeof trashItemTypes)[number]

/**
 * A post: a draft (its author and the administrators see it), scheduled (published by the site's scheduler
 * at its `publishAt`) or published (docs/decisions/100-posts.md).
 */
export const postStatuses = ['draft', 'scheduled', 'published'] as const
export type PostStatus = (typeof postStatuses)[number]

/** What a revision keeps earlier versions of: the site's texts, a post, a committee (docs/decisions/098-site-content-in-the-database.md). */
export const revisionItemTypes = ['site', 'post', 'committee'] as const
export type RevisionItemType = (typeof revisionItemTypes)[number]

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
  'confirm',
  'cancel',
  'message',
  'issue',
  'revoke',
  'check-in',
  'undo-check-in',
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
  'registration',
  'certificate',
  'door-link',
  'site',
] as const
export type ActivityItemType = (typeof activityItemTypes)[number]

/**
 * What an outbox mail is about; each kind is written by its module in server/mail/ and sent, retried and
 * reported alike (docs/decisions/064-replies-and-assignment-in-the-inbox.md).
 */
export const outboxMailKinds = [
  'contact-notification',
  'contact-reply',
  'registration-confirmed',
  'registration-pending',
  'registration-waitlisted',
  'registration-offer',
  'registration-update',
  'registration-event-cancelled',
  'registration-event-restored',
  'registration-cancelled',
  'registration-reminder',
  'registration-message',
  'registration-ticket',
  'registration-link',
  'registration-pending-digest',
  'certificate',
  'invitation',
  'password-reset',
] as const
export type OutboxMailKind = (typeof outboxMailKinds)[number]

/** Why a contact message is spam: the bot checks (docs/decisions/026-contact-form-bot-defences.md) or a person marked it. */
export const contactSpamReasons = ['honeypot', 'too-fast', 'marked'] as const
export type ContactSpamReason = (typeof contactSpamReasons)[number]

/**
 * What kind of event it is (optional): one list for the column, the zod schema, the form's options and
 * the counters of the home page and the chapter landings.
 */
export const eventTypes = ['Seminar', 'Webinar', 'Workshop', 'Competition', 'Meetup', 'Other'] as const
export type EventType = (typeof eventTypes)[number]

/** "Seminars", "Workshops": a type's plural, for counters and filters. */
export const eventTypePlural = (type: EventType) => `${type}s`

/** What a certificate says its holder was at the event (docs/decisions/083-certificates-of-participation.md). */
export const certificateRoles = ['participant', 'volunteer', 'speaker', 'organizer', 'winner'] as const
export type CertificateRole = (typeof certificateRoles)[number]

/** A certificate's page: A4 or US Letter, landscape. */
export const certificatePapers = ['a4', 'letter'] as const
export type CertificatePaper = (typeof certificatePapers)[number]

/** Where a certificate waiting to be made stands in the issuing queue. */
export const certificateJobStatuses = ['pending', 'done', 'failed'] as const
export type CertificateJobStatus = (typeof certificateJobStatuses)[number]

/** The kinds of the region's committees (docs/decisions/101-committees-by-year.md). */
export const committeeKinds = ['excom', 'sac', 'secretariat', 'spark', 'gsm', 'web-it'] as const
export type CommitteeKind = (typeof committeeKinds)[number]

/** A committee is visible to visitors once published. */
export const committeeStatuses = ['draft', 'published'] as const
export type CommitteeStatus = (typeof committeeStatuses)[number]
