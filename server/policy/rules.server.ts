import type { CertificateTemplate, Event, Invitation, Post, TrashItem, User } from '#db/schema'
import type { Administrator, CheckInPrincipal, DoorVolunteer, Officer, Principal } from './principal.server'

/**
 * Every rule of who may do what (docs/decisions/013-permissions-on-the-server.md), each a function of the
 * principal and, where it depends on one, the resource. Routers ask them through requirePermission
 * (server/policy/require.server.ts), console pages' data through requirePagePermission
 * (pages/dashboard/guard.server.ts), and both read the same table below.
 */

export const isAdmin = (principal: Principal): principal is Administrator => principal.role === 'admin'

export const isOfficer = (principal: Principal): principal is Officer => principal.role === 'officer'

/**
 * The chapter whose records the principal's lists show (events, committee, trash, activity, search): an
 * officer's own; undefined for an administrator, who sees every chapter's.
 */
export const chapterScopeOf = (principal: Principal): string | undefined => principal.chapterId ?? undefined

/** Events: an officer of the chapter that owns one, or any administrator. */
export function canChangeEvent(principal: Principal, event: Pick<Event, 'ownerId'>): boolean {
  return isAdmin(principal) || (event.ownerId !== null && event.ownerId === principal.chapterId)
}

/**
 * An event's door (check-ins, the roster, the door's search): whoever may change the event, or a door link
 * of that very event (docs/decisions/080-door-links.md). Door links themselves are managed only by those who
 * may change the event.
 */
export function canCheckInAt(principal: CheckInPrincipal, event: Pick<Event, 'id' | 'ownerId'>): boolean {
  if (isDoorVolunteer(principal)) return principal.eventId === event.id
  return canChangeEvent(principal, event)
}

export const isDoorVolunteer = (principal: CheckInPrincipal): principal is DoorVolunteer =>
  principal.role === 'door'

/**
 * Who hosts an event (its owner): an administrator may give it to any chapter or to the branch (null), an
 * officer only to their own chapter.
 */
export function canHostEventAt(principal: Principal, chapterId: string | null): boolean {
  return isAdmin(principal) || (chapterId !== null && chapterId === principal.chapterId)
}

/**
 * Attendance reports of a chapter's events: its officers and the administrators; every chapter's at once
 * (`chapterId` null) only the administrators.
 */
export function canReportOnChapter(principal: Principal, chapterId: string | null): boolean {
  return isAdmin(principal) || (chapterId !== null && chapterId === principal.chapterId)
}

/** Committee members and chapter info: only the officers of the chapter they belong to. */
export function ownsChapterRecord(principal: Principal, record: { chapterId: string }): boolean {
  return isOfficer(principal) && record.chapterId === principal.chapterId
}

/** The trash: administrators restore anything; officers what belongs to their chapter (never a chapter itself). */
export function canRestore(principal: Principal, item: Pick<TrashItem, 'type' | 'chapterId'>): boolean {
  if (isAdmin(principal)) return true
  return item.type !== 'chapter' && item.chapterId === principal.chapterId
}

/**
 * People: an administrator manages the administrators and every chapter's officers; an officer the
 * officers of their own chapter only. `chapterId` is the person's (or group's) chapter, null for the
 * administrators.
 */
export function managesPeopleOf(principal: Principal, group: { chapterId: string | null }): boolean {
  return isAdmin(principal) || (group.chapterId !== null && group.chapterId === principal.chapterId)
}

/** An invitation is managed by whoever manages the people it would add. */
export function managesInvitation(principal: Principal, invitation: Pick<Invitation, 'role' | 'chapterId'>) {
  return managesPeopleOf(principal, invitation.role === 'admin' ? { chapterId: null } : invitation)
}

/**
 * Why the principal may not disable or remove `target` (a 409), or null when they may: the site keeps an
 * active administrator, a chapter keeps an active officer unless an administrator empties it (and invites
 * one again), and nobody disables or removes themselves. The last active person is checked first: anyone
 * else who manages them is an active peer, so only that person can ask, and the answer names the reason.
 * `otherActivePeers` counts the active people of the target's group besides the target.
 */
export function removalRefusal(
  principal: Principal,
  target: Pick<User, 'id' | 'role' | 'disabled'>,
  otherActivePeers: () => number,
): string | null {
  if (!target.disabled && otherActivePeers() === 0) {
    if (target.role === 'admin') return 'The last active administrator must stay.'
    if (!isAdmin(principal)) return 'The chapter’s last active officer must stay.'
  }
  if (target.id === principal.personId) {
    return 'You cannot disable or remove yourself; ask another officer or an administrator.'
  }
  return null
}

/** Who may be given contact messages to answer: an administrator who can sign in. */
export function takesContactMessages(person: Pick<User, 'role' | 'disabled'>): boolean {
  return person.role === 'admin' && !person.disabled
}

/**
 * Certificate templates: a chapter's own are changed by its officers and the administrators; site-wide
 * ones (chapter null) by administrators only.
 */
export function canEditCertificateTemplate(
  principal: Principal,
  template: Pick<CertificateTemplate, 'chapterId'>,
): boolean {
  return isAdmin(principal) || (template.chapterId !== null && template.chapterId === principal.chapterId)
}

/** A template is used (seen, issued with) by its chapter's officers, and a site-wide one by everybody. */
export function canUseCertificateTemplate(
  principal: Principal,
  template: Pick<CertificateTemplate, 'chapterId'>,
): boolean {
  return template.chapterId === null || canEditCertificateTemplate(principal, template)
}

/**
 * Posts (docs/decisions/100-posts.md): administrators change any; an officer only their chapter's drafts
 * (a post published, scheduled, or of another chapter or of the region is the administrators').
 */
export function canEditPost(principal: Principal, post: Pick<Post, 'chapterId' | 'status'>): boolean {
  return (
    isAdmin(principal) ||
    (post.status === 'draft' && post.chapterId !== null && post.chapterId === principal.chapterId)
  )
}

/** A post is seen by everybody once published; before, by those who may change it. */
export function canSeePost(principal: Principal | null, post: Pick<Post, 'chapterId' | 'status'>): boolean {
  return post.status === 'published' || (principal !== null && canEditPost(principal, post))
}

/**
 * The permissions routes and pages ask for by name: the rule that decides, and what a refusal (403)
 * says. A rule that needs a resource takes it as its second argument.
 */
export const permissions = {
  administer: { rule: isAdmin, refusal: 'Only an administrator may do this.' },
  'act-for-chapter': { rule: isOfficer, refusal: 'Only a chapter account may do this.' },
  /** The site's texts (home, about, contact, footer...): administrators only (decision 099). */
  'edit:site-texts': { rule: isAdmin, refusal: "Only an administrator changes the site's texts." },
  'update:event': { rule: canChangeEvent, refusal: 'You can only change your own events.' },
  'delete:event': { rule: canChangeEvent, refusal: 'You can only delete your own events.' },
  'manage:door-links': {
    rule: canChangeEvent,
    refusal: "Only the event's chapter officers and administrators manage its door links.",
  },
  'view:event-report': {
    rule: canChangeEvent,
    refusal: "Only the event's chapter officers and administrators see its report.",
  },
  'view:attendance-report': {
    rule: canReportOnChapter,
    refusal: "You can only see your own chapter's attendance.",
  },
  'manage:member': {
    rule: ownsChapterRecord,
    refusal: 'You can only manage the members of your own chapter.',
  },
  'update:chapter-info': { rule: ownsChapterRecord, refusal: 'You can only change your own chapter info.' },
  'restore:trash-item': { rule: canRestore, refusal: "You can only restore your own chapter's items." },
  'manage:person': {
    rule: managesPeopleOf,
    refusal: 'You can only manage the officers of your own chapter.',
  },
  'manage:invitation': {
    rule: managesInvitation,
    refusal: 'You can only manage the officers of your own chapter.',
  },
  'edit:certificate-template': {
    rule: canEditCertificateTemplate,
    refusal: "You can only change your own chapter's templates; site-wide ones are an administrator's.",
  },
  'use:certificate-template': {
    rule: canUseCertificateTemplate,
    refusal: "You can only use your own chapter's templates and the site-wide ones.",
  },
  'see:registrations': {
    rule: canChangeEvent,
    refusal: "Only the event's chapter officers and administrators see its registrations.",
  },
  'add-event-at': { rule: canHostEventAt, refusal: 'You can only add events to your own chapter.' },
  'move-event-to': { rule: canHostEventAt, refusal: 'You can only move events to your own chapter.' },
  'check-in': {
    rule: canCheckInAt,
    refusal: "Only the event's chapter officers, administrators and door links check attendees in.",
  },
  'check-in-with-door-link': {
    rule: (door: DoorVolunteer, event: Pick<Event, 'id'>) => door.eventId === event.id,
    refusal: 'This door link is for another event.',
  },
  /** The region's committees (docs/decisions/101-committees-by-year.md): administrators only. */
  'manage:committees': { rule: isAdmin, refusal: 'Only an administrator may change the committees.' },
  'issue:certificates': {
    rule: canChangeEvent,
    refusal: "Only the event's chapter officers and administrators issue its certificates.",
  },
  'publish:post': {
    rule: isAdmin,
    refusal:
      'Only an administrator may publish, schedule or unpublish a post; save it as a draft and submit it.',
  },
  'edit:post': { rule: canEditPost, refusal: "You can only change your own chapter's drafts." },
  'write-post-for': {
    rule: canHostEventAt,
    refusal: 'You can only write posts for your own chapter.',
  },
} satisfies Record<
  string,
  // biome-ignore lint/suspicious/noExplicitAny: each rule narrows the principal it takes (a door link's, an officer's)
  { rule: (principal: any, resource: never) => boolean; refusal: string }
>

export type Permission = keyof typeof permissions

type RuleOf<P extends Permission> = (typeof permissions)[P]['rule']

/** What a permission's rule needs besides the principal: nothing, or the resource. */
export type ResourceOf<P extends Permission> =
  Parameters<RuleOf<P>> extends [unknown, ...infer Rest] ? Rest : never

/** The principal once a permission holds: an administrator for 'administer', an officer for 'act-for-chapter'. */
export type PrincipalWith<P extends Permission> =
  // biome-ignore lint/suspicious/noExplicitAny: a type predicate's type must fit its parameter's
  RuleOf<P> extends (principal: any) => principal is infer Narrowed ? Narrowed & Principal : Principal

/** Whether the principal has the permission (for the resource). */
export function can<P extends Permission>(
  principal: Parameters<RuleOf<P>>[0],
  permission: P,
  ...resource: ResourceOf<P>
): boolean {
  const rule = permissions[permission].rule as (principal: unknown, ...resource: unknown[]) => boolean
  return rule(principal, ...resource)
}
