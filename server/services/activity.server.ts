import type { Queryable } from '#db/client.server'
import { type Actor, countInActivity, logActivity, withActivity } from '#db/queries/activity.server'
import type {
  Chapter,
  ChapterInfo,
  ContactMessage,
  DoorLink,
  Event,
  ExcomMember,
  Invitation,
  User,
} from '#db/schema'
import type { ActivityAction, ActivityItemType } from '#db/schema-enums'
import type { CheckInPrincipal, Principal } from '../policy/principal.server'
import { isDoorVolunteer } from '../policy/rules.server'

/**
 * The activity log as writes record themselves (docs/decisions/060-activity-log.md): who did what to which
 * item, written in the transaction of the change. Items are described once per kind (itemOf), for the log
 * and the trash alike.
 */

/** What an entry (or a trash item) is about. `chapterId` left out: the actor's chapter. */
export type Item<Type extends ActivityItemType = ActivityItemType> = {
  type: Type
  id?: string | null
  title: string
  chapterId?: string | null
}

/** Each kind of record as an item: its id, its title as people read it, the chapter it belongs to. */
export const itemOf = {
  event: (event: Pick<Event, 'id' | 'title' | 'ownerId'>) =>
    ({ type: 'event', id: event.id, title: event.title, chapterId: event.ownerId }) as const,
  member: (member: Pick<ExcomMember, 'id' | 'name' | 'chapterId'>) =>
    ({ type: 'member', id: member.id, title: member.name, chapterId: member.chapterId }) as const,
  chapter: (chapter: Pick<Chapter, 'id' | 'name'>) =>
    ({ type: 'chapter', id: chapter.id, title: chapter.name, chapterId: chapter.id }) as const,
  /** A chapter's info, titled with the chapter's name. */
  info: (info: Pick<ChapterInfo, 'id' | 'chapterId'>, chapterName: string) =>
    ({ type: 'info', id: info.id, title: chapterName, chapterId: info.chapterId }) as const,
  message: (message: Pick<ContactMessage, 'id' | 'name'>) =>
    ({ type: 'message', id: message.id, title: `Message from ${message.name}`, chapterId: null }) as const,
  person: (person: Pick<User, 'id' | 'name' | 'chapterId'>) =>
    ({ type: 'person', id: person.id, title: person.name, chapterId: person.chapterId }) as const,
  /** A door link, titled with its label and its event's title; it belongs to the event's chapter. */
  doorLink: (link: Pick<DoorLink, 'id' | 'label'>, event: Pick<Event, 'title' | 'ownerId'>) =>
    ({
      type: 'door-link',
      id: link.id,
      title: `${link.label} (${event.title})`,
      chapterId: event.ownerId,
    }) as const,
  invitation: (invitation: Pick<Invitation, 'id' | 'email' | 'chapterId'>) =>
    ({
      type: 'invitation',
      id: invitation.id,
      title: invitation.email,
      chapterId: invitation.chapterId,
    }) as const,
}

/** What was done, to which item; `details` as the log keeps them (secrets left out, texts shortened). */
export type Activity = { action: ActivityAction; item: Item; details?: Record<string, unknown> }

/** Who the trash and the activity log name for a principal. */
export const actorOf = (principal: Principal): Actor => ({
  id: principal.personId,
  name: principal.name,
  chapterId: principal.chapterId,
})

/** A person acting before any session of theirs (signing in, resetting a password, accepting an invitation). */
export const actorOfPerson = (person: User): Actor => ({
  id: person.id,
  name: person.name,
  chapterId: person.role === 'admin' ? null : person.chapterId,
})

const inputOf = (by: Principal | Actor, { action, item, details }: Activity) => ({
  actor: 'role' in by ? actorOf(by) : by,
  action,
  type: item.type,
  itemId: item.id,
  itemTitle: item.title,
  chapterId: item.chapterId,
  details,
})

/** Writes one entry; inside the transaction of the change it records, where there is one. */
export function recordActivity(db: Queryable, by: Principal | Actor, activity: Activity): void {
  logActivity(db, inputOf(by, activity))
}

/** Who the log names for whoever acts at a door: the person, or the door link by its label. */
export const actorAtDoor = (principal: CheckInPrincipal, chapterId: string | null): Actor =>
  isDoorVolunteer(principal)
    ? { id: null, name: `Door link “${principal.name}”`, chapterId }
    : actorOf(principal)

/** How long check-ins by one person at one event are counted in one entry of the log. */
const CHECK_INS_PER_ENTRY_MS = 10 * 60 * 1000

/**
 * Counts a check-in in the log: one entry per person (or door link) and event per ten minutes, with how
 * many they let in, so a door's burst writes a handful of entries, not one per ticket.
 */
export function recordCheckIn(
  db: Queryable,
  principal: CheckInPrincipal,
  event: Pick<Event, 'id' | 'title' | 'ownerId'>,
  now: Date,
): void {
  countInActivity(
    db,
    {
      ...inputOf(actorAtDoor(principal, event.ownerId), { action: 'check-in', item: itemOf.event(event) }),
      now,
    },
    CHECK_INS_PER_ENTRY_MS,
  )
}

/**
 * Runs a change and records it in one transaction: a change that fails leaves no entry. `describe` sees
 * the change's result; undefined records nothing (the row was gone meanwhile).
 */
export function recordChange<Result>(
  db: Queryable,
  by: Principal | Actor,
  change: (tx: Queryable) => Result,
  describe: (result: Result) => Activity | undefined,
): Result {
  return withActivity(db, change, (result) => {
    const activity = describe(result)
    return activity && inputOf(by, activity)
  })
}
