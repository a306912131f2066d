import { useCallback, useRef, useState } from 'react'
import { useSiteTimeZone } from '../ui/LocalTime'
import type { RosterAnswer, RosterAttendee } from './answers'
import { forgetPageOnPhone } from './offline-app'
import type { ResultPanel } from './panels'
import { queueStore, removeDeskNote, removeRoster, saveDeskNote, updateRosterAttendee } from './store'
import { type LocalRoster, localRoster } from './verdict'
import { importEventKey } from './verify'

export type Conflict = { scanId: string; name: string; checkedInAt: string; by: string | null }

/** Why the phone cannot check anyone in here any more. */
export type Blocked = 'expired' | 'not-allowed' | 'no-roster'

export type LastCheckIn = { scanId: string; registrationId: string; name: string }

/** A check-in made on this phone that the server will never take: its door link no longer works. */
export type RefusedCheckIn = { scanId: string; name: string | null; scannedAt: string }

/** Who checked in a person whose check-in the server has not answered yet. */
export const THIS_PHONE = 'this phone'

/**
 * What the door page holds and the moves every part of it makes on that: the roster (in memory and on
 * the phone's store), the counts of what waits, when the server was last heard, and stopping for good.
 * The sending, the server's sync and the scans (useDeskSending, useDeskSync, useDeskActions) act on it.
 */
export function useDeskState(eventId: string, door: boolean) {
  const timeZone = useSiteTimeZone()
  const [roster, setRoster] = useState<LocalRoster | null>(null)
  const [event, setEvent] = useState<RosterAnswer['event'] | null>(null)
  const [loading, setLoading] = useState(true)
  const [blocked, setBlocked] = useState<Blocked | null>(null)
  const [online, setOnline] = useState(true)
  const [reachable, setReachable] = useState(true)
  const [waiting, setWaiting] = useState(0)
  const [panel, setPanel] = useState<ResultPanel | null>(null)
  const [conflicts, setConflicts] = useState<Conflict[]>([])
  const [lastCheckIn, setLastCheckIn] = useState<LastCheckIn | null>(null)
  /** When the phone last heard the server: the page says it is offline since then. */
  const [contactAt, setContactAt] = useState<string | null>(null)
  /** The page is kept on the phone by its service worker: a reload without a connection opens it. */
  const [keptOnPhone, setKeptOnPhone] = useState(false)
  const [refused, setRefused] = useState<RefusedCheckIn[]>([])

  const keyRef = useRef<CryptoKey | null>(null)
  const rosterRef = useRef<LocalRoster | null>(null)
  const expiresAtRef = useRef<string | null>(null)
  /** The scan the result panel shows, so a late server answer corrects that panel and no other. */
  const shownScanRef = useRef<string | null>(null)

  const applyRoster = useCallback(
    async (answer: RosterAnswer) => {
      keyRef.current = await importEventKey(answer.publicKey)
      expiresAtRef.current = answer.expiresAt
      const local = localRoster(eventId, answer.attendees, answer.revoked, answer.cancelled)
      rosterRef.current = local
      setRoster(local)
      setEvent(answer.event)
    },
    [eventId],
  )

  /** One attendee's row changed here: in memory, on the phone's store, and in the counts. */
  const changeAttendee = useCallback(
    (attendee: RosterAttendee) => {
      const current = rosterRef.current
      if (!current) return
      const attendees = new Map(current.attendees)
      attendees.set(attendee.id, attendee)
      const next = { ...current, attendees }
      rosterRef.current = next
      setRoster(next)
      void updateRosterAttendee(eventId, attendee)
    },
    [eventId],
  )

  const heardServer = useCallback(() => {
    const now = new Date().toISOString()
    setContactAt(now)
    saveDeskNote(eventId, { contactAt: now })
  }, [eventId])

  const stopHere = useCallback(
    async (reason: Blocked) => {
      setBlocked(reason)
      rosterRef.current = null
      keyRef.current = null
      setRoster(null)
      setKeptOnPhone(false)
      await removeRoster(eventId)
      await forgetPageOnPhone(eventId)
      if (reason === 'no-roster' || !door) return
      // A door link that no longer works never will: what waits is refused, and shown, not kept.
      const waitingHere = await queueStore.waiting(eventId)
      waitingHere.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt))
      for (const item of waitingHere) await queueStore.remove(item.scanId)
      if (waitingHere.length > 0)
        setRefused((list) => [
          ...list,
          ...waitingHere.map(({ scanId, name, scannedAt }) => ({ scanId, name, scannedAt })),
        ])
      setWaiting(0)
      setLastCheckIn(null)
      removeDeskNote(eventId)
    },
    [eventId, door],
  )

  const countWaiting = useCallback(async () => {
    setWaiting((await queueStore.waiting(eventId)).length)
  }, [eventId])

  return {
    eventId,
    timeZone,
    state: {
      roster,
      event,
      loading,
      blocked,
      online,
      reachable,
      waiting,
      panel,
      conflicts,
      lastCheckIn,
      contactAt,
      keptOnPhone,
      refused,
    },
    set: {
      setLoading,
      setBlocked,
      setOnline,
      setReachable,
      setPanel,
      setConflicts,
      setLastCheckIn,
      setContactAt,
      setKeptOnPhone,
    },
    refs: { keyRef, rosterRef, expiresAtRef, shownScanRef },
    applyRoster,
    changeAttendee,
    heardServer,
    stopHere,
    countWaiting,
  }
}

export type DeskState = ReturnType<typeof useDeskState>
