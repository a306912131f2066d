import { sql } from 'drizzle-orm'
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import {
  activityActions,
  activityItemTypes,
  cancelReasons,
  certificateJobStatuses,
  certificateRoles,
  committeeKinds,
  committeeStatuses,
  contactSpamReasons,
  eventTypes,
  outboxMailKinds,
  outboxStatuses,
  type PaymentMethod,
  personRoles,
  postStatuses,
  registrationMethods,
  registrationStatuses,
  revisionItemTypes,
  trashItemTypes,
} from './schema-enums'

export {
  type ActivityAction,
  type ActivityItemType,
  activityActions,
  activityItemTypes,
  type CancelReason,
  type CertificateJobStatus,
  type CertificatePaper,
  type CertificateRole,
  type ContactSpamReason,
  cancelReasons,
  certificateJobStatuses,
  certificatePapers,
  certificateRoles,
  committeeKinds,
  committeeStatuses,
  contactSpamReasons,
  type EventType,
  eventTypes,
  type OutboxMailKind,
  type OutboxStatus,
  outboxMailKinds,
  outboxStatuses,
  type PaymentMethod,
  type PersonRole,
  type PostStatus,
  paymentMethods,
  personRoles,
  postStatuses,
  type RegistrationMethod,
  type RegistrationQuestionType,
  type RegistrationStatus,
  type RevisionItemType,
  registrationMethods,
  registrationQuestionTypes,
  registrationStatuses,
  revisionItemTypes,
  type TrashItemType,
  trashItemTypes,
} from './schema-enums'

/** Milliseconds since the epoch, set by SQLite when a row is inserted. */
const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)

const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)

/** A chapter: what `POST /api/users` creates. Its officers (people) share its events, committee and info. */
export const chapters = sqliteTable(
  'chapters',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The chapter's contact address, stored in lower case. */
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    /** Derived from the name, unique; the chapter's landing page is /chapter/{slug}. */
    slug: text('slug').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('chapters_slug_unique').on(table.slug),
    // Each sort order of the chapters list walks an index; the id breaks ties, as the query does.
    index('chapters_created_idx').on(table.createdAt, table.id),
    // The chapters list's default order (by name, ignoring case).
    index('chapters_name_idx').on(sql`name COLLATE NOCASE`, table.id),
  ],
)

/** A person who signs in: an administrator, or an officer of one chapter. One email, one person. */
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    role: text('role', { enum: personRoles }).notNull(),
    /** The officer's chapter; null for an administrator. */
    chapterId: text('chapter_id').references(() => chapters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Stored in lower case; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** A disabled person cannot sign in; their sessions ended when they were disabled. */
    disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
    lastSignInAt: integer('last_sign_in_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_chapter_idx').on(table.chapterId, table.createdAt, table.id),
    index('users_role_idx').on(table.role, table.createdAt, table.id),
  ],
)

/**
 * A signed-in browser or client. The JWT carries a random session token whose SHA-256 is stored here, never
 * the token itself (so a backup opens no session); deleting the row ends the session at once. The id is
 * another random value, what the sessions list shows.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** Updated at most once a minute, so a signed-in request rarely writes. */
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }),
    /** The User-Agent that signed in, cut to a sane length; the sessions list names browser and system from it. */
    userAgent: text('user_agent').notNull().default(''),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.tokenHash),
    index('sessions_user_idx').on(table.userId),
  ],
)

/**
 * An invitation to become an officer of a chapter (or an administrator, without a chapter). Only the
 * SHA-256 of its token is stored; accepted and revoked ones stay, so their link answers "used".
 */
export const invitations = sqliteTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: personRoles }).notNull(),
    chapterId: text('chapter_id').references(() => chapters.id, { onDelete: 'cascade' }),
    invitedById: text('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the invitation still says who sent it after that person is gone. */
    invitedByName: text('invited_by_name').notNull(),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    uniqueIndex('invitations_token_unique').on(table.tokenHash),
    index('invitations_chapter_idx').on(table.chapterId, table.createdAt),
  ],
)

/** A password reset link: only the SHA-256 of its token is stored; one use, and void once the password changes. */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    uniqueIndex('password_resets_token_unique').on(table.tokenHash),
    index('password_resets_user_idx').on(table.userId),
  ],
)

/** Dates and times are kept as entered (YYYY-MM-DD, HH:MM), without time zones (docs/decisions/021-dates-as-entered.md). */
export const events = sqliteTable(
  'events',
  {
    id: text('id').primaryKey(),
    /** The chapter that owns the event; null for an administrator's own event. */
    ownerId: text('owner_id').references(() => chapters.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    banner: text('banner').notNull(),
    host: text('host').notNull(),
    eventDate: text('event_date').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    location: text('location').notNull(),
    registrationMethod: text('registration_method', { enum: registrationMethods }).notNull(),
    fees: real('fees').notNull(),
    eventLink: text('event_link').notNull(),
    /** Markdown (docs/decisions/068-event-descriptions-in-markdown.md). */
    description: text('description').notNull(),
    /** Seminar, Webinar, …; null when not given. */
    type: text('type', { enum: eventTypes }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The counts by type (home page, chapter landings) and a type's events by date.
    index('events_type_date_idx').on(table.type, table.eventDate, table.startTime, table.id),
    // Every sort order of the events lists walks an index, so a page costs the same with 1k or 100k
    // events (docs/decisions/040-list-indexes-keyset-and-totals.md); each ends with the id, the tie-breaker the queries sort by too.
    index('events_date_idx').on(table.eventDate, table.startTime, table.id),
    index('events_owner_date_idx').on(table.ownerId, table.eventDate, table.startTime, table.id),
    index('events_title_idx').on(sql`title COLLATE NOCASE`, table.id),
    index('events_location_idx').on(sql`location COLLATE NOCASE`, table.id),
    index('events_fees_idx').on(table.fees, table.id),
    index('events_created_idx').on(table.createdAt, table.id),
  ],
)

/** A question of an event's registration form, as stored in `registration_settings.questions`. */
export type RegistrationQuestion = {
  id: string
  label: string
  type: 'text' | 'choice' | 'checkbox'
  required: boolean
  options?: string[]
  /** Tells members from guests in attendance reports (a membership number, or a tick). */
  membership?: boolean
}

/**
 * Registration on this site for one event (none, or `enabled` false: the event's outside link is used).
 * Opening and closing times are local date-times as entered (YYYY-MM-DDTHH:MM), read in TIME_ZONE.
 */
export const registrationSettings = sqliteTable('registration_settings', {
  eventId: text('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
  /** Seats; null: unlimited. */
  capacity: integer('capacity'),
  waitlist: integer('waitlist', { mode: 'boolean' }).notNull().default(true),
  approval: integer('approval', { mode: 'boolean' }).notNull().default(false),
  opensAt: text('opens_at'),
  closesAt: text('closes_at'),
  /** JSON: RegistrationQuestion[] (at most 10). */
  questions: text('questions').notNull().default('[]'),
  /** JSON: the PaymentMethod[] an attendee may choose when the event has fees. */
  paymentMethods: text('payment_methods').notNull().default('[]'),
  /** Where and how to pay (numbers, account type, the reference to use), as the officer wrote it; '' for none. */
  paymentInstructions: text('payment_instructions').notNull().default(''),
  updatedAt: updatedAt(),
})

/**
 * One person's registration for an event. The email is stored normalised (trimmed, lower case) and is
 * unique among the event's registrations that are not cancelled. `seq` orders the event's registrations
 * as they were taken (a waiting place is derived from it, never stored). Only the SHA-256 of the manage
 * link's token is kept.
 */
export const registrations = sqliteTable(
  'registrations',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 … within the event, in the order registrations were taken. */
    seq: integer('seq').notNull(),
    status: text('status', { enum: registrationStatuses }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    /** JSON: `{ [questionId]: string | boolean }`. */
    answers: text('answers').notNull().default('{}'),
    paymentMethod: text('payment_method').$type<PaymentMethod>(),
    transactionId: text('transaction_id'),
    tokenHash: text('token_hash').notNull(),
    /** The SEQUENCE of the registration's calendar file: grows with every change mailed. */
    icsSequence: integer('ics_sequence').notNull().default(0),
    /** Until when an offered seat is held. */
    offerExpiresAt: integer('offer_expires_at', { mode: 'timestamp_ms' }),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    cancelReason: text('cancel_reason', { enum: cancelReasons }),
    /** When the reminder went (or was found unneeded: confirmed inside the last 24 hours). */
    remindedAt: integer('reminded_at', { mode: 'timestamp_ms' }),
    /** When the event's officers were mailed this registration in their daily list of new pending ones. */
    officersToldAt: integer('officers_told_at', { mode: 'timestamp_ms' }),
    anonymisedAt: integer('anonymised_at', { mode: 'timestamp_ms' }),
    /** Signed into the ticket's code; grows when the ticket is re-issued, so older codes stop working. */
    ticketVersion: integer('ticket_version').notNull().default(1),
    /** When the attendee was let in at the door; null: not (or no longer, after an undo) checked in. */
    checkedInAt: integer('checked_in_at', { mode: 'timestamp_ms' }),
    /** Who let them in, as shown to officers: an officer's name or a door link's label. */
    checkedInBy: text('checked_in_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Who is in, and the attendance counts of an event's reports.
    index('registrations_event_checked_in_idx').on(table.eventId, table.checkedInAt),
    // One active registration per email and event; a cancelled one does not stop a new one.
    uniqueIndex('registrations_active_email_unique')
      .on(table.eventId, table.email)
      .where(sql`status != 'cancelled'`),
    uniqueIndex('registrations_token_unique').on(table.tokenHash),
    uniqueIndex('registrations_event_seq_unique').on(table.eventId, table.seq),
    // Counts per status, the waiting line in order, a status filter of the attendees list.
    index('registrations_event_status_seq_idx').on(table.eventId, table.status, table.seq),
    // The scheduler's question: which offers have run out.
    index('registrations_offer_expiry_idx').on(table.offerExpiresAt).where(sql`status = 'offered'`),
  ],
)

/**
 * A door link (docs/decisions/080-door-links.md): lets a volunteer without an account check attendees in at
 * one event until the end of its day. Only the SHA-256 of the link's token and a hash of its PIN are kept;
 * wrong PINs count up to a lock.
 */
export const doorLinks = sqliteTable(
  'door_links',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Who holds it, as check-ins name them ("North door"). */
    label: text('label').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** scrypt of the 6-digit PIN, `salt:hash` in hex. */
    pinHash: text('pin_hash').notNull(),
    /** Not a foreign key: the name stays when the person is gone. */
    createdById: text('created_by_id'),
    createdByName: text('created_by_name').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    /** Wrong PINs since the last right one or lock. */
    failedPins: integer('failed_pins').notNull().default(0),
    lockedUntil: integer('locked_until', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('door_links_token_unique').on(table.tokenHash),
    index('door_links_event_idx').on(table.eventId, table.createdAt),
  ],
)

/**
 * Every scan that named one of the event's registrations (docs/decisions/081-offline-check-in-conflicts.md):
 * the answer given, kept by the phone's scan id so a retried scan gets the same answer and never checks in
 * twice; a scan made offline at a second door for someone already in is a conflict officers see.
 */
export const checkInScans = sqliteTable(
  'check_in_scans',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    registrationId: text('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    /** The phone's own id for the scan (a uuid), or null when it sent none. */
    scanId: text('scan_id'),
    /** `checked-in`, `already`, `conflict`, `cancelled`, `replaced`, `not-confirmed`, `undone`. */
    outcome: text('outcome').notNull(),
    /** The answer's HTTP status and JSON body, given again for the same scan id. */
    answerStatus: integer('answer_status').notNull(),
    answer: text('answer').notNull(),
    /** The person's id or the door link's id. */
    principalId: text('principal_id').notNull(),
    principalName: text('principal_name').notNull(),
    /** When the phone scanned (its queued time when it was offline), else when the server heard it. */
    scannedAt: integer('scanned_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('check_in_scans_scan_unique').on(table.eventId, table.scanId).where(sql`scan_id is not null`),
    index('check_in_scans_registration_idx').on(table.registrationId, table.createdAt),
    index('check_in_scans_event_outcome_idx').on(table.eventId, table.outcome),
  ],
)

/** At most one per chapter (docs/decisions/016-chapter-info-and-video.md). */
export const chapterInfo = sqliteTable(
  'chapter_info',
  {
    id: text('id').primaryKey(),
    chapterId: text('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    logo: text('logo').notNull(),
    shortDescription: text('short_description').notNull(),
    websiteUrl: text('website_url').notNull(),
    facebookUrl: text('facebook_url').notNull(),
    linkedinUrl: text('linkedin_url').notNull(),
    videoUrl: text('video_url').notNull().default(''),
    aboutUs: text('about_us').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('chapter_info_chapter_unique').on(table.chapterId)],
)

export const excomMembers = sqliteTable(
  'excom_members',
  {
    id: text('id').primaryKey(),
    chapterId: text('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    designation: text('designation').notNull(),
    affiliation: text('affiliation').notNull(),
    email: text('email').notNull(),
    image: text('image').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One chapter's members in each sort order of the console's table (docs/decisions/040-list-indexes-keyset-and-totals.md).
  (table) => [
    index('excom_members_chapter_idx').on(table.chapterId, table.createdAt, table.id),
    index('excom_members_chapter_name_idx').on(table.chapterId, sql`name COLLATE NOCASE`, table.id),
    index('excom_members_chapter_designation_idx').on(
      table.chapterId,
      sql`designation COLLATE NOCASE`,
      table.id,
    ),
  ],
)

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    /**
     * Kept out of the inbox (docs/decisions/065-bot-messages-kept-as-spam.md): caught by the bot checks, or
     * marked by an administrator. Never notified while spam; purged SPAM_KEEP_DAYS after `spamAt`.
     */
    spam: integer('spam', { mode: 'boolean' }).notNull().default(false),
    /** Why it is spam: 'honeypot' or 'too-fast' (the bot checks), 'marked' (a person); null when not spam. */
    spamReason: text('spam_reason', { enum: contactSpamReasons }),
    spamAt: integer('spam_at', { mode: 'timestamp_ms' }),
    /** The administrator who looks after it; not a foreign key (a removed person's messages are unassigned). */
    assigneeId: text('assignee_id'),
    /** When the latest reply was written (the replies are in contact_replies). */
    repliedAt: integer('replied_at', { mode: 'timestamp_ms' }),
  },
  // Each sort order and filter of the contact list (docs/decisions/040-list-indexes-keyset-and-totals.md). Every list asks for the
  // inbox (spam = 0) or the spam (spam = 1), so every index starts with it and the order still walks it.
  (table) => [
    index('contact_messages_received_idx').on(table.spam, table.receivedAt, table.id),
    index('contact_messages_name_idx').on(table.spam, sql`name COLLATE NOCASE`, table.id),
    index('contact_messages_email_idx').on(table.spam, table.email, table.id),
    index('contact_messages_read_idx').on(table.spam, table.read, table.id),
    // The inbox's read/unread/new filter with a date range, newest first.
    index('contact_messages_read_received_idx').on(table.spam, table.read, table.receivedAt, table.id),
    // One administrator's messages (or nobody's), newest first.
    index('contact_messages_assignee_received_idx').on(
      table.spam,
      table.assigneeId,
      table.receivedAt,
      table.id,
    ),
  ],
)

/** An answer to a contact message, written in the console and mailed to its sender through the outbox. */
export const contactReplies = sqliteTable(
  'contact_replies',
  {
    id: text('id').primaryKey(),
    messageId: text('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    /** Who wrote it; not a foreign key, the name stays when the person is gone. */
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('contact_replies_message_idx').on(table.messageId, table.createdAt, table.id)],
)

/**
 * Mail waiting to be sent, written in the same transaction as what it is about, so a mail server that is
 * down loses nothing; a worker in the server process sends it with retries (server/mail/outbox.server.ts).
 */
export const outboxMails = sqliteTable(
  'outbox_mails',
  {
    id: text('id').primaryKey(),
    /** What the mail is about: one of outboxMailKinds, written by its module in server/mail/. */
    kind: text('kind', { enum: outboxMailKinds }).notNull(),
    /** The row it is about (a contact message's or a reply's id), if any; not a foreign key: the mail outlives it. */
    subjectId: text('subject_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    replyTo: text('reply_to'),
    /** The same text as simple HTML, when the mail has it. */
    html: text('html'),
    /** JSON `[{ filename, contentType, content, encoding? }]` (text, e.g. an .ics, or base64 with `encoding: 'base64'`, e.g. a PDF). */
    attachments: text('attachments'),
    /**
     * JSON: what the mail is made from when it is sent, for a mail queued without its text (a
     * registration's first mail: a burst queues a thousand a second, server/mail/registration-mails.server.ts).
     */
    recipe: text('recipe'),
    status: text('status', { enum: outboxStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    // The worker's question: which pending mails are due, soonest first.
    index('outbox_mails_due_idx').on(table.status, table.nextAttemptAt),
    // The settings page's recent mails, newest first.
    index('outbox_mails_created_idx').on(table.createdAt, table.id),
    // The mail of a row, e.g. whether a reply has gone out.
    index('outbox_mails_subject_idx').on(table.subjectId),
  ],
)

/**
 * Failed sign-ins counted per key ("account:<email>" or "address:<ip>") in a sliding window,
 * kept in the database so the throttle survives a restart (docs/decisions/012-passwords-and-sign-in-throttle.md).
 */
export const loginThrottle = sqliteTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: integer('window_started_at', { mode: 'timestamp_ms' }).notNull(),
  lockedUntil: integer('locked_until', { mode: 'timestamp_ms' }),
})

/** Small facts about this installation, e.g. when demo content was seeded, so it is seeded once. */
export const appState = sqliteTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

export type Chapter = typeof chapters.$inferSelect
export type User = typeof users.$inferSelect
export type Invitation = typeof invitations.$inferSelect
export type PasswordReset = typeof passwordResets.$inferSelect
export type Session = typeof sessions.$inferSelect
export type Event = typeof events.$inferSelect
export type NewEvent = typeof events.$inferInsert
export type ChapterInfo = typeof chapterInfo.$inferSelect
export type NewChapterInfo = typeof chapterInfo.$inferInsert
export type ExcomMember = typeof excomMembers.$inferSelect
export type NewExcomMember = typeof excomMembers.$inferInsert
export type ContactMessage = typeof contactMessages.$inferSelect
export type NewContactMessage = typeof contactMessages.$inferInsert
export type ContactReply = typeof contactReplies.$inferSelect
export type OutboxMail = typeof outboxMails.$inferSelect
export type RegistrationSettings = typeof registrationSettings.$inferSelect
export type Registration = typeof registrations.$inferSelect
export type NewRegistration = typeof registrations.$inferInsert
export type DoorLink = typeof doorLinks.$inferSelect
export type CheckInScan = typeof checkInScans.$inferSelect

/**
 * Deleted things, kept 30 days so they can be restored. The live tables hold only live rows (so every
 * query, count and unique rule is about live rows); a trashed item is a JSON snapshot of its rows, the
 * item's own row and those deleted with it, by table, in the order they are inserted back.
 */
export const trash = sqliteTable(
  'trash',
  {
    id: text('id').primaryKey(),
    /** What was deleted. */
    type: text('type', { enum: trashItemTypes }).notNull(),
    /** The id of the item's own row (restored under the same id). */
    itemId: text('item_id').notNull(),
    title: text('title').notNull(),
    /** The chapter the item belongs to (the chapter itself for a chapter); null for an administrator's. */
    chapterId: text('chapter_id'),
    /** Who deleted it; not a foreign key, the name stays when the person is gone. */
    deletedById: text('deleted_by_id'),
    deletedByName: text('deleted_by_name').notNull(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }).notNull(),
    /** `{ "<table>": [row, ...], ... }` with the rows as SQLite stores them. */
    snapshot: text('snapshot').notNull(),
    /** The uploaded files (`<hash>.<ext>`) the rows name: the upload sweep keeps them while here. */
    uploads: text('uploads').notNull().default('[]'),
  },
  (table) => [
    // The trash list newest first (administrators), one chapter's (officers), and the purge's oldest first.
    index('trash_deleted_idx').on(table.deletedAt, table.id),
    index('trash_chapter_deleted_idx').on(table.chapterId, table.deletedAt, table.id),
  ],
)

/**
 * What happened, who did it, when: written in the same transaction as the change itself. Never holds a
 * password, a token or image bytes. Kept 400 days.
 */
export const activity = sqliteTable(
  'activity',
  {
    id: text('id').primaryKey(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    /** The person who acted; null for a visitor (a failed sign-in) or the system (the purge). */
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action', { enum: activityActions }).notNull(),
    /** What kind of item `itemId` names. */
    type: text('type', { enum: activityItemTypes }).notNull(),
    itemId: text('item_id'),
    itemTitle: text('item_title').notNull().default(''),
    /** The chapter the item belongs to: officers see their chapter's entries. */
    chapterId: text('chapter_id'),
    /** JSON: for an update, `{ field: [before, after] }` with long texts shortened. */
    details: text('details'),
  },
  (table) => [
    // One index per filter, each ending in the time so a filtered page newest first is a range walk.
    index('activity_at_idx').on(table.at, table.id),
    index('activity_actor_at_idx').on(table.actorId, table.at, table.id),
    index('activity_action_at_idx').on(table.action, table.at, table.id),
    index('activity_type_at_idx').on(table.type, table.at, table.id),
    index('activity_chapter_at_idx').on(table.chapterId, table.at, table.id),
    index('activity_item_at_idx').on(table.itemId, table.at, table.id),
  ],
)

export type TrashItem = typeof trash.$inferSelect
export type ActivityEntry = typeof activity.$inferSelect

/**
 * Every saved version of the site's texts, a post or a committee: a JSON snapshot of what the editor saved,
 * who saved it and when, numbered from 1 per item. Going back to a revision saves it again as a new one, so
 * the history only grows (docs/decisions/098-site-content-in-the-database.md). Kept while the item lives;
 * a deleted item's revisions go to the trash with it.
 */
export const revisions = sqliteTable(
  'revisions',
  {
    id: text('id').primaryKey(),
    itemType: text('item_type', { enum: revisionItemTypes }).notNull(),
    itemId: text('item_id').notNull(),
    number: integer('number').notNull(),
    /** JSON of the item as saved, in the shape its API's PUT takes. */
    snapshot: text('snapshot').notNull(),
    /** Who saved it; not a foreign key, the name stays when the person is gone. */
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    savedAt: integer('saved_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [uniqueIndex('revisions_item_number_unique').on(table.itemType, table.itemId, table.number)],
)

export type Revision = typeof revisions.$inferSelect

/**
 * A committee of the region by kind and year (docs/decisions/101-committees-by-year.md): its page's title
 * and intro, its groups and its members in page order (JSON of content/schema.ts `committeeContentSchema`'s
 * fields). One per kind and year; visitors see it once published.
 */
export const committees = sqliteTable(
  'committees',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: committeeKinds }).notNull(),
    year: integer('year').notNull(),
    title: text('title').notNull(),
    status: text('status', { enum: committeeStatuses }).notNull(),
    /** JSON: the intro line (or null), the groups, the members. */
    intro: text('intro'),
    groups: text('groups').notNull(),
    members: text('members').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('committees_kind_year_unique').on(table.kind, table.year)],
)

export type CommitteeRow = typeof committees.$inferSelect

/**
 * The site's texts (home, about, membership, awards, achievements, contact, social links, footer) as one
 * JSON document checked by content/schema.ts's siteTextsSchema: one row, id 'site'. Seeded from content/
 * once; the console's Site page saves it (docs/decisions/099-site-texts-in-the-console.md).
 */
export const siteTexts = sqliteTable('site_texts', {
  id: text('id').primaryKey(),
  texts: text('texts').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
})

/**
 * A certificate's design: its page, background and the fields placed on it (`design`, JSON of
 * `CertificateDesign` in db/validation.ts). A chapter's own, or site-wide (chapter null) made by an
 * administrator and usable by every chapter.
 */
export const certificateTemplates = sqliteTable(
  'certificate_templates',
  {
    id: text('id').primaryKey(),
    chapterId: text('chapter_id').references(() => chapters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** JSON of `CertificateDesign`. */
    design: text('design').notNull(),
    /** JSON array of the upload names the design shows (background, signatures), kept by the upload cleaner. */
    uploads: text('uploads').notNull().default('[]'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('certificate_templates_chapter_idx').on(table.chapterId, table.name)],
)

/**
 * A certificate given to one registration: everything it shows, as issued (the design too), so its PDF is
 * made again the same on demand and its verification page never changes with the event or template.
 * Re-issuing replaces what it shows and keeps the serial; revoking sets `revokedAt`.
 */
export const certificates = sqliteTable(
  'certificates',
  {
    id: text('id').primaryKey(),
    /** 10 characters of a readable alphabet (50 random bits), shown grouped as K7QF-M2XR-9H. */
    serial: text('serial').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Null once the registration is gone (anonymised); the certificate stays valid. */
    registrationId: text('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    templateId: text('template_id').references(() => certificateTemplates.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    role: text('role', { enum: certificateRoles }).notNull(),
    /** A winner's place, e.g. "First place"; empty otherwise. */
    place: text('place').notNull().default(''),
    eventTitle: text('event_title').notNull(),
    /** The event's date as printed (YYYY-MM-DD). */
    eventDate: text('event_date').notNull(),
    chapterName: text('chapter_name').notNull(),
    /** The issuing chapter's logo (an upload), empty when it has none. */
    logo: text('logo').notNull().default(''),
    /** The template's design as issued (JSON of `CertificateDesign`). */
    design: text('design').notNull(),
    uploads: text('uploads').notNull().default('[]'),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }).notNull(),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('certificates_serial_unique').on(table.serial),
    // One certificate per registration: issuing again re-issues it under its serial.
    uniqueIndex('certificates_registration_unique').on(table.registrationId),
    index('certificates_event_idx').on(table.eventId, table.name),
  ],
)

/**
 * The issuing queue: one row per certificate to make, worked by the server process
 * (server/services/certificate-queue.server.ts) and left behind as the event's progress. Survives a restart.
 */
export const certificateJobs = sqliteTable(
  'certificate_jobs',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    registrationId: text('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    templateId: text('template_id')
      .notNull()
      .references(() => certificateTemplates.id, { onDelete: 'cascade' }),
    role: text('role', { enum: certificateRoles }).notNull(),
    place: text('place').notNull().default(''),
    status: text('status', { enum: certificateJobStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: integer('done_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    // The worker's question: what is pending, oldest first.
    index('certificate_jobs_status_idx').on(table.status, table.createdAt),
    // An event's progress.
    index('certificate_jobs_event_idx').on(table.eventId, table.status),
  ],
)

export type CertificateTemplate = typeof certificateTemplates.$inferSelect
export type Certificate = typeof certificates.$inferSelect
export type CertificateJob = typeof certificateJobs.$inferSelect

/**
 * A blog post (docs/decisions/100-posts.md): Markdown body, a banner (an upload, a link, or `content:<key>`
 * for a picture bundled with the site), its author (the person, or only a name for the seeded articles),
 * optionally a chapter. Published posts are public at /blogs/{slug}.
 */
export const posts = sqliteTable(
  'posts',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    summary: text('summary').notNull(),
    /** Markdown. */
    body: text('body').notNull(),
    banner: text('banner').notNull().default(''),
    /** The person who wrote it; null when they are gone or for a seeded article. */
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name shown on the post (the person's name when written, kept when they are gone). */
    authorName: text('author_name').notNull(),
    chapterId: text('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    status: text('status', { enum: postStatuses }).notNull(),
    /** When a scheduled post goes out. */
    publishAt: integer('publish_at', { mode: 'timestamp_ms' }),
    /** When it went out (the date the site shows); kept when it is unpublished, for the next publish. */
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    /** Set when an officer submits the draft for review; cleared when it is published. */
    submittedAt: integer('submitted_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('posts_slug_unique').on(table.slug),
    // The public list newest first, and the scheduler's due posts.
    index('posts_status_published_idx').on(table.status, table.publishedAt, table.id),
    index('posts_status_publish_at_idx').on(table.status, table.publishAt),
    index('posts_chapter_idx').on(table.chapterId, table.updatedAt, table.id),
  ],
)

/** A slug a post had: /blogs/{old} answers 301 to the post's slug now. */
export const postSlugs = sqliteTable('post_slugs', {
  slug: text('slug').primaryKey(),
  postId: text('post_id')
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' }),
})

export type Post = typeof posts.$inferSelect
export type NewPost = typeof posts.$inferInsert
