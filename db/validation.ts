import { z } from 'zod'
import { LIMITS } from './limits'
import { contactSortFields, trashSortFields } from './list-params'
import { activityActions, activityItemTypes, registrationMethods, trashItemTypes } from './schema-enums'

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
const imageRef = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.url, `${label} is too long`)
    .refine(
      (value) =>
        (UPLOAD_PATH.test(value) && !value.includes('..')) ||
        z.url({ protocol: /^https?$/ }).safeParse(value).success,
      `${label} must be an uploaded image or an http(s) link`,
    )

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

const timeField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time as HH:MM`)

const dateField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .pipe(z.iso.date({ error: `${label} must be a real date as YYYY-MM-DD` }))

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

export const eventInputSchema = z.strictObject({
  title: oneLine('Event title', LIMITS.title),
  startTime: timeField('Starting time'),
  endTime: timeField('Ending time'),
  eventDate: dateField('Event date'),
  location: oneLine('Location', LIMITS.location),
  host: oneLine('Host', LIMITS.host),
  registrationMethod: z.enum(registrationMethods, { error: 'Registration method must be Offline or Online' }),
  fees: z
    .number({ error: 'Fees must be a number' })
    .finite('Fees must be a number')
    .min(0, 'Fees cannot be negative')
    .max(LIMITS.fees, 'Fees are too large'),
  banner: imageRef('Banner image'),
  eventLink: httpUrl('Event link'),
  description: multiLine('Description', LIMITS.description),
})
export type EventInput = z.infer<typeof eventInputSchema>

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
  image: imageRef('Image'),
  email: emailField(),
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
    error: 'Send read, spam or assigneeId',
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

/** POST /api/users: a new chapter account (docs/product.md#console-screens Add chapter). */
export const chapterAccountInputSchema = z.strictObject({
  name: oneLine("Chapter's name", LIMITS.name),
  email: emailField('Chapter email address'),
  password: passwordField,
  phone: phoneField,
})
export type ChapterAccountInput = z.infer<typeof chapterAccountInputSchema>

/** PUT /api/users/{slug}: edit a chapter account; a new password is optional. */
export const chapterAccountUpdateSchema = z.strictObject({
  name: oneLine("Chapter's name", LIMITS.name),
  email: emailField('Chapter email address'),
  phone: phoneField,
  password: z.union([z.literal(''), passwordField]).optional(),
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
  trashSortFields,
} from './list-params'

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
