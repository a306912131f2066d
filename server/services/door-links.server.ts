import { randomBytes, randomInt, scryptSync, timingSafeEqual } from 'node:crypto'
import type { Database } from '#db/client.server'
import { eventTimes, localDateOf, localToInstant } from '#db/clock'
import {
  findDoorLink,
  findDoorLinkByTokenHash,
  insertDoorLink,
  listDoorLinks,
  updateDoorLink,
} from '#db/queries/check-ins.server'
import { findEventById } from '#db/queries/events.server'
import type { DoorLink, Event } from '#db/schema'
import { doorLinkIsLive } from '../auth/door-access.server'
import { hashToken, newOneTimeToken } from '../auth/one-time-tokens.server'
import type { Clock } from '../context.server'
import { ApiError } from '../errors.server'
import type { Principal } from '../policy/principal.server'
import { itemOf, recordChange } from './activity.server'

/** Wrong PINs in a row that lock a door link, and for how long. */
export const DOOR_PIN_ATTEMPTS = 5
export const DOOR_PIN_LOCK_MS = 15 * 60 * 1000

const DAY_MS = 24 * 60 * 60 * 1000

/** A door link as officers see it in its list: never its token or PIN. */
export type DoorLinkDto = {
  id: string
  label: string
  createdBy: string
  createdAt: string
  /** When it starts letting anyone in: 24 hours before the event's start. */
  opensAt: string
  expiresAt: string
  revokedAt: string | null
  lastUsedAt: string | null
  /** Neither revoked nor expired. */
  active: boolean
}

const iso = (date: Date | null) => date?.toISOString() ?? null

/** What opening a door link with a PIN came to. */
export type DoorOpening =
  | { outcome: 'open'; link: DoorLink }
  | { outcome: 'wrong-pin'; attemptsLeft: number }
  | { outcome: 'locked'; until: Date }
  | { outcome: 'not-yet'; opensAt: Date }
  | { outcome: 'expired' | 'revoked' | 'not-found' }

export type DoorLinks = ReturnType<typeof createDoorLinks>

/**
 * Door links (docs/decisions/080-door-links.md): a link and a PIN that let a volunteer without an account
 * check attendees in at one event from 24 hours before its start until the end of its day. The token and the PIN are shown once; the
 * database keeps the token's SHA-256 and the PIN's scrypt hash.
 */
export function createDoorLinks({
  db,
  publicUrl,
  timeZone,
  clock,
}: {
  db: Database
  publicUrl: string
  timeZone: string
  clock: Clock
}) {
  /** When the link's event lets its door links in (its start moved, the opening moves with it). */
  const opensAtOf = (link: DoorLink): number => {
    const event = findEventById(db, link.eventId)
    return event ? doorLinkOpening(event, timeZone) : link.expiresAt.getTime()
  }

  const dtoOf = (link: DoorLink): DoorLinkDto => ({
    id: link.id,
    label: link.label,
    createdBy: link.createdByName,
    createdAt: link.createdAt.toISOString(),
    opensAt: new Date(opensAtOf(link)).toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: iso(link.revokedAt),
    lastUsedAt: iso(link.lastUsedAt),
    active: doorLinkIsLive(link, clock()),
  })

  /** The link's state before a PIN is asked for (the door page says so at once). */
  const stateOf = (link: DoorLink | undefined, now: number) => {
    if (!link) return 'not-found' as const
    if (link.revokedAt) return 'revoked' as const
    if (link.expiresAt.getTime() <= now) return 'expired' as const
    if (now < opensAtOf(link)) return 'not-yet' as const
    if (link.lockedUntil && link.lockedUntil.getTime() > now) return 'locked' as const
    return 'open' as const
  }

  return {
    /** A new door link: its URL and PIN are in this answer only. */
    create: (event: Event, principal: Principal, label: string) => {
      const now = clock()
      const expiresAt = doorLinkExpiry(event, timeZone)
      if (expiresAt <= now)
        throw new ApiError(409, 'The event is over: door links work until the end of its day.')
      const { token, hash } = newOneTimeToken()
      const pin = String(randomInt(0, 1_000_000)).padStart(6, '0')
      const link = recordChange(
        db,
        principal,
        (tx) =>
          insertDoorLink(tx, {
            eventId: event.id,
            label,
            tokenHash: hash,
            pinHash: hashPin(pin),
            createdById: principal.personId,
            createdByName: principal.name,
            expiresAt: new Date(expiresAt),
            createdAt: new Date(now),
          }),
        (created) => ({ action: 'create', item: itemOf.doorLink(created, event) }),
      )
      return { ...dtoOf(link), url: `${publicUrl}/door/${token}`, pin }
    },

    list: (eventId: string) => listDoorLinks(db, eventId).map(dtoOf),

    /** Revokes a link of the event: whoever holds it is out at their next request. */
    revoke: (event: Pick<Event, 'id' | 'title' | 'ownerId'>, principal: Principal, linkId: string) => {
      const link = findDoorLink(db, linkId)
      if (!link || link.eventId !== event.id) throw new ApiError(404, 'Door link not found.')
      if (!link.revokedAt) {
        recordChange(
          db,
          principal,
          (tx) => updateDoorLink(tx, link.id, { revokedAt: new Date(clock()) }),
          () => ({ action: 'revoke', item: itemOf.doorLink(link, event) }),
        )
      }
      return dtoOf({ ...link, revokedAt: link.revokedAt ?? new Date(clock()) })
    },

    /** The link of a token, and whether it asks for a PIN now (the door page's first look). */
    find: (token: string) => {
      const link = findDoorLinkByTokenHash(db, hashToken(token))
      return { link, state: stateOf(link, clock()), opensAt: link ? new Date(opensAtOf(link)) : undefined }
    },

    /** The PIN typed at the door: the link when it is right; wrong PINs lock the link for a while. */
    open: (token: string, pin: string): DoorOpening => {
      const now = clock()
      return db.transaction((): DoorOpening => {
        const link = findDoorLinkByTokenHash(db, hashToken(token))
        const state = stateOf(link, now)
        if (!link || state === 'not-found') return { outcome: 'not-found' }
        if (state === 'revoked' || state === 'expired') return { outcome: state }
        // Before the opening no PIN is tried (nor counted): the link lets nobody in yet.
        if (state === 'not-yet') return { outcome: 'not-yet', opensAt: new Date(opensAtOf(link)) }
        if (state === 'locked' && link.lockedUntil) return { outcome: 'locked', until: link.lockedUntil }
        if (pinMatches(pin, link.pinHash)) {
          updateDoorLink(db, link.id, { failedPins: 0, lockedUntil: null, lastUsedAt: new Date(now) })
          return { outcome: 'open', link }
        }
        const failed = link.failedPins + 1
        if (failed >= DOOR_PIN_ATTEMPTS) {
          const until = new Date(now + DOOR_PIN_LOCK_MS)
          updateDoorLink(db, link.id, { failedPins: 0, lockedUntil: until })
          return { outcome: 'locked', until }
        }
        updateDoorLink(db, link.id, { failedPins: failed })
        return { outcome: 'wrong-pin', attemptsLeft: DOOR_PIN_ATTEMPTS - failed }
      })
    },
  }
}

/**
 * When an event's door links start letting anyone in: 24 hours before its start
 * (docs/decisions/089-door-link-window.md). A link made weeks ahead gives nothing until then, and its cookie
 * lives at most from then to the end of the event's day.
 */
export function doorLinkOpening(
  event: Pick<Event, 'eventDate' | 'startTime' | 'endTime'>,
  timeZone: string,
): number {
  return eventTimes(event, timeZone).start - DAY_MS
}

/**
 * When an event's door links stop working: the end of the event's day in the site's time zone, or its
 * end when it runs past midnight.
 */
export function doorLinkExpiry(
  event: Pick<Event, 'eventDate' | 'startTime' | 'endTime'>,
  timeZone: string,
): number {
  const dayAfter = localDateOf(localToInstant(event.eventDate, '12:00', timeZone) + DAY_MS, timeZone)
  return Math.max(localToInstant(dayAfter, '00:00', timeZone), eventTimes(event, timeZone).end)
}

function hashPin(pin: string): string {
  const salt = randomBytes(16)
  return `${salt.toString('hex')}:${scryptSync(pin, salt, 32).toString('hex')}`
}

function pinMatches(pin: string, stored: string): boolean {
  const [salt = '', hash = ''] = stored.split(':')
  const given = scryptSync(pin, Buffer.from(salt, 'hex'), 32)
  const expected = Buffer.from(hash, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
