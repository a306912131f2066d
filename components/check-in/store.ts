import { type DBSchema, type IDBPDatabase, openDB } from 'idb'
import type { RosterAnswer, RosterAttendee } from './answers'
import type { QueuedCheckIn, QueueStore } from './queue'

/**
 * What the door phone keeps in IndexedDB (docs/decisions/082-check-in-on-the-device.md): per event, the
 * roster as last fetched (its public key, attendees and revoked registrations) with the check-ins made
 * here since, and the queue of check-ins the server has not answered yet. The roster is removed when
 * its door link expires or the server refuses this phone (401, 403).
 */

export type StoredRoster = RosterAnswer & { eventId: string; savedAt: string }

interface CheckInDatabase extends DBSchema {
  rosters: { key: string; value: StoredRoster }
  queue: { key: string; value: QueuedCheckIn; indexes: { byEvent: string } }
}

const DATABASE = 'check-in'

let opened: Promise<IDBPDatabase<CheckInDatabase>> | null = null

function database(): Promise<IDBPDatabase<CheckInDatabase>> {
  opened ??= openDB<CheckInDatabase>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore('rosters', { keyPath: 'eventId' })
      db.createObjectStore('queue', { keyPath: 'scanId' }).createIndex('byEvent', 'eventId')
    },
  })
  return opened
}

export async function saveRoster(eventId: string, roster: RosterAnswer, now = new Date()): Promise<void> {
  await (await database()).put('rosters', { ...roster, eventId, savedAt: now.toISOString() })
}

/** The stored roster, or null when there is none or its door link has expired (then it is removed). */
export async function loadRoster(eventId: string, now = new Date()): Promise<StoredRoster | null> {
  const roster = (await (await database()).get('rosters', eventId)) ?? null
  if (roster && rosterExpired(roster, now)) {
    await removeRoster(eventId)
    return null
  }
  return roster
}

export function rosterExpired(roster: Pick<RosterAnswer, 'expiresAt'>, now = new Date()): boolean {
  return roster.expiresAt !== null && Date.parse(roster.expiresAt) <= now.getTime()
}

export async function removeRoster(eventId: string): Promise<void> {
  await (await database()).delete('rosters', eventId)
}

/** One attendee's row changed on this phone (checked in, or undone), so a reload offline shows it too. */
export async function updateRosterAttendee(eventId: string, attendee: RosterAttendee): Promise<void> {
  const db = await database()
  const transaction = db.transaction('rosters', 'readwrite')
  const roster = await transaction.store.get(eventId)
  if (roster) {
    const attendees = roster.attendees.map((row) => (row.id === attendee.id ? attendee : row))
    if (!attendees.some((row) => row.id === attendee.id)) attendees.push(attendee)
    await transaction.store.put({ ...roster, attendees })
  }
  await transaction.done
}

export async function enqueue(item: QueuedCheckIn): Promise<void> {
  await (await database()).put('queue', item)
}

export const queueStore: QueueStore = {
  waiting: async (eventId) => (await database()).getAllFromIndex('queue', 'byEvent', eventId),
  remove: async (scanId) => {
    await (await database()).delete('queue', scanId)
  },
}

/**
 * What the page last knew of the door beyond its roster, kept in localStorage so a reload (offline too)
 * shows the same: when the phone last heard the server ("offline since"). No names, no contacts. The
 * counts come from the stored roster.
 */
export type DeskNote = { contactAt?: string }

const noteKey = (eventId: string) => `check-in:${eventId}`

export function loadDeskNote(eventId: string): DeskNote {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(noteKey(eventId)) ?? '{}')
    return value && typeof value === 'object' ? (value as DeskNote) : {}
  } catch {
    return {}
  }
}

export function saveDeskNote(eventId: string, change: DeskNote): void {
  try {
    localStorage.setItem(noteKey(eventId), JSON.stringify({ ...loadDeskNote(eventId), ...change }))
  } catch {
    // Storage full or refused: the page works on without it.
  }
}

export function removeDeskNote(eventId: string): void {
  try {
    localStorage.removeItem(noteKey(eventId))
  } catch {
    // Nothing kept.
  }
}
