import type { Account, ChapterInfo, ContactMessage, Event, ExcomMember } from './schema'

/**
 * The shapes the API and the pages hand out (spec §3, §7): field names of the old API, ids as `_id`
 * (decisions §9), dates as ISO strings. Password hashes and owner ids never leave the server this way.
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
  description: string
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
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
  }
}

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

export type ContactMessageDto = {
  _id: string
  name: string
  email: string
  message: string
  receivedAt: string
  read: boolean
}

export function toContactMessageDto(message: ContactMessage): ContactMessageDto {
  return {
    _id: message.id,
    name: message.name,
    email: message.email,
    message: message.message,
    receivedAt: message.receivedAt.toISOString(),
    read: message.read,
  }
}

/** A chapter account as the administrator sees it (spec §3 "Chapter (admin view)", without the password). */
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
  account: Account,
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

/** `userInfo` of decisions §10. */
export type UserInfo = { email: string; isAdmin: boolean; name: string; slug: string }

export function toUserInfo(account: Account): UserInfo {
  return { email: account.email, isAdmin: account.role === 'admin', name: account.name, slug: account.slug }
}

/** The landing page's chapter (spec §3): its info, its slug, and `chapterId` with the account's name and email. */
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
  kind: 'event' | 'chapter' | 'message' | 'member'
  id: string
  title: string
  detail: string
  href: string
}
