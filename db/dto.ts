import type {
  ActivityAction,
  ActivityEntry,
  ActivityItemType,
  Certificate,
  CertificateTemplate,
  Chapter,
  ChapterInfo,
  ContactMessage,
  ContactReply,
  Event,
  ExcomMember,
  Invitation,
  OutboxMail,
  Post,
  Registration,
  Revision,
  TrashItem,
  TrashItemType,
  User,
} from './schema'
import type { CancelReason, CertificateRole, PaymentMethod, RegistrationStatus } from './schema-enums'
import { slugify } from './slug'
import type { CertificateDesign, RegistrationSettingsInput } from './validation'

/**
 * The shapes the API and the pages hand out (docs/product.md#entities, docs/product.md#api): field names of the old API, ids as `_id`
 * (docs/decisions/009-ids-and-list-parameters.md), dates as ISO strings. Password hashes and owner ids never leave the server this way.
 */

export type EventDto = {
  _id: string
  title: string
  banner: string
  host: string
  eventDate: string
  startTime: string
  endTime: string
  location: string
  registrationMethod: Event['registrationMethod']
  fees: number
  eventLink: string
  /** Markdown. */
  description: string
  /** Seminar, Webinar, …, or null when not given. */
  type: Event['type']
  createdAt: string
  updatedAt: string
}

export function toEventDto(event: Event): EventDto {
  return {
    _id: event.id,
    title: event.title,
    banner: event.banner,
    host: event.host,
    eventDate: event.eventDate,
    startTime: event.startTime,
    endTime: event.endTime,
    location: event.location,
    registrationMethod: event.registrationMethod,
    fees: event.fees,
    eventLink: event.eventLink,
    description: event.description,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
  }
}

/** A chapter as other records name it: the chapter that hosts an event. */
export type ChapterRefDto = { name: string; slug: string }

/** An event as the API answers it: its fields and the chapter that hosts it (null: the branch itself). */
export type HostedEventDto = EventDto & {
  chapter: ChapterRefDto | null
  /** In the console's list (GET /api/events/myevents): the event's registration counts, null without any settings. */
  registrations?: EventRegistrationCounts | null
}

/** What the console's events list tells of each event's registrations (never who). */
export type EventRegistrationCounts = {
  confirmed: number
  pending: number
  /** On the waiting list or offered a seat. */
  waiting: number
  /** Confirmed with a payment method: they paid (an officer marked them paid). */
  paid: number
  /** Still on (confirmed, pending, offered, waiting): who would be told if the event were deleted. */
  active: number
  capacity: number | null
  enabled: boolean
}

export const toHostedEventDto = (
  event: Event,
  chapter: Pick<Chapter, 'name' | 'slug'> | null | undefined,
): HostedEventDto => ({
  ...toEventDto(event),
  chapter: chapter ? { name: chapter.name, slug: chapter.slug } : null,
})

export type ChapterInfoDto = {
  _id: string
  logo: string
  shortDescription: string
  websiteUrl: string
  facebookUrl: string
  linkedinUrl: string
  videoUrl: string
  aboutUs: string
}

export function toChapterInfoDto(info: ChapterInfo): ChapterInfoDto {
  return {
    _id: info.id,
    logo: info.logo,
    shortDescription: info.shortDescription,
    websiteUrl: info.websiteUrl,
    facebookUrl: info.facebookUrl,
    linkedinUrl: info.linkedinUrl,
    videoUrl: info.videoUrl,
    aboutUs: info.aboutUs,
  }
}

/** Chapter info with every text empty: a chapter that has not saved its info yet, and the new settings form. */
export const emptyChapterInfo: Readonly<Omit<ChapterInfoDto, '_id'>> = Object.freeze({
  logo: '',
  shortDescription: '',
  websiteUrl: '',
  facebookUrl: '',
  linkedinUrl: '',
  videoUrl: '',
  aboutUs: '',
})

export type ExcomMemberDto = {
  _id: string
  name: string
  designation: string
  affiliation: string
  email: string
  image: string
}

export function toExcomMemberDto(member: ExcomMember): ExcomMemberDto {
  return {
    _id: member.id,
    name: member.name,
    designation: member.designation,
    affiliation: member.affiliation,
    email: member.email,
    image: member.image,
  }
}

/** Where a message stands in the inbox: spam, answered, opened, or none of these (new). */
export const contactStatuses = ['new', 'read', 'replied', 'spam'] as const
export type ContactStatus = (typeof contactStatuses)[number]

export function contactStatusOf(message: Pick<ContactMessage, 'spam' | 'repliedAt' | 'read'>): ContactStatus {
  if (message.spam) return 'spam'
  if (message.repliedAt) return 'replied'
  return message.read ? 'read' : 'new'
}

/** A person a message or a reply names: the administrator assigned, the author of a reply. */
export type PersonRefDto = { _id: string; name: string }

export type ContactMessageDto = {
  _id: string
  name: string
  email: string
  message: string
  receivedAt: string
  read: boolean
  status: ContactStatus
  /** Why it is spam ('honeypot', 'too-fast': the bot checks; 'marked': a person), or null. */
  spamReason: ContactMessage['spamReason']
  /** The administrator assigned, or null (nobody, or a person since removed). */
  assignee: PersonRefDto | null
  /** When the latest reply was written, or null. */
  repliedAt: string | null
}

/** `assignee`: the assigned person's id and name, when that person still exists. */
export function toContactMessageDto(
  message: ContactMessage,
  assignee: PersonRefDto | null = null,
): ContactMessageDto {
  return {
    _id: message.id,
    name: message.name,
    email: message.email,
    message: message.message,
    receivedAt: message.receivedAt.toISOString(),
    read: message.read,
    status: contactStatusOf(message),
    spamReason: message.spamReason,
    assignee,
    repliedAt: message.repliedAt?.toISOString() ?? null,
  }
}

/**
 * What POST /api/contact answers the visitor: what they sent, an id and the time. Never the status, so a
 * bot cannot tell that its message went to the spam (docs/decisions/065-bot-messages-kept-as-spam.md).
 */
export type ContactReceiptDto = Pick<
  ContactMessageDto,
  '_id' | 'name' | 'email' | 'message' | 'receivedAt' | 'read'
>

export function toContactReceiptDto(message: ContactMessage): ContactReceiptDto {
  const { _id, name, email, message: text, receivedAt } = toContactMessageDto(message)
  // Every message arrives unread; the visitor's answer says so whatever the checks decided.
  return { _id, name, email, message: text, receivedAt, read: false }
}

/** Whether a reply's mail has gone: waiting or retrying, delivered, or given up (with the last error). */
export type ReplyDelivery = OutboxMail['status']

export type ContactReplyDto = {
  _id: string
  text: string
  createdAt: string
  author: { _id: string | null; name: string }
  delivery: ReplyDelivery
  /** The last attempt's error, while retrying or after giving up. */
  deliveryError: string | null
}

/** `mail`: the reply's outbox row; none once a delivered mail has been forgotten (it was sent). */
export function toContactReplyDto(reply: ContactReply, mail: OutboxMail | undefined): ContactReplyDto {
  return {
    _id: reply.id,
    text: reply.text,
    createdAt: reply.createdAt.toISOString(),
    author: { _id: reply.authorId, name: reply.authorName },
    delivery: mail?.status ?? 'sent',
    deliveryError: mail && mail.status !== 'sent' ? mail.lastError : null,
  }
}

/** A chapter account as the administrator sees it (docs/product.md#entities "Chapter (admin view)", without the password). */
export type ChapterAccountDto = {
  _id: string
  name: string
  email: string
  phone: string
  slug: string
  createdAt: string
  eventCount: number
  memberCount: number
}

export function toChapterAccountDto(
  account: Chapter,
  counts: { eventCount: number; memberCount: number },
): ChapterAccountDto {
  return {
    _id: account.id,
    name: account.name,
    email: account.email,
    phone: account.phone,
    slug: account.slug,
    createdAt: account.createdAt.toISOString(),
    ...counts,
  }
}

/** `userInfo` of docs/decisions/010-one-accounts-table.md. */
export type UserInfo = { email: string; isAdmin: boolean; name: string; slug: string }

/**
 * An officer answers as their chapter (its name and slug), so the console and clients of the old shared
 * chapter account keep working; an administrator answers with their own name and a slug of it.
 */
export function toUserInfo(person: User, chapter: Chapter | null): UserInfo {
  if (chapter) return { email: person.email, isAdmin: false, name: chapter.name, slug: chapter.slug }
  return {
    email: person.email,
    isAdmin: person.role === 'admin',
    name: person.name,
    slug: slugify(person.name),
  }
}

/** The landing page's chapter (docs/product.md#entities): its info, its slug, and `chapterId` with the account's name and email. */
export type ChapterLandingDto = {
  chapter: Omit<ChapterInfoDto, '_id'> & {
    _id: string | null
    slug: string
    chapterId: { _id: string; name: string; email: string }
  }
  events: EventDto[]
  excom: ExcomMemberDto[]
}

/** One hit of the console's search (GET /api/search), with the console page that shows it. */
export type SearchResultDto = {
  kind: 'event' | 'chapter' | 'message' | 'member' | 'person' | 'certificate' | 'attendee'
  id: string
  title: string
  detail: string
  href: string
}

/** A person as the Officers and Administrators pages list them. Never the password hash. */
export type PersonDto = {
  _id: string
  name: string
  email: string
  role: 'admin' | 'officer'
  disabled: boolean
  lastSignInAt: string | null
  createdAt: string
  /** The caller themselves. */
  isYou: boolean
}

export function toPersonDto(person: User, callerId: string): PersonDto {
  return {
    _id: person.id,
    name: person.name,
    email: person.email,
    role: person.role,
    disabled: person.disabled,
    lastSignInAt: person.lastSignInAt?.toISOString() ?? null,
    createdAt: person.createdAt.toISOString(),
    isYou: person.id === callerId,
  }
}

/** A pending invitation as listed (its link is shown once, when it is made: only the token's hash is kept). */
export type InvitationDto = {
  _id: string
  email: string
  role: 'admin' | 'officer'
  invitedBy: string
  createdAt: string
  expiresAt: string
}

export function toInvitationDto(invitation: Invitation): InvitationDto {
  return {
    _id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    invitedBy: invitation.invitedByName,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  }
}

/**
 * What became of an invitation's email: queued in the outbox (sent and retried from there; Settings,
 * Notifications shows it), or no mail server configured. The console shows the link either way.
 */
export type MailDelivery = 'queued' | 'not-configured'

/** What the accept page shows: who invited whom to what. */
export type InvitationPreviewDto = {
  email: string
  role: 'admin' | 'officer'
  chapter: { name: string; slug: string } | null
  invitedBy: string
  expiresAt: string
}

/** One of the caller's sessions, for the Account page. */
export type SessionDto = {
  _id: string
  browser: string
  system: string
  createdAt: string
  lastSeenAt: string
  isCurrent: boolean
}

/** A mail of the outbox as the Notifications settings show it (without its text). */
export type OutboxMailDto = {
  _id: string
  to: string
  subject: string
  attempts: number
  lastError: string | null
  status: OutboxMail['status']
  createdAt: string
  sentAt: string | null
  /** Only a pending mail has a next attempt. */
  nextAttemptAt: string | null
}

export function toOutboxMailDto(mail: OutboxMail): OutboxMailDto {
  return {
    _id: mail.id,
    to: mail.to,
    subject: mail.subject,
    attempts: mail.attempts,
    lastError: mail.lastError,
    status: mail.status,
    createdAt: mail.createdAt.toISOString(),
    sentAt: mail.sentAt?.toISOString() ?? null,
    nextAttemptAt: mail.status === 'pending' ? mail.nextAttemptAt.toISOString() : null,
  }
}

/** GET /api/settings/notifications without `success`; the settings page gets the same from its data. */
export type NotificationSettingsView = {
  notifications: { extraRecipients: string[] }
  outbox: { pending: number; failed: number; recent: OutboxMailDto[] }
  mailConfigured: boolean
}

/** An item of the trash as the API lists it: never its snapshot (which may hold password hashes). */
export type TrashItemDto = {
  _id: string
  type: TrashItemType
  itemId: string
  title: string
  chapterId: string | null
  deletedBy: string
  deletedAt: string
  /** When the periodic sweep purges it. */
  purgeAt: string
}

export function toTrashItemDto(item: TrashItem, keepMs: number): TrashItemDto {
  return {
    _id: item.id,
    type: item.type,
    itemId: item.itemId,
    title: item.title,
    chapterId: item.chapterId,
    deletedBy: item.deletedByName,
    deletedAt: item.deletedAt.toISOString(),
    purgeAt: new Date(item.deletedAt.getTime() + keepMs).toISOString(),
  }
}

/** An entry of the activity log as the API lists it. */
export type ActivityEntryDto = {
  _id: string
  at: string
  actorId: string | null
  actor: string
  action: ActivityAction
  type: ActivityItemType
  itemId: string | null
  itemTitle: string
  chapterId: string | null
  details: Record<string, unknown> | null
  /** The console page of the item while it still exists and the caller may edit it; the list sets it. */
  itemHref?: string | null
}

export function toActivityEntryDto(entry: ActivityEntry): ActivityEntryDto {
  return {
    _id: entry.id,
    at: entry.at.toISOString(),
    actorId: entry.actorId,
    actor: entry.actorName,
    action: entry.action,
    type: entry.type,
    itemId: entry.itemId,
    itemTitle: entry.itemTitle,
    chapterId: entry.chapterId,
    details: entry.details ? (JSON.parse(entry.details) as Record<string, unknown>) : null,
  }
}

/** An event's registration settings as the API and the console's form hold them (docs/product.md#registration). */
export type RegistrationSettingsDto = RegistrationSettingsInput

/** GET /api/events/{id}, and the answers of POST and PUT: the event with its registration and seats left. */
export type EventWithRegistrationDto = EventDto & {
  registration: RegistrationSettingsDto
  /** Seats left with registration on this site and a capacity; null when unlimited or off. */
  seatsLeft: number | null
}

/** A row of the Attendees page (GET /api/events/{id}/registrations): never the manage link. */
export type AttendeeDto = {
  _id: string
  status: RegistrationStatus
  /** The place in the waiting line while waiting, else null. */
  position: number | null
  name: string
  email: string
  phone: string
  answers: Record<string, string | boolean>
  paymentMethod: PaymentMethod | null
  transactionId: string | null
  /** Until when an offered seat is held. */
  offerExpiresAt: string | null
  cancelReason: CancelReason | null
  createdAt: string
  confirmedAt: string | null
  cancelledAt: string | null
  /** When they were let in at the door, and by whom (an officer's name or a door link's label); else null. */
  checkedInAt: string | null
  checkedInBy: string | null
  /** Grows with each re-issued ticket: older codes are refused. */
  ticketVersion: number
}

/** A registration as its manage link shows it (GET /api/registrations/{token}). */
export type RegistrationDto = AttendeeDto & {
  /** An offer whose hold has run out. */
  offerExpired: boolean
  event: Pick<EventDto, '_id' | 'title' | 'eventDate' | 'startTime' | 'endTime' | 'location'>
  manageUrl: string
  /** The attendee's own calendar file. */
  calendarUrl: string
}

export function toRegistrationDto(
  registration: Registration,
  extra: {
    event: Event
    position: number | null
    offerExpired: boolean
    manageUrl: string
  },
): RegistrationDto {
  return {
    ...toAttendeeDto({ ...registration, place: extra.position }),
    offerExpired: extra.offerExpired,
    event: {
      _id: extra.event.id,
      title: extra.event.title,
      eventDate: extra.event.eventDate,
      startTime: extra.event.startTime,
      endTime: extra.event.endTime,
      location: extra.event.location,
    },
    manageUrl: extra.manageUrl,
    calendarUrl: `${extra.manageUrl}/calendar.ics`,
  }
}

export function toAttendeeDto(registration: Registration & { place: number | null }): AttendeeDto {
  return {
    _id: registration.id,
    status: registration.status,
    position: registration.place,
    name: registration.name,
    email: registration.email,
    phone: registration.phone,
    answers: JSON.parse(registration.answers) as Record<string, string | boolean>,
    paymentMethod: registration.paymentMethod,
    transactionId: registration.transactionId,
    offerExpiresAt: registration.offerExpiresAt?.toISOString() ?? null,
    cancelReason: registration.cancelReason,
    createdAt: registration.createdAt.toISOString(),
    confirmedAt: registration.confirmedAt?.toISOString() ?? null,
    cancelledAt: registration.cancelledAt?.toISOString() ?? null,
    checkedInAt: registration.checkedInAt?.toISOString() ?? null,
    checkedInBy: registration.checkedInBy,
    ticketVersion: registration.ticketVersion,
  }
}

/** A certificate template as the console gets it. */
export type CertificateTemplateDto = {
  _id: string
  name: string
  /** Null: site-wide, usable by every chapter. */
  chapterId: string | null
  design: CertificateDesign
  /** Whether the caller may change or delete it. */
  editable: boolean
  updatedAt: string
}

export function toCertificateTemplateDto(
  template: CertificateTemplate,
  design: CertificateDesign,
  editable: boolean,
): CertificateTemplateDto {
  return {
    _id: template.id,
    name: template.name,
    chapterId: template.chapterId,
    design,
    editable,
    updatedAt: template.updatedAt.toISOString(),
  }
}

/** What anyone may learn of a certificate: what it shows, and whether it still holds. */
export type PublicCertificateDto = {
  status: 'valid' | 'revoked'
  name: string
  role: CertificateRole
  /** A winner's place, when given. */
  place?: string
  event: string
  date: string
  chapter: string
}

export function toPublicCertificateDto(certificate: Certificate): PublicCertificateDto {
  return {
    status: certificate.revokedAt ? 'revoked' : 'valid',
    name: certificate.name,
    role: certificate.role,
    ...(certificate.place ? { place: certificate.place } : {}),
    event: certificate.eventTitle,
    date: certificate.eventDate,
    chapter: certificate.chapterName,
  }
}

/** An issued certificate in the console's list of an event's certificates. */
export type IssuedCertificateDto = PublicCertificateDto & {
  serial: string
  registrationId: string | null
  issuedAt: string
  revokedAt: string | null
}

export function toIssuedCertificateDto(certificate: Certificate, serial: string): IssuedCertificateDto {
  return {
    ...toPublicCertificateDto(certificate),
    serial,
    registrationId: certificate.registrationId,
    issuedAt: certificate.issuedAt.toISOString(),
    revokedAt: certificate.revokedAt?.toISOString() ?? null,
  }
}

/** A post's public address (docs/decisions/100-posts.md). */
export const postPath = (post: Pick<Post, 'slug'>) => `/blogs/${post.slug}`

/** A post as the API answers it and the console's editor starts from. */
export type PostDto = {
  _id: string
  title: string
  slug: string
  path: string
  summary: string
  body: string
  banner: string
  author: string
  chapterSlug: string | null
  status: Post['status']
  publishAt: string | null
  publishedAt: string | null
  submittedAt: string | null
  updatedAt: string
}

export function toPostDto(post: Post, chapterSlug: string | null): PostDto {
  return {
    _id: post.id,
    title: post.title,
    slug: post.slug,
    path: postPath(post),
    summary: post.summary,
    body: post.body,
    banner: post.banner,
    author: post.authorName,
    chapterSlug,
    status: post.status,
    publishAt: post.publishAt?.toISOString() ?? null,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    submittedAt: post.submittedAt?.toISOString() ?? null,
    updatedAt: post.updatedAt.toISOString(),
  }
}

/**
 * A revision as every item's list of revisions answers it (posts, committees, the site's texts): who saved
 * it (a person's name, or `System`, `Scheduler`, `content/` for saves of the site itself) and when. The
 * snapshot stays on the server.
 */
export type RevisionDto = { _id: string; number: number; authorName: string; savedAt: string }

export const toRevisionDto = (
  revision: Pick<Revision, 'id' | 'number' | 'authorName' | 'savedAt'>,
): RevisionDto => ({
  _id: revision.id,
  number: revision.number,
  authorName: revision.authorName,
  savedAt: revision.savedAt.toISOString(),
})
