import { z } from 'zod'
import { LIMITS } from './limits'
import { contactSortFields, eventSortFields, registrationSortFields, trashSortFields } from './list-params'
import { REPORT_RANGE_MAX_YEARS, withinReportRange } from './report-periods'
import {
  activityActions,
  activityItemTypes,
  type CommitteeKind,
  certificatePapers,
  certificateRoles,
  committeeKinds,
  committeeStatuses,
  eventTypes,
  type PaymentMethod,
  type PostStatus,
  paymentMethods,
  postStatuses,
  type RegistrationQuestionType,
  registrationMethods,
  registrationQuestionTypes,
  registrationStatuses,
  trashItemTypes,
} from './schema-enums'

/**
 * One zod schema per resource, shared by the API (server/api), the console's forms (react-hook-form
 * with zodResolver) and the tests. This module runs in the browser too: it imports nothing from Node.
 * Objects are strict: an unknown field is refused, so no body can set an owner, a role or an id.
 */

// In the browser, zod must not probe for eval (new Function): the Content-Security-Policy forbids it and
// reports the probe as a violation. The server keeps zod's faster compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true })

// Control characters (C0, DEL, C1). One-line fields refuse all of them and the Unicode line and paragraph
// separators; text areas allow tab and line breaks.
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u
const CONTROL_CHARACTERS_EXCEPT_WHITESPACE = /(?![\t\n\r])\p{Cc}/u

export { LIMITS }

/** A required single-line text: trimmed, not empty, no control characters (no line breaks either). */
export const oneLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(
      (value) => !CONTROL_CHARACTERS.test(value),
      `${label} must be a single line without control characters`,
    )

/** A required multi-line text: line breaks and tabs kept, other control characters refused. */
export const multiLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
    .refine(
      (value) => !CONTROL_CHARACTERS_EXCEPT_WHITESPACE.test(value),
      `${label} must not contain control characters`,
    )

const emailField = (label = 'Email') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.email, `${label} is too long`)
    .pipe(z.email({ error: 'Enter a valid email address' }))

/** An email address that may be left out: empty (or absent) when there is none. */
const optionalEmailField = (label = 'Email') =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(LIMITS.email, `${label} is too long`)
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Enter a valid email address')
    .default('')

/** An absolute http(s) URL; javascript:, data: and friends are refused. */
const httpUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.url, `${label} is too long`)
    .pipe(z.url({ protocol: /^https?$/, error: `${label} must be a link starting with http:// or https://` }))

/** The name of a file in the uploads folder (the server makes `<hash>.<ext>` and `<hash>-<width>w.webp`). */
export const UPLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/
/** Where an image lives: an upload of this site (/uploads/<name>) or an absolute http(s) URL (docs/decisions/017-uploads-on-this-server.md). */
const UPLOAD_PATH = new RegExp(`^/uploads/${UPLOAD_NAME.source.slice(1)}`)
const isImageRef = (value: string) =>
  (UPLOAD_PATH.test(value) && !value.includes('..')) ||
  z.url({ protocol: /^https?$/ }).safeParse(value).success
const imageRef = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.url, `${label} is too long`)
    .refine(isImageRef, `${label} must be an uploaded image or an http(s) link`)

/** An image that may be left out: empty (or absent) when there is none. */
const optionalImageRef = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(LIMITS.url, `${label} is too long`)
    .refine(
      (value) => value === '' || isImageRef(value),
      `${label} must be an uploaded image or an http(s) link`,
    )
    .default('')

/**
 * What POST /api/uploads takes (docs/decisions/017-uploads-on-this-server.md), by MIME type with the name people know it by. The server
 * recognises the type from the bytes; the form's file picker offers only these.
 */
export const IMAGE_UPLOAD_FORMATS = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/avif': 'AVIF',
} as const
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024

/** A time of day as HH:MM, 00:00-23:59. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

const timeField = (label: string) =>
  z.string({ error: `${label} is required` }).regex(TIME, `${label} must be a time as HH:MM`)

const dateField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .pipe(z.iso.date({ error: `${label} must be a real date as YYYY-MM-DD` }))

/**
 * A date or time a form asks for: empty says "required". The console's date and time pickers show their
 * own format (the browser's), so the stored one (YYYY-MM-DD, HH:MM) is named only for a value sent in
 * another format, which only an API client can do.
 */
const filled = (label: string, field: z.ZodType<string, string>) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .pipe(field)

/**
 * A new password: the length rules of docs/decisions/012-passwords-and-sign-in-throttle.md, and nothing a keyboard cannot type (NUL and other
 * control characters). The common-password check runs on the server only (its list is large).
 */
export const passwordField = z
  .string({ error: 'Password is required' })
  .min(LIMITS.passwordMin, `Password must have at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must have at most ${LIMITS.passwordMax} characters`)
  .refine((value) => !CONTROL_CHARACTERS.test(value), 'Password must not contain control characters')

const phoneField = z
  .string({ error: 'Phone number is required' })
  .trim()
  .regex(
    /^\+?[0-9][0-9 -]{4,18}[0-9]$/,
    'Enter a phone number: digits, spaces or hyphens, optionally starting with +',
  )

/** An entity's `_id` in a URL: 24 lowercase hex characters (db/ids.server.ts). */
export const idParamSchema = z.string().regex(/^[0-9a-f]{24}$/, 'Not a valid id')

/** A chapter's slug in a URL, as db/slug.ts makes them. */
export const slugParamSchema = z
  .string()
  .max(80, 'Not a valid chapter slug')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Not a valid chapter slug')

// ---------------------------------------------------------------------------------------------------------
// Resources

/** A local date and time as entered (docs/decisions/021-dates-as-entered.md), as a datetime-local input gives it: YYYY-MM-DDTHH:MM. */
export const localDateTimeField = (label: string) =>
  z
    .string({ error: `${label} must be a date and time` })
    .regex(
      /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/,
      `${label} must be a date and time as YYYY-MM-DDTHH:MM`,
    )
    .refine(
      (value) => z.iso.date().safeParse(value.slice(0, 10)).success,
      `${label} must be a real date and time`,
    )

/** The id of a registration question: the key of its answers. */
export const QUESTION_ID = /^[A-Za-z0-9_-]{1,40}$/

export const registrationQuestionSchema = z
  .strictObject({
    id: z.string({ error: 'Question id is required' }).regex(QUESTION_ID, 'Question id is not valid'),
    label: oneLine('Question', LIMITS.questionLabel),
    type: z.enum(registrationQuestionTypes, { error: 'Question type must be text, choice or checkbox' }),
    required: z.boolean({ error: 'required must be true or false' }),
    options: z
      .array(oneLine('Option', LIMITS.questionOption), { error: 'options must be a list of texts' })
      .max(LIMITS.questionOptions, `At most ${LIMITS.questionOptions} options`)
      .optional(),
    /**
     * The question that tells members from guests in attendance reports: a text answer (the membership
     * number) or a ticked checkbox makes the attendee a member (docs/decisions/086-attendance-reports.md).
     */
    membership: z.boolean({ error: 'membership must be true or false' }).optional(),
  })
  .superRefine((question, ctx) => {
    if (question.membership && question.type === 'choice')
      ctx.addIssue({
        code: 'custom',
        path: ['membership'],
        message: 'Members are told by a text question (the membership number) or a checkbox, not a choice',
      })
    const options = question.options ?? []
    if (question.type === 'choice' && options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'A choice needs at least 2 options' })
    if (question.type !== 'choice' && options.length > 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only a choice has options' })
    if (new Set(options.map((option) => option.toLowerCase())).size !== options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Each option may appear once' })
  })
export type RegistrationQuestionInput = z.infer<typeof registrationQuestionSchema>

/**
 * An event's registration on this site (docs/product.md#registration): `enabled` false keeps the outside
 * link; every other field may be left out and takes its default (unlimited, a waiting list, no approval,
 * open now, no close, no questions).
 */
export const registrationSettingsSchema = z
  .strictObject({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    capacity: z
      .number({ error: 'Capacity must be a whole number, or empty for unlimited' })
      .int('Capacity must be a whole number')
      .min(1, 'Capacity must be at least 1')
      .max(LIMITS.capacity, `Capacity must be at most ${LIMITS.capacity.toLocaleString('en-US')}`)
      .nullable()
      .default(null),
    waitlist: z.boolean({ error: 'waitlist must be true or false' }).default(true),
    approval: z.boolean({ error: 'approval must be true or false' }).default(false),
    opensAt: localDateTimeField('Opens').nullable().default(null),
    closesAt: localDateTimeField('Closes').nullable().default(null),
    questions: z
      .array(registrationQuestionSchema, { error: 'questions must be a list' })
      .max(LIMITS.questions, `At most ${LIMITS.questions} questions`)
      .default([]),
    paymentMethods: z
      .array(z.enum(paymentMethods, { error: `Payment methods are ${paymentMethods.join(', ')}` }), {
        error: 'paymentMethods must be a list',
      })
      .max(paymentMethods.length)
      .refine((methods) => new Set(methods).size === methods.length, 'Each payment method may appear once')
      .default([]),
    paymentInstructions: z
      .string({ error: 'Payment instructions must be text' })
      .trim()
      .max(
        LIMITS.paymentInstructions,
        `Payment instructions must be at most ${LIMITS.paymentInstructions.toLocaleString('en-US')} characters`,
      )
      .refine(
        (value) => !CONTROL_CHARACTERS_EXCEPT_WHITESPACE.test(value),
        'Payment instructions must not contain control characters',
      )
      .default(''),
  })
  .superRefine((settings, ctx) => {
    if (settings.opensAt && settings.closesAt && settings.closesAt <= settings.opensAt)
      ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'Closes must be after Opens' })
    const ids = settings.questions.map((question) => question.id)
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['questions'], message: 'Each question id may appear once' })
    const membership = settings.questions.flatMap((question, index) => (question.membership ? [index] : []))
    for (const index of membership.slice(1))
      ctx.addIssue({
        code: 'custom',
        path: ['questions', index, 'membership'],
        message: 'Only one question may tell members from guests',
      })
  })
export type RegistrationSettingsInput = z.infer<typeof registrationSettingsSchema>

/** What registration settings an event without any has: off. */
export const registrationOff: RegistrationSettingsInput = Object.freeze({
  enabled: false,
  capacity: null,
  waitlist: true,
  approval: false,
  opensAt: null,
  closesAt: null,
  questions: [],
  paymentMethods: [],
  paymentInstructions: '',
})

/** Whether a refinement of an object may look at its fields (they may still be wrong, or missing). */
const isObject = ({ value }: { value: unknown }) => typeof value === 'object' && value !== null

/**
 * An event's times on its one day: the end may not come before the start (an error on the end time). It
 * is checked as soon as both times are valid, whatever else is wrong, so a form shows it with the rest.
 */
function endsAfterStart(event: { startTime: string; endTime: string }, ctx: z.RefinementCtx): void {
  // Only texts: String() of a deeply nested array (hostile input) recurses until the stack overflows.
  const { startTime, endTime } = event as { startTime: unknown; endTime: unknown }
  if (typeof startTime !== 'string' || typeof endTime !== 'string') return
  if (!TIME.test(startTime) || !TIME.test(endTime)) return
  // Both HH:MM, so their text compares as their time does.
  if (event.endTime < event.startTime)
    ctx.addIssue({
      code: 'custom',
      path: ['endTime'],
      message: 'Ending time must not be before the starting time',
    })
}

/** An event that does not register on this site needs its outside link. */
export const EVENT_LINK_REQUIRED = 'Event link is required unless registration is on this site'

export const eventInputSchema = z
  .strictObject({
    title: oneLine('Event title', LIMITS.title),
    startTime: filled('Starting time', timeField('Starting time')),
    endTime: filled('Ending time', timeField('Ending time')),
    eventDate: filled('Event date', dateField('Event date')),
    location: oneLine('Location', LIMITS.location),
    host: oneLine('Host', LIMITS.host),
    registrationMethod: z.enum(registrationMethods, {
      error: 'Registration method must be Offline or Online',
    }),
    fees: z
      .number({ error: 'Fees must be a number' })
      .finite('Fees must be a number')
      .min(0, 'Fees cannot be negative')
      .max(LIMITS.fees, 'Fees are too large'),
    /** Optional: an event without one shows a cover made from its title (/events/{id}/cover.svg). */
    banner: optionalImageRef('Banner image'),
    /** Optional with registration on this site; else where people register (eventLinkRequired). */
    eventLink: z.union([z.literal(''), httpUrl('Event link')]).default(''),
    description: multiLine('Description', LIMITS.description),
    /**
     * The chapter that hosts the event, by slug; null: the branch itself (no chapter). Left out: a new event
     * belongs to the caller's chapter (an administrator's to the branch), an update keeps its chapter. An
     * officer may only name their own chapter (server/policy/rules.server.ts).
     */
    chapterSlug: slugParamSchema.nullable().optional(),
    /** Optional: left out or null when the event has no type. */
    type: z
      .enum(eventTypes, { error: `Type must be one of ${eventTypes.join(', ')}` })
      .nullable()
      .default(null),
    /** Left out: a new event has none, an update leaves the event's as it is. */
    registration: registrationSettingsSchema.optional(),
  })
  .superRefine(endsAfterStart, { when: isObject })
  .superRefine((event, ctx) => {
    const registration = event.registration
    // Without `registration` the API decides from the event's saved settings (a PUT keeps them).
    if (registration && !registration.enabled && event.eventLink === '')
      ctx.addIssue({ code: 'custom', path: ['eventLink'], message: EVENT_LINK_REQUIRED })
    if (registration?.enabled && event.fees > 0 && registration.paymentMethods.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['registration', 'paymentMethods'],
        message: 'Choose how attendees may pay the fees',
      })
  })
/** What a client sends (`type` may be left out). */
export type EventInput = z.input<typeof eventInputSchema>
/** The same once read: defaults filled in. */
export type EventInputData = z.output<typeof eventInputSchema>

export const chapterInfoInputSchema = z.strictObject({
  logo: imageRef('Chapter logo'),
  shortDescription: multiLine('Short description', LIMITS.shortDescription),
  websiteUrl: httpUrl('Website URL'),
  facebookUrl: httpUrl('Facebook page URL'),
  linkedinUrl: httpUrl('LinkedIn page URL'),
  /** Optional (docs/decisions/016-chapter-info-and-video.md): the landing page falls back to a built-in video. */
  videoUrl: z.union([z.literal(''), httpUrl('Video URL')]).default(''),
  aboutUs: multiLine('About chapter', LIMITS.aboutUs),
})
export type ChapterInfoInput = z.infer<typeof chapterInfoInputSchema>

export const excomMemberInputSchema = z.strictObject({
  name: oneLine('Member name', LIMITS.name),
  designation: oneLine('Designation', LIMITS.designation),
  affiliation: oneLine('Affiliation', LIMITS.affiliation),
  /** Optional: without a photo the cards show the member's initials. */
  image: optionalImageRef('Image'),
  /** Optional: without one the cards show no mail link. */
  email: optionalEmailField(),
})
export type ExcomMemberInput = z.infer<typeof excomMemberInputSchema>

/**
 * The contact form's defences against bots (docs/decisions/026-contact-form-bot-defences.md). The public form sends, besides the three fields:
 * - `website`: the honeypot, a text input the visitor never sees (hidden from sight and from screen readers,
 *   `tabIndex={-1}`, `autoComplete="off"`), always sent, normally as '';
 * - `formStartedAt`: `Date.now()` in the browser when the form was shown (milliseconds since the epoch).
 * A message whose honeypot is filled in, or that comes less than CONTACT_MIN_FILL_MS after the form was
 * shown, gets the same 201 answer as any other and is kept as spam, never notified
 * (docs/decisions/065-bot-messages-kept-as-spam.md). Both fields are optional, so a client that sends only
 * name, email and message (docs/product.md#api) still works.
 */
export const CONTACT_MIN_FILL_MS = 3_000

export const contactInputSchema = z.strictObject({
  name: oneLine('Full name', LIMITS.name),
  email: emailField(),
  message: multiLine('Message', LIMITS.message),
  // Any text is accepted here, so that a bot that fills it in sees no error; the server files it as spam.
  website: z.string({ error: 'website must be text' }).max(LIMITS.url, 'website is too long').optional(),
  formStartedAt: z
    .number({ error: 'formStartedAt must be a time in milliseconds' })
    .int('formStartedAt must be a whole number')
    .min(0, 'formStartedAt must be a time in milliseconds')
    .max(8.64e15, 'formStartedAt must be a time in milliseconds')
    .optional(),
})
export type ContactInput = z.infer<typeof contactInputSchema>

/**
 * Why a contact message looks sent by a bot, or null. A form that appears to have been shown in the
 * future (a browser clock ahead of the server's) is given the benefit of the doubt.
 */
export function contactBotReason(input: ContactInput, now: number): 'honeypot' | 'too-fast' | null {
  if (input.website !== undefined && input.website.trim() !== '') return 'honeypot'
  if (input.formStartedAt !== undefined) {
    const elapsed = now - input.formStartedAt
    if (elapsed >= 0 && elapsed < CONTACT_MIN_FILL_MS) return 'too-fast'
  }
  return null
}

/**
 * PATCH /api/contact/{id}: mark read or unread, spam or not spam, assign to an administrator (an id) or to
 * nobody (null); at least one of them.
 */
export const contactUpdateSchema = z
  .strictObject({
    read: z.boolean({ error: 'read must be true or false' }).optional(),
    spam: z.boolean({ error: 'spam must be true or false' }).optional(),
    assigneeId: z
      .union([idParamSchema, z.null()], { error: 'assigneeId must be a person id or null' })
      .optional(),
  })
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    // Named on the first field, so a form or client shows it somewhere rather than under no field.
    error: 'Send read, spam or assigneeId',
    path: ['read'],
  })
export type ContactUpdate = z.infer<typeof contactUpdateSchema>

/** POST /api/contact/{id}/reply: the answer, mailed to the sender with their message quoted. */
export const contactReplySchema = z.strictObject({
  text: multiLine('Reply', LIMITS.reply),
})
export type ContactReplyInput = z.infer<typeof contactReplySchema>

/**
 * The inbox's status filter: every message of the inbox (not spam), the new ones (not opened, not
 * answered), the read ones not answered yet, the answered ones, or the spam. `unread` (not opened,
 * answered or not) is the inbox's earlier filter, still accepted.
 */
export const contactStatusFilters = ['all', 'new', 'read', 'replied', 'spam', 'unread'] as const
export type ContactStatusFilter = (typeof contactStatusFilters)[number]

/** The inbox's assignee filter: the caller's messages (`me`), nobody's (`none`), or one administrator's id. */
export const contactAssigneeFilterSchema = z.union([z.enum(['me', 'none']), idParamSchema], {
  error: 'assignee must be me, none or a person id',
})

/** Rows one bulk request may change (a page of the console's table at most). */
export const BULK_IDS_MAX = 100

export const contactBulkActions = ['read', 'unread', 'spam', 'not-spam', 'delete'] as const
export type ContactBulkAction = (typeof contactBulkActions)[number]

/** POST /api/contact/bulk: mark read, unread, spam or not spam, or delete up to BULK_IDS_MAX messages at once. */
export const contactBulkSchema = z.strictObject({
  ids: z
    .array(idParamSchema, { error: 'ids must be a list of message ids' })
    .min(1, 'Choose at least one message')
    .max(BULK_IDS_MAX, `At most ${BULK_IDS_MAX} messages at once`),
  action: z.enum(contactBulkActions, { error: `action must be ${contactBulkActions.join(', ')}` }),
})

/** How many extra addresses the Notifications setting holds. */
export const EXTRA_RECIPIENTS_MAX = 10

/** PUT /api/settings/notifications: who gets a copy of each contact message besides the administrators. */
export const notificationSettingsSchema = z.strictObject({
  extraRecipients: z
    .array(emailField('Email address'), { error: 'extraRecipients must be a list of email addresses' })
    .max(EXTRA_RECIPIENTS_MAX, `At most ${EXTRA_RECIPIENTS_MAX} extra addresses`)
    .refine(
      (emails) => new Set(emails.map((email) => email.toLowerCase())).size === emails.length,
      'Each address may appear once',
    ),
})
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>

export const loginInputSchema = z.strictObject({
  email: emailField('Email address'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1_024, 'Password is too long'),
})
export type LoginInput = z.infer<typeof loginInputSchema>

/**
 * POST /api/users: a new chapter and its first officer (docs/product.md#console-screens Add chapter), one of two ways:
 * - `officerEmail`: the chapter, and an invitation to that address (the officer chooses their own name and
 *   password); what the console sends;
 * - `password`: the chapter and an officer who signs in with the chapter's email and that password, for API
 *   clients written before invitations.
 */
export const chapterAccountInputSchema = z
  .strictObject({
    name: oneLine("Chapter's name", LIMITS.name),
    email: emailField('Chapter email address'),
    password: passwordField.optional(),
    officerEmail: emailField("First officer's email").optional(),
    phone: phoneField,
  })
  .superRefine(
    (input, ctx) => {
      if (input.password === undefined && input.officerEmail === undefined) {
        // Named on both: a form asks for one of them, an API client may have meant either.
        ctx.addIssue({ code: 'custom', path: ['officerEmail'], message: "First officer's email is required" })
        ctx.addIssue({
          code: 'custom',
          path: ['password'],
          message: 'Send a password, or officerEmail to invite',
        })
      }
      if (input.password !== undefined && input.officerEmail !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['password'],
          message: 'Send either a password or officerEmail, not both',
        })
    },
    { when: isObject },
  )
export type ChapterAccountInput = z.infer<typeof chapterAccountInputSchema>

/** PUT /api/users/{slug}: edit a chapter account; a new password is optional. */
export const chapterAccountUpdateSchema = z.strictObject({
  name: oneLine("Chapter's name", LIMITS.name),
  email: emailField('Chapter email address'),
  phone: phoneField,
  password: z.union([z.literal(''), passwordField]).optional(),
})

// ---------------------------------------------------------------------------------------------------------
// Registrations (docs/product.md#registration)

/** Email addresses are compared as trimmed and lower-cased whole addresses (docs/decisions/071-email-normalisation.md). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** What the payment methods are called on forms and in mails. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bkash: 'bKash',
  nagad: 'Nagad',
  rocket: 'Rocket',
  bank: 'Bank transfer',
  door: 'At the door',
}

/** What an event's registration form asks, besides name, email and phone. */
export type RegistrationForm = {
  questions: readonly {
    id: string
    label: string
    type: RegistrationQuestionType
    required: boolean
    options?: string[]
  }[]
  /** The event's fees: above 0, the form asks how the attendee paid. */
  fees: number
  paymentMethods: readonly PaymentMethod[]
  /** Where and how to pay, shown beside the form when there is a fee ('' for none). */
  paymentInstructions: string
}

/**
 * Top-level domains a name never ends a word with, but a link does: a name like "Md.Rahim" or "A.K.M. Fazlul"
 * passes, "evil.example" or "bkash.com.bd" does not (docs/decisions/091-registration-names.md).
 */
const LINK_TLDS =
  'com|net|org|info|biz|xyz|top|site|online|click|link|live|app|dev|io|co|me|ly|gl|gd|to|cc|tk|ml|ga|cf|gq|ru|cn|in|bd|pk|us|uk|de|fr|nl|eu|ws|su|pw|icu|shop|store|vip|win|bid|club|work|fun|space|website|tech|page|one|pro|mobi|name|tv|gov|edu|mil|int|example|test|invalid|localhost|onion'
const WEB_ADDRESS = new RegExp(
  `[a-z][a-z0-9+.-]*:\\/\\/|\\bwww\\.|\\bxn--|[\\p{L}\\p{N}-][.](?:${LINK_TLDS})(?![\\p{L}\\p{N}])|@[\\p{L}\\p{N}-]+[.]`,
  'iu',
)

/** Whether a text carries a web address or a domain (fullwidth and other lookalike dots read as dots). */
export const carriesWebAddress = (text: string): boolean =>
  WEB_ADDRESS.test(text.normalize('NFKC').replace(/[\u3002\uff0e\uff61\u2024\u00b7]/g, '.'))

/** POST /api/events/{id}/registrations/link: the address a registration was made with ("Send me my link"). */
export const registrationLinkRequestSchema = z.strictObject({
  email: emailField().transform(normaliseEmail),
})

/** POST /api/events/{id}/registrations, before the event's own questions are checked (registrationInputSchemaFor). */
export const registrationInputSchema = z.strictObject({
  // The name goes into the mails sent to the address given: a stranger's link must not ride along.
  name: oneLine('Name', LIMITS.name).refine(
    (name) => !carriesWebAddress(name),
    'A name cannot contain a web address or a domain',
  ),
  email: emailField().transform(normaliseEmail),
  phone: z
    .union([z.literal(''), phoneField], {
      error: 'Enter a phone number: digits, spaces or hyphens, optionally starting with +',
    })
    .optional()
    .transform((phone) => phone ?? ''),
  answers: z
    .record(
      z.string().regex(QUESTION_ID, 'Unknown question'),
      z.union(
        [
          z.string().max(LIMITS.answer, `An answer may have at most ${LIMITS.answer} characters`),
          z.boolean(),
        ],
        {
          error: 'An answer must be text or true/false',
        },
      ),
      { error: 'answers must be an object of answers by question id' },
    )
    .default({}),
  paymentMethod: z
    .enum(paymentMethods, { error: `Payment method must be one of ${paymentMethods.join(', ')}` })
    .optional(),
  transactionId: z
    .string({ error: 'Transaction ID must be text' })
    .trim()
    .max(LIMITS.transactionId, `Transaction ID must be at most ${LIMITS.transactionId} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'Transaction ID must be a single line')
    .optional(),
})
export type RegistrationInput = z.infer<typeof registrationInputSchema>

/**
 * The registration schema of one event: the common fields, then its questions (required ones answered, a
 * choice one of its options, text one line, a checkbox true or false, no answer to a question it does not
 * ask) and, when it has fees, an allowed payment method with a transaction ID (not for paying at the door).
 * Errors name `answers.<questionId>`, `paymentMethod` or `transactionId`.
 */
export function registrationInputSchemaFor(form: RegistrationForm) {
  return registrationInputSchema.superRefine((input, ctx) => {
    const asked = new Map(form.questions.map((question) => [question.id, question]))
    for (const id of Object.keys(input.answers))
      if (!asked.has(id)) ctx.addIssue({ code: 'custom', path: ['answers', id], message: 'Unknown question' })
    for (const question of form.questions) {
      const answer = input.answers[question.id]
      const issue = (message: string) =>
        ctx.addIssue({ code: 'custom', path: ['answers', question.id], message })
      if (question.type === 'checkbox') {
        if (answer !== undefined && typeof answer !== 'boolean')
          issue(`${question.label} must be ticked or not`)
        else if (question.required && answer !== true) issue(`${question.label} must be ticked`)
        continue
      }
      if (answer !== undefined && typeof answer !== 'string') {
        issue(`${question.label} must be text`)
        continue
      }
      const text = answer?.trim() ?? ''
      if (text === '') {
        if (question.required) issue(`${question.label} is required`)
        continue
      }
      if (CONTROL_CHARACTERS.test(text)) issue(`${question.label} must be a single line`)
      else if (question.type === 'choice' && !(question.options ?? []).includes(text))
        issue(`Choose one of the options for ${question.label}`)
    }
    if (form.fees > 0) {
      if (!input.paymentMethod || !form.paymentMethods.includes(input.paymentMethod)) {
        ctx.addIssue({ code: 'custom', path: ['paymentMethod'], message: 'Choose how you paid' })
      } else if (input.paymentMethod !== 'door' && !input.transactionId) {
        ctx.addIssue({ code: 'custom', path: ['transactionId'], message: 'Transaction ID is required' })
      }
    } else if (input.paymentMethod !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['paymentMethod'], message: 'This event has no fees' })
    }
  })
}

/** GET /api/events/{id}/registrations: the list's parameters and a status filter. */
export const registrationListQuerySchema = listQuerySchema(registrationSortFields).extend({
  status: z
    .enum(registrationStatuses, { error: `status must be one of ${registrationStatuses.join(', ')}` })
    .optional(),
  /** yes: let in at the door; no: not (yet). */
  checkedIn: z.enum(['yes', 'no'], { error: 'checkedIn must be yes or no' }).optional(),
})
export type RegistrationListQuery = z.infer<typeof registrationListQuerySchema>

/** What an officer may set a registration to: confirmed (approved, paid, or taken from the waiting list) or cancelled. */
export const officerRegistrationStatuses = ['confirmed', 'cancelled'] as const

/**
 * PATCH /api/events/{id}/registrations/{registrationId}: the status, the attendee's name (a confirmed
 * registration's ticket is re-issued with it), or both.
 */
export const registrationStatusSchema = z
  .strictObject({
    status: z
      .enum(officerRegistrationStatuses, { error: 'status must be confirmed or cancelled' })
      .optional(),
    name: oneLine('Name', LIMITS.name).optional(),
  })
  .refine((update) => update.status !== undefined || update.name !== undefined, {
    error: 'Send status or name',
    path: ['status'],
  })

/** POST /api/events/{id}/registrations/bulk: the Attendees page's selected rows. */
export const registrationBulkSchema = z.strictObject({
  ids: z
    .array(idParamSchema, { error: 'ids must be a list of registration ids' })
    .min(1, 'Choose at least one registration')
    .max(BULK_IDS_MAX, `At most ${BULK_IDS_MAX} registrations at once`),
  status: z.enum(officerRegistrationStatuses, { error: 'status must be confirmed or cancelled' }),
})

/** Who "Message attendees" writes to. */
export const attendeeMessageAudiences = ['confirmed', 'waitlisted', 'all'] as const

/** POST /api/events/{id}/messages. */
export const attendeeMessageSchema = z.strictObject({
  to: z.enum(attendeeMessageAudiences, { error: 'to must be confirmed, waitlisted or all' }),
  subject: oneLine('Subject', LIMITS.subject),
  text: multiLine('Message', LIMITS.message),
})
export type AttendeeMessageInput = z.infer<typeof attendeeMessageSchema>

/**
 * POST /api/events/{id}/check-ins: a scanned ticket's code or a registration picked from the search, with
 * the phone's own id for the scan (a retry is answered again, never checked in twice) and, for a scan
 * queued offline, when it was made.
 */
export const checkInSchema = z
  .strictObject({
    code: z
      .string({ error: 'code must be text' })
      .trim()
      .min(1, 'code is empty')
      .max(2000, 'code is too long')
      .optional(),
    registrationId: idParamSchema.optional(),
    scanId: z.uuid({ error: 'scanId must be a uuid' }).optional(),
    scannedAt: z.iso.datetime({ offset: true, error: 'scannedAt must be an ISO date-time' }).optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.registrationId === undefined), {
    error: 'Send either code or registrationId',
    path: ['code'],
  })
export type CheckInInput = z.infer<typeof checkInSchema>

/** GET /api/events/{id}/check-ins/search: a name, email or phone (part of one). */
export const checkInSearchSchema = z.strictObject({
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .min(1, 'Type a name, email or phone')
    .max(LIMITS.search, `q must be at most ${LIMITS.search} characters`),
})

/** POST /api/events/{id}/door-links. */
export const doorLinkSchema = z.strictObject({
  label: oneLine('Label', 60),
})
export type DoorLinkInput = z.infer<typeof doorLinkSchema>

/** The door link page's PIN: six digits. */
export const doorPinSchema = z.strictObject({
  pin: z
    .string({ error: 'Enter the PIN' })
    .trim()
    .regex(/^\d{6}$/, 'The PIN is six digits'),
})

// ---------------------------------------------------------------------------------------------------------
// Posts (docs/decisions/100-posts.md)

/** The pictures bundled with the site that a post's banner may name as `content:<key>` (the seeded articles'). */
export const BUNDLED_BANNERS = ['blogChapterLeads', 'blogQuantum', 'blogMetaverse'] as const
const BUNDLED_BANNER = new RegExp(`^content:(${BUNDLED_BANNERS.join('|')})$`)

/** A post's web address: lower case letters and digits joined by single hyphens. */
export const postSlugSchema = z
  .string({ error: 'Web address must be text' })
  .trim()
  .min(1, 'Web address is required')
  .max(80, 'Web address must be at most 80 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Web address takes lower case letters, digits and single hyphens')

const postFields = {
  title: oneLine('Title', LIMITS.title),
  /** Left out: made from the title. */
  slug: postSlugSchema.optional(),
  summary: multiLine('Summary', LIMITS.postSummary),
  /** Markdown. */
  body: multiLine('Body', LIMITS.postBody),
  /** Optional: an upload, an http(s) link, or a picture bundled with the site (`content:<key>`). */
  banner: z
    .string({ error: 'Banner image must be text' })
    .trim()
    .max(LIMITS.url, 'Banner image is too long')
    .refine(
      (value) => value === '' || BUNDLED_BANNER.test(value) || isImageRef(value),
      'Banner image must be an uploaded image or an http(s) link',
    )
    .optional(),
  /** The chapter the post is about, by slug; null or left out: the region's own. */
  chapterSlug: slugParamSchema.nullable().optional(),
  status: z.enum(postStatuses, { error: `Status must be one of ${postStatuses.join(', ')}` }),
  /** When a scheduled post goes out: an ISO 8601 instant with its offset. */
  publishAt: z.iso
    .datetime({ offset: true, error: 'Publish at must be a date and time with its offset (ISO 8601)' })
    .nullable()
    .optional(),
}

/** A scheduled post needs the time it goes out. */
const scheduledHasTime = (
  post: { status?: PostStatus; publishAt?: string | null },
  ctx: z.core.$RefinementCtx,
) => {
  if (post.status === 'scheduled' && !post.publishAt)
    ctx.addIssue({ code: 'custom', path: ['publishAt'], message: 'Choose when the post goes out' })
}

/** POST /api/posts, and the console's post form. */
export const postInputSchema = z.strictObject(postFields).superRefine(scheduledHasTime)
export type PostInput = z.input<typeof postInputSchema>

/** PUT /api/posts/{id}: any of the fields (the service checks a scheduled post's time against the saved one). */
export const postUpdateSchema = z.strictObject(postFields).partial()
export type PostUpdate = z.output<typeof postUpdateSchema>

/** GET /api/posts: a status filter (administrators and officers; anybody else sees published posts only). */
export const postListQuerySchema = listQuerySchema(['publishedAt'] as const).extend({
  status: z.enum(postStatuses, { error: `status must be one of ${postStatuses.join(', ')}` }).optional(),
})

// ---------------------------------------------------------------------------------------------------------
// Lists (docs/decisions/009-ids-and-list-parameters.md): page, pageSize (max 100), sort ("field" or "-field" for descending), q (search)

export function listQuerySchema<const Sort extends readonly [string, ...string[]]>(sortFields: Sort) {
  const sortValues = sortFields.flatMap((field) => [field, `-${field}`]) as [string, ...string[]]
  return z.strictObject({
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page starts at 1')
      .max(1_000_000, 'page is too large')
      .optional(),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number' })
      .int('pageSize must be a whole number')
      .min(1, 'pageSize must be at least 1')
      .max(LIMITS.pageSizeMax, `pageSize must be at most ${LIMITS.pageSizeMax}`)
      .optional(),
    sort: z.enum(sortValues, { error: `sort must be one of ${sortValues.join(', ')}` }).optional(),
    q: z.string().trim().max(LIMITS.search, `q must be at most ${LIMITS.search} characters`).optional(),
  })
}

export {
  chapterSortFields,
  contactSortFields,
  eventSortFields,
  excomSortFields,
  registrationSortFields,
  trashSortFields,
} from './list-params'

/** GET /api/events and /api/events/myevents: the list's parameters and a type filter. */
export const eventListQuerySchema = listQuerySchema(eventSortFields).extend({
  type: z.enum(eventTypes, { error: `type must be one of ${eventTypes.join(', ')}` }).optional(),
})

/**
 * GET /api/contact: the list's parameters and the inbox's filters. `from` and `to` are days in the server's
 * local calendar, both included; `search` is the inbox's name for `q` (either may be sent).
 */
export const contactListQuerySchema = listQuerySchema(contactSortFields)
  .extend({
    status: z
      .enum(contactStatusFilters, { error: `status must be one of ${contactStatusFilters.join(', ')}` })
      .optional(),
    assignee: contactAssigneeFilterSchema.optional(),
    from: dateField('from').optional(),
    to: dateField('to').optional(),
    search: z
      .string()
      .trim()
      .max(LIMITS.search, `search must be at most ${LIMITS.search} characters`)
      .optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    error: 'to must not be before from',
  })

// ---------------------------------------------------------------------------------------------------------
// Attendance reports

/** How a report answers: JSON (the default), or CSV as a file. */
const reportFormatSchema = z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional()

/** GET /api/events/{id}/report. */
export const eventReportQuerySchema = z.strictObject({ format: reportFormatSchema })

/**
 * GET /api/reports/attendance and the Reports page: a chapter (left out: an officer's own, or every
 * chapter for an administrator) and a period of local dates, both included, at most REPORT_RANGE_MAX_YEARS.
 */
export const attendanceReportQuerySchema = z
  .strictObject({
    chapterSlug: slugParamSchema.optional(),
    // Worded for the form beside its fields (From, To): the API answers the same words.
    from: dateField('The first day (From)'),
    to: dateField('The last day (To)'),
    format: reportFormatSchema,
  })
  .superRefine((query, ctx) => {
    if (query.to < query.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day cannot be before the first day' })
    else if (!withinReportRange(query))
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A report covers at most ${REPORT_RANGE_MAX_YEARS} years`,
      })
  })
export type AttendanceReportQuery = z.infer<typeof attendanceReportQuerySchema>

// ---------------------------------------------------------------------------------------------------------

export type FieldErrors = Record<string, string>

/** Zod issues as `errors` of docs/decisions/008-api-errors.md: the first message per field; unknown fields get their own entry. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[key] ??= 'Unknown field'
      continue
    }
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_'
    errors[field] ??= issue.message
  }
  return errors
}

/** GET /api/search: what the command palette looks for (titles, names, emails). */
export const searchQuerySchema = z.strictObject({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'q is required')
    .max(LIMITS.search, `q must be at most ${LIMITS.search} characters`),
})

// ---------------------------------------------------------------------------------------------------------
// People, invitations, passwords

/** The token of an invitation or reset link (server/auth/one-time-tokens.server.ts). */
export const linkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid')

/** POST /api/invitations: an officer of the chapter (by slug), or without it an administrator. */
export const invitationInputSchema = z.strictObject({
  email: emailField('Email address'),
  chapterSlug: slugParamSchema.optional(),
})

/** POST /api/invitations/{token}/accept and the accept form. */
export const acceptInvitationSchema = z.strictObject({
  name: oneLine('Your name', LIMITS.name),
  password: passwordField,
})
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>

/** GET /api/people and GET /api/invitations: whose (a chapter's officers, or without it the administrators). */
export const peopleQuerySchema = z.strictObject({ chapterSlug: slugParamSchema.optional() })

/** PATCH /api/people/{id}. */
export const personUpdateSchema = z.strictObject({
  disabled: z.boolean({ error: 'disabled must be true or false' }),
})

/** PATCH /api/auth/me: the signed-in person's own name. */
export const accountNameSchema = z.strictObject({ name: oneLine('Your name', LIMITS.name) })

/** POST /api/auth/password. */
export const passwordChangeSchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1_024, 'Password is too long'),
  newPassword: passwordField,
})

/** POST /api/auth/forgot. */
export const forgotPasswordSchema = z.strictObject({ email: emailField('Email address') })

/** POST /api/auth/reset. */
export const resetPasswordSchema = z.strictObject({ token: linkTokenSchema, password: passwordField })

// ---------------------------------------------------------------------------------------------------------
// The trash and the activity log

/** GET /api/trash: the list's parameters and a type filter. */
export const trashListQuerySchema = listQuerySchema(trashSortFields).extend({
  type: z.enum(trashItemTypes, { error: `type must be one of ${trashItemTypes.join(', ')}` }).optional(),
})

/** POST /api/trash/restore: several items at once (the Trash page's selected rows). */
export const trashRestoreManySchema = z.strictObject({
  ids: z.array(idParamSchema).min(1, 'Choose at least one item').max(100, 'At most 100 items at once'),
})

/** One of a vocabulary's words, spaces around it ignored. */
const activityWord = <const Word extends string>(words: readonly [Word, ...Word[]], label: string) =>
  z
    .string()
    .trim()
    .pipe(z.enum(words, { error: `${label} is not valid` }))
    .optional()

/** GET /api/activity (and its CSV export): the list's page and size, and the filters; newest first. */
export const activityListQuerySchema = z
  .strictObject({
    page: listQuerySchema(['at']).shape.page,
    pageSize: listQuerySchema(['at']).shape.pageSize,
    person: idParamSchema.optional(),
    action: activityWord(activityActions, 'action'),
    type: activityWord(activityItemTypes, 'type'),
    item: idParamSchema.optional(),
    from: dateField('from').optional(),
    to: dateField('to').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    error: 'to must not be before from',
  })
export type ActivityListQuery = z.infer<typeof activityListQuerySchema>

/** Certificates (docs/decisions/083-certificates-of-participation.md): where a field sits, in mm from the top left. */
export const certificateFieldKinds = [
  'text',
  'name',
  'role',
  'event',
  'date',
  'chapter',
  'serial',
  'qr',
  'logo',
] as const
export type CertificateFieldKind = (typeof certificateFieldKinds)[number]

export const certificateAlignments = ['left', 'center', 'right'] as const

/** The page sizes in mm (landscape). */
export const CERTIFICATE_PAGE_MM = {
  a4: { width: 297, height: 210 },
  letter: { width: 279.4, height: 215.9 },
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/
const mm = (label: string) =>
  z
    .number({ error: `${label} must be a number (mm)` })
    .min(0, `${label} must be 0 or more`)
    .max(300)
const colourField = z.string().regex(HEX_COLOUR, 'A colour is written like #1e3a8a')
/** An uploaded image of this site, or none. */
const uploadUrlField = z
  .string()
  .max(200)
  .refine((value) => value === '' || /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(value), {
    message: 'Choose an image uploaded to this site',
  })

/** A certificate background that is a PDF's page (stored as `<hash>.pdf`), not an image. */
export const isPdfUpload = (url: string) => url.startsWith('/uploads/') && url.endsWith('.pdf')

export const certificateFieldSchema = z.strictObject({
  kind: z.enum(certificateFieldKinds),
  /** What a 'text' field says; the other kinds say their value. */
  text: z.string().trim().max(300, 'At most 300 characters').default(''),
  x: mm('x'),
  y: mm('y'),
  /** Text: the font size in points; QR code and logo: the side in mm. */
  size: z
    .number({ error: 'Size must be a number' })
    .min(4, 'Size must be 4 or more')
    .max(120, 'Size must be 120 or less'),
  colour: colourField.default('#1f2937'),
  align: z.enum(certificateAlignments).default('center'),
  bold: z.boolean().default(false),
})
export type CertificateField = z.infer<typeof certificateFieldSchema>

export const certificateSignatureSchema = z.strictObject({
  name: oneLine('Signatory name', LIMITS.name),
  title: z.string().trim().max(LIMITS.name).default(''),
  image: uploadUrlField.default(''),
  /** The centre of the signature line, in mm. */
  x: mm('x'),
  y: mm('y'),
})
export type CertificateSignature = z.infer<typeof certificateSignatureSchema>

export const certificateDesignSchema = z.strictObject({
  paper: z.enum(certificatePapers).default('a4'),
  /** An uploaded image or PDF page filling the page; none: the built-in border in the accent colour. */
  background: uploadUrlField.default(''),
  accent: colourField.default('#1e3a8a'),
  fields: z.array(certificateFieldSchema).max(30, 'At most 30 fields'),
  signatures: z.array(certificateSignatureSchema).max(3, 'At most three signatures').default([]),
})
export type CertificateDesign = z.infer<typeof certificateDesignSchema>

export const certificateTemplateInputSchema = z.strictObject({
  name: oneLine('Name', LIMITS.title),
  design: certificateDesignSchema,
})
export type CertificateTemplateInput = z.input<typeof certificateTemplateInputSchema>

export const certificateIssueSchema = z.strictObject({
  templateId: idParamSchema,
  role: z.enum(certificateRoles),
  /** A winner's place, e.g. "First place". */
  place: z.string().trim().max(80, 'At most 80 characters').optional(),
  /** None: everyone checked in. */
  registrationIds: z.array(idParamSchema).min(1).max(5_000).optional(),
})
export type CertificateIssueInput = z.infer<typeof certificateIssueSchema>

/** The readable alphabet of serials: no 0/O, 1/I. */
export const SERIAL_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
/** A serial as typed or printed: 10 characters, dashes and case ignored. */
export const certificateSerialSchema = z
  .string()
  .transform((value) => value.replaceAll('-', '').toUpperCase())
  .pipe(z.string().regex(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{10}$/, 'Not a certificate serial'))

/** K7QFM2XR9H → K7QF-M2XR-9H. */
export const groupedSerial = (serial: string) =>
  `${serial.slice(0, 4)}-${serial.slice(4, 8)}-${serial.slice(8)}`

export const CERTIFICATE_ROLE_LABELS: Record<(typeof certificateRoles)[number], string> = {
  participant: 'Participant',
  volunteer: 'Volunteer',
  speaker: 'Speaker',
  organizer: 'Organizer',
  winner: 'Winner',
}

/** The design every site starts with: the chapter's logo and name, a double border, the QR code. */
export const DEFAULT_CERTIFICATE_DESIGN: CertificateDesign = certificateDesignSchema.parse({
  paper: 'a4',
  background: '',
  accent: '#1e3a8a',
  fields: [
    { kind: 'logo', x: 148.5, y: 18, size: 24 },
    {
      kind: 'text',
      text: 'Certificate',
      x: 148.5,
      y: 60,
      size: 36,
      colour: '#1e3a8a',
      bold: true,
    },
    { kind: 'text', text: 'This certificate is presented to', x: 148.5, y: 76, size: 13, colour: '#4b5563' },
    { kind: 'name', x: 148.5, y: 98, size: 30, colour: '#111827', bold: true },
    { kind: 'role', x: 148.5, y: 113, size: 13, colour: '#4b5563' },
    { kind: 'event', x: 148.5, y: 127, size: 19, colour: '#111827', bold: true },
    { kind: 'date', x: 148.5, y: 138, size: 12, colour: '#4b5563' },
    { kind: 'chapter', x: 148.5, y: 170, size: 13, colour: '#1e3a8a', bold: true },
    { kind: 'text', text: 'Issuing chapter', x: 148.5, y: 176, size: 9, colour: '#6b7280' },
    { kind: 'qr', x: 262, y: 152, size: 26, align: 'center' },
    { kind: 'serial', text: 'Serial', x: 262, y: 182, size: 8, colour: '#374151', align: 'center' },
  ],
  signatures: [],
})

/**
 * The region's committees by year, kept in the database (docs/decisions/101-committees-by-year.md). One
 * schema serves the API, the console's form, the seed from content/ and a restored revision.
 */

/** What a kind's pages are called: the URL before `-<yy>`, the default title, the menu entry, the banner's eyebrow. */
export const committeeKindInfo: Record<
  CommitteeKind,
  { prefix: string; title: string; menuLabel: string; eyebrow: string; menu: 'Committees' | 'Groups' }
> = {
  excom: {
    prefix: 'excom',
    title: 'Executive Committee',
    menuLabel: 'Executive Committee',
    eyebrow: 'Executive Committee',
    menu: 'Committees',
  },
  sac: {
    prefix: 'sac',
    title: 'Student Activity Committee',
    menuLabel: 'Student Activity Committee',
    eyebrow: 'Committees',
    menu: 'Committees',
  },
  secretariat: {
    prefix: 'secretariat',
    title: 'Secretariat',
    menuLabel: 'Secretariat',
    eyebrow: 'Committees',
    menu: 'Committees',
  },
  spark: {
    prefix: 'team-spark',
    title: 'Team SPARK',
    menuLabel: 'Team SPARK',
    eyebrow: 'SPARK',
    menu: 'Groups',
  },
  gsm: {
    prefix: 'gsm',
    title: 'GSM Forum',
    menuLabel: 'GSM Forum',
    eyebrow: 'Graduate Student Member Forum',
    menu: 'Groups',
  },
  'web-it': {
    prefix: 'web-it-team',
    title: 'Web and IT Committee',
    menuLabel: 'Web & IT Team',
    eyebrow: 'Committees',
    menu: 'Groups',
  },
}

/** A committee's page: `/excom-23` for the executive committee of 2023. */
export const committeePath = (kind: CommitteeKind, year: number) =>
  `/${committeeKindInfo[kind].prefix}-${String(year % 100).padStart(2, '0')}`

export const committeeYearSchema = z.number().int().min(2000).max(2099)

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || undefined)
    .optional()

/** A person on a committee page, in the order the page shows them; `group` is one of the committee's groups. */
export const committeeMemberSchema = z
  .object({
    /** Empty in a draft whose people are still to be named (a year copied without its people). */
    name: z.string().trim().max(120),
    designation: z.string().trim().min(1, 'Enter the designation').max(120),
    affiliation: optionalText(200),
    emails: z.array(z.email('Enter an email address').max(200)).max(5).default([]),
    whatsapp: z
      .string()
      .trim()
      .max(40)
      .regex(/^$|^\+?[\d\s-]{6,}$/, 'Enter a phone number with its country code')
      .transform((value) => value || undefined)
      .optional(),
    linkedin: z
      .union([z.literal(''), z.url({ protocol: /^https$/, message: 'Enter an https:// address' })])
      .transform((value) => value || undefined)
      .optional(),
    /** A bundled picture's key (`portrait-01`) or an upload's URL (`/uploads/…`). */
    photo: z
      .union([
        z.literal(''),
        z.string().regex(/^[a-z0-9-]+$/),
        z.string().regex(/^\/uploads\/[\w.-]+$/, 'an uploaded picture'),
      ])
      .transform((value) => value || undefined)
      .optional(),
    group: z.string().min(1),
  })
  .strict()
export type CommitteeMember = z.infer<typeof committeeMemberSchema>

/** A section of the page: a heading, and a featured card when it shows one leader (a chair, a president). */
export const committeeGroupSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'letters, digits and hyphens'),
    title: z.string().trim().min(1).max(80),
    featured: z.boolean().default(false),
  })
  .strict()
export type CommitteeGroup = z.infer<typeof committeeGroupSchema>

/** The line under the page's title, with an optional link (`About SPARK`). */
export const committeeIntroSchema = z
  .object({
    text: z.string().trim().min(1).max(500),
    link: z
      .object({ label: z.string().trim().min(1).max(80), href: z.string().regex(/^\/[\w/-]*$/) })
      .strict()
      .optional(),
  })
  .strict()

/** What `PUT /api/committees/{id}` takes, and what a revision keeps. */
export const committeeContentSchema = z
  .object({
    title: z.string().trim().min(1, 'Enter a title').max(120),
    status: z.enum(committeeStatuses),
    intro: committeeIntroSchema.nullable().default(null),
    groups: z.array(committeeGroupSchema).min(1).max(30),
    members: z.array(committeeMemberSchema).max(200),
  })
  .strict()
  .superRefine((committee, issues) => {
    const ids = new Set(committee.groups.map((group) => group.id))
    committee.members.forEach((member, index) => {
      if (committee.status === 'published' && !member.name)
        issues.addIssue({
          code: 'custom',
          path: ['members', index, 'name'],
          message: 'Enter the name before publishing',
        })
      if (!ids.has(member.group))
        issues.addIssue({ code: 'custom', path: ['members', index, 'group'], message: 'Choose a group' })
    })
  })
export type CommitteeContent = z.infer<typeof committeeContentSchema>

/** The kind and year of a committee page's path (`/team-spark-22` → spark, 2022), or null. */
export function committeeOfPath(pathname: string): { kind: CommitteeKind; year: number } | null {
  for (const kind of committeeKinds) {
    const match = new RegExp(`^/${committeeKindInfo[kind].prefix}-(\\d{2})$`).exec(pathname)
    if (match) return { kind, year: 2000 + Number(match[1]) }
  }
  return null
}

/** `POST /api/committees`: a new committee of a kind and year, empty or copied from another (`copyFrom`). */
export const committeeCreateSchema = z
  .object({
    kind: z.enum(committeeKinds),
    year: committeeYearSchema,
    title: z.string().trim().min(1).max(120).optional(),
    /** The id of the committee to copy: its groups, intro and members' designations. */
    copyFrom: z.string().min(1).max(64).optional(),
    /** With `copyFrom`: keep the people (true) or only their designations (false, the default). */
    keepPeople: z.boolean().default(false),
  })
  .strict()
export type CommitteeCreateInput = z.infer<typeof committeeCreateSchema>
