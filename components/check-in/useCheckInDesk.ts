import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { splitTicketCode, ticketCodeFromScan } from '#components/shared/ticket-code'
import { formatTimeOfDay } from '../shared/dates'
import { useSiteTimeZone } from '../ui/LocalTime'
import type { OtherRegistration, RosterAnswer, RosterAttendee } from './answers'
import { fetchRoster, fetchSummary, searchAttendees, sendCheckIn, undoCheckIn } from './client'
import { forgetPageOnPhone, keepPageOnPhone } from './offline-app'
import { flushQueue, type QueuedCheckIn, registrationOf, type SendOutcome } from './queue'
import { beep } from './sound'
import {
  enqueue,
  loadDeskNote,
  loadRoster,
  queueStore,
  removeDeskNote,
  removeRoster,
  rosterExpired,
  saveDeskNote,
  saveRoster,
  updateRosterAttendee,
} from './store'
import { type LocalRoster, localRoster, REFUSALS, verdictFor } from './verdict'
import { importEventKey, verifyTicketSignature } from './verify'

/**
 * The door page's state and actions: the roster kept on the phone, each scan answered on the device at
 * once and then sent through the queue, the server's answers folded back in, the counts, undo and search
 * (docs/decisions/082-check-in-on-the-device.md). The page only renders what this holds.
 */

export type ResultPanel = {
  tone: 'admit' | 'already' | 'refuse' | 'neutral'
  title: string
  detail?: string
  /** What the volunteer can do about it: check the person in on the registration they hold now. */
  action?: { registrationId: string; name: string }
}

export type Conflict = { scanId: string; name: string; checkedInAt: string; by: string | null }

export type SearchResult = {
  id: string
  name: string
  status: string
  checkedInAt: string | null
  checkedInBy: string | null
}

/** Why the phone cannot check anyone in here any more. */
export type Blocked = 'expired' | 'not-allowed' | 'no-roster'

type LastCheckIn = { scanId: string; registrationId: string; name: string }

/** A check-in made on this phone that the server will never take: its door link no longer works. */
export type RefusedCheckIn = { scanId: string; name: string | null; scannedAt: string }

const SUMMARY_POLL_MS = 5000
const ROSTER_REFRESH_MS = 60_000
const RETRY_MS = 10_000

/** A scan's id: a v4 UUID, also where randomUUID is missing (a phone on plain http in the hall's network). */
export function newScanId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** "Already checked in at 10:42 by Rafi": the time of day in the site's time zone, as the venue's clocks read. */
export const alreadyText = (checkedInAt: string, by: string | null, timeZone: string) =>
  `Already checked in at ${formatTimeOfDay(checkedInAt, timeZone)}${by ? ` by ${by}` : ''}`

const THIS_PHONE = 'this phone'

/** A registration that does not admit anyone yet, as the door says it. */
const WAITING_STATUS: Record<string, string> = {
  pending: 'waiting for approval or payment',
  offered: 'offered a seat, not taken yet',
  waitlisted: 'on the waiting list',
}

/**
 * The answer to a cancelled ticket: whose it was and the registration that person holds now, so a
 * volunteer never turns away someone who registered again (`current`: the phone's own row of that
 * registration, fresher than the answer's).
 */
export function cancelledPanel(
  name: string | null,
  other: OtherRegistration | null,
  current: RosterAttendee | undefined,
  timeZone: string,
): ResultPanel {
  if (name === null) return { tone: 'refuse', title: REFUSALS.cancelled }
  if (!other)
    return {
      tone: 'refuse',
      title: REFUSALS.cancelled,
      detail: `${name}: no other registration for this event`,
    }
  if (other.status !== 'confirmed')
    return {
      tone: 'refuse',
      title: REFUSALS.cancelled,
      detail: `${name} registered again: ${WAITING_STATUS[other.status] ?? other.status}, not confirmed`,
    }
  const title = `Cancelled ticket: ${other.name} holds a confirmed registration`
  const checkedInAt = current ? current.checkedInAt : other.checkedInAt
  const by = current ? current.checkedInBy : other.checkedInBy
  if (checkedInAt) return { tone: 'already', title, detail: alreadyText(checkedInAt, by, timeZone) }
  return {
    tone: 'already',
    title,
    detail: 'Not checked in yet on it',
    action: { registrationId: other.id, name: other.name },
  }
}

/**
 * `door`: the page is a door link's (no account). When such a link stops working, the check-ins still
 * waiting on the phone are refused and shown as such; an officer's stay until they sign in again.
 */
export function useCheckInDesk(eventId: string, { door }: { door: boolean }) {
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
  const flushingRef = useRef<Promise<void> | null>(null)

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

  const onOutcome = useCallback(
    (item: QueuedCheckIn, outcome: SendOutcome) => {
      const shown = shownScanRef.current === item.scanId
      if (outcome.kind !== 'unreachable') heardServer()
      if (outcome.kind === 'checked-in' || outcome.kind === 'already') {
        const { attendee, checkedInAt, by } = outcome.answer
        const known = rosterRef.current?.attendees.get(attendee.id)
        changeAttendee({
          id: attendee.id,
          name: attendee.name,
          ticketVersion: known?.ticketVersion ?? 1,
          checkedInAt,
          checkedInBy: by,
        })
        if (outcome.kind === 'already') {
          // The server's word: made offline, before another door's check-in reached it.
          if (outcome.answer.conflict === true)
            setConflicts((list) => [...list, { scanId: item.scanId, name: attendee.name, checkedInAt, by }])
          if (shown) {
            setPanel({
              tone: 'already',
              title: alreadyText(checkedInAt, by, timeZone),
              detail: attendee.name,
            })
            beep('already')
          }
          setLastCheckIn((last) => (last?.scanId === item.scanId ? null : last))
        }
        if (outcome.kind === 'checked-in' && shown) {
          setPanel({ tone: 'admit', title: `Checked in: ${attendee.name}` })
          if (!known?.checkedInAt)
            setLastCheckIn({ scanId: item.scanId, registrationId: attendee.id, name: attendee.name })
        }
      } else if (outcome.kind === 'refused') {
        const registrationId = registrationOf(item.ticket)
        const known = registrationId ? rosterRef.current?.attendees.get(registrationId) : undefined
        if (known?.checkedInAt && known.checkedInBy === THIS_PHONE) {
          changeAttendee({ ...known, checkedInAt: null, checkedInBy: null })
        }
        setLastCheckIn((last) => (last?.scanId === item.scanId ? null : last))
        if (shown) {
          const { cancelled } = outcome
          const panel = cancelled
            ? cancelledPanel(
                cancelled.name,
                cancelled.otherRegistration,
                cancelled.otherRegistration
                  ? rosterRef.current?.attendees.get(cancelled.otherRegistration.id)
                  : undefined,
                timeZone,
              )
            : { tone: 'refuse' as const, title: outcome.message, detail: item.name ?? undefined }
          setPanel(panel)
          beep(panel.tone === 'already' ? 'already' : 'refuse')
        }
      } else if (outcome.kind === 'not-allowed') {
        void stopHere('not-allowed')
      }
    },
    [changeAttendee, stopHere, heardServer, timeZone],
  )

  const flush = useCallback(async () => {
    if (flushingRef.current) return flushingRef.current
    const run = (async () => {
      const result = await flushQueue(eventId, queueStore, sendCheckIn, onOutcome)
      setReachable(result !== 'unreachable')
      await countWaiting()
    })()
    flushingRef.current = run
    try {
      await run
    } finally {
      flushingRef.current = null
    }
  }, [eventId, onOutcome, countWaiting])

  const refreshRoster = useCallback(async () => {
    const answer = await fetchRoster(eventId)
    if (answer.kind === 'ok') {
      heardServer()
      if (rosterExpired(answer.value)) return stopHere('expired')
      // Check-ins made here and not yet answered stay checked in on the fresh roster.
      const unsent = new Set((await queueStore.waiting(eventId)).map((item) => registrationOf(item.ticket)))
      const current = rosterRef.current?.attendees
      const merged = {
        ...answer.value,
        attendees: answer.value.attendees.map((row) => {
          const mine = current?.get(row.id)
          return !row.checkedInAt && mine?.checkedInAt && unsent.has(row.id) ? mine : row
        }),
      }
      await saveRoster(eventId, merged)
      await applyRoster(merged)
      setReachable(true)
    } else if (answer.kind === 'not-allowed') {
      await stopHere('not-allowed')
    } else {
      setReachable(false)
    }
  }, [eventId, applyRoster, stopHere, heardServer])

  const refreshSummary = useCallback(async () => {
    const answer = await fetchSummary(eventId)
    if (answer.kind === 'ok') {
      heardServer()
      // The server knows of check-ins (another door's, an officer's) or people this roster lacks: the
      // roster is fetched again. Counts are never added up from two sources, which counted a check-in
      // twice when its answer and a summary crossed.
      const current = rosterRef.current
      const unsent = new Set((await queueStore.waiting(eventId)).map((item) => registrationOf(item.ticket)))
      const here = current ? localCounts(current, unsent) : null
      if (
        !here ||
        answer.value.checkedIn > here.checkedInKnownToServer ||
        answer.value.confirmed !== here.confirmed
      )
        await refreshRoster()
    } else if (answer.kind === 'not-allowed') void stopHere('not-allowed')
  }, [eventId, stopHere, refreshRoster, heardServer])

  // The stored roster first (at once, and offline), then the server's.
  useEffect(() => {
    let cancelled = false
    setOnline(navigator.onLine)
    // When the server was last heard, as before a reload (the counts come from the stored roster).
    const note = loadDeskNote(eventId)
    setContactAt(note.contactAt ?? null)
    if (navigator.serviceWorker?.controller) setKeptOnPhone(true)
    void (async () => {
      const stored = await loadRoster(eventId)
      if (cancelled) return
      if (stored) await applyRoster(stored)
      await countWaiting()
      if (navigator.onLine) {
        await refreshRoster()
        await flush()
        await refreshSummary()
      }
      if (cancelled) return
      setLoading(false)
      if (!rosterRef.current) setBlocked((blocked) => blocked ?? 'no-roster')
      // Opened with a connection and a roster: keep the page on the phone for a start without one.
      else if (navigator.onLine && rosterRef.current) {
        const kept = await keepPageOnPhone(eventId)
        if (!cancelled && rosterRef.current) setKeptOnPhone(kept)
      }
    })()
    return () => {
      cancelled = true
    }
  }, [eventId, applyRoster, countWaiting, refreshRoster, flush, refreshSummary])

  // Back online: send what waits, then fresh counts and roster. Offline: say so.
  useEffect(() => {
    const goOnline = () => {
      setOnline(true)
      void flush().then(async () => {
        await refreshSummary()
        await refreshRoster()
        setBlocked((blocked) => (blocked === 'no-roster' && rosterRef.current ? null : blocked))
      })
    }
    const goOffline = () => setOnline(false)
    window.addEventListener('online', goOnline)
    window.addEventListener('offline', goOffline)
    return () => {
      window.removeEventListener('online', goOnline)
      window.removeEventListener('offline', goOffline)
    }
  }, [flush, refreshSummary, refreshRoster])

  // While online: the counts every few seconds, the roster now and then, and a retry of what waits.
  useEffect(() => {
    if (!online || blocked === 'expired' || blocked === 'not-allowed') return
    const summary = setInterval(() => void refreshSummary(), SUMMARY_POLL_MS)
    const roster = setInterval(() => void refreshRoster(), ROSTER_REFRESH_MS)
    const retry = setInterval(() => {
      if (waiting > 0) void flush()
    }, RETRY_MS)
    return () => {
      clearInterval(summary)
      clearInterval(roster)
      clearInterval(retry)
    }
  }, [online, blocked, waiting, refreshSummary, refreshRoster, flush])

  // A door link's roster is removed from the phone when the link expires, open page or not.
  useEffect(() => {
    const expiresAt = expiresAtRef.current
    if (!roster || !expiresAt) return
    const delay = Math.max(0, Date.parse(expiresAt) - Date.now())
    // A timer longer than 24.8 days fires at once; the check on load covers a page left open that long.
    if (delay > 2 ** 31 - 1) return
    const timer = setTimeout(() => void stopHere('expired'), delay)
    return () => clearTimeout(timer)
  }, [roster, stopHere])

  /** Records a check-in here (roster, counts, queue) and sends it. */
  const checkIn = useCallback(
    async (ticket: QueuedCheckIn['ticket'], attendee: RosterAttendee | null, scanId: string) => {
      const scannedAt = new Date().toISOString()
      if (attendee) {
        changeAttendee({ ...attendee, checkedInAt: scannedAt, checkedInBy: THIS_PHONE })
        setLastCheckIn({ scanId, registrationId: attendee.id, name: attendee.name })
      }
      await enqueue({ scanId, eventId, scannedAt, ticket, name: attendee?.name ?? null })
      await countWaiting()
      if (navigator.onLine) await flush()
    },
    [eventId, changeAttendee, countWaiting, flush],
  )

  /** The phone's answer to a cancelled registration, from the roster's names. */
  const cancelledHere = useCallback(
    (registrationId: string, name: string | null): ResultPanel => {
      const row = rosterRef.current?.cancelled.get(registrationId)
      const other = row?.otherRegistration ?? null
      return cancelledPanel(
        row?.name ?? name,
        row ? other : null,
        other ? rosterRef.current?.attendees.get(other.id) : undefined,
        timeZone,
      )
    },
    [timeZone],
  )

  /** A new answer replaces the last: the Undo of an earlier check-in goes with its own answer. */
  const startAnswer = useCallback(() => {
    const scanId = newScanId()
    shownScanRef.current = scanId
    setLastCheckIn(null)
    return scanId
  }, [])

  /** A scanned or typed text: answered on the device at once, then sent. */
  const scan = useCallback(
    async (text: string) => {
      const current = rosterRef.current
      if (!current) return
      const scanId = startAnswer()
      const code = ticketCodeFromScan(text)
      const split = code ? splitTicketCode(code) : null
      const signatureValid = split ? await verifyTicketSignature(keyRef.current, split) : null
      const verdict = verdictFor(current, { split, signatureValid, online: navigator.onLine })
      if (verdict.kind === 'refuse') {
        const panel =
          verdict.registrationId === undefined
            ? { tone: 'refuse' as const, title: verdict.message }
            : cancelledHere(verdict.registrationId, null)
        setPanel(panel)
        beep(panel.tone === 'already' ? 'already' : 'refuse')
        return
      }
      if (verdict.kind === 'already') {
        setPanel({
          tone: 'already',
          title: alreadyText(verdict.checkedInAt, verdict.by, timeZone),
          detail: verdict.attendee.name,
        })
        beep('already')
        return
      }
      if (!code) return
      if (verdict.kind === 'admit') {
        setPanel({ tone: 'admit', title: `Checked in: ${verdict.attendee.name}` })
        beep('admit')
        await checkIn({ code }, verdict.attendee, scanId)
        return
      }
      setPanel({
        tone: 'neutral',
        title: navigator.onLine ? 'Checking…' : 'Saved: it is checked when the phone is back online',
      })
      await checkIn({ code }, null, scanId)
    },
    [checkIn, timeZone, cancelledHere, startAnswer],
  )

  /** A check-in by name (search result or roster), without a ticket. */
  const checkInById = useCallback(
    async (registrationId: string, name: string) => {
      const scanId = startAnswer()
      const known = rosterRef.current?.attendees.get(registrationId)
      if (known?.checkedInAt) {
        setPanel({
          tone: 'already',
          title: alreadyText(known.checkedInAt, known.checkedInBy, timeZone),
          detail: known.name,
        })
        beep('already')
        return
      }
      if (rosterRef.current?.revoked.has(registrationId)) {
        const panel = cancelledHere(registrationId, name)
        setPanel(panel)
        beep(panel.tone === 'already' ? 'already' : 'refuse')
        return
      }
      if (known) {
        setPanel({ tone: 'admit', title: `Checked in: ${known.name}` })
        beep('admit')
      } else setPanel({ tone: 'neutral', title: `Checking in ${name}…` })
      await checkIn({ registrationId }, known ?? null, scanId)
    },
    [checkIn, timeZone, cancelledHere, startAnswer],
  )

  const undo = useCallback(async () => {
    const last = lastCheckIn
    if (!last) return
    const unsent = (await queueStore.waiting(eventId)).some((item) => item.scanId === last.scanId)
    if (unsent) await queueStore.remove(last.scanId)
    else {
      const answer = await undoCheckIn(eventId, last.registrationId)
      if (answer.kind === 'not-allowed') return stopHere('not-allowed')
      if (answer.kind === 'unreachable') {
        setPanel({
          tone: 'neutral',
          title: 'Undo needs the connection: try again when online',
          detail: last.name,
        })
        return
      }
    }
    const known = rosterRef.current?.attendees.get(last.registrationId)
    if (known) changeAttendee({ ...known, checkedInAt: null, checkedInBy: null })
    setLastCheckIn(null)
    shownScanRef.current = null
    setPanel({ tone: 'neutral', title: `Undone: ${last.name} is not checked in` })
    await countWaiting()
  }, [eventId, lastCheckIn, changeAttendee, countWaiting, stopHere])

  /** People by name (on the phone's roster), and by email or phone too through the server when online. */
  const search = useCallback(
    async (q: string): Promise<SearchResult[]> => {
      const term = q.trim()
      if (!term) return []
      if (navigator.onLine) {
        const answer = await searchAttendees(eventId, term)
        if (answer.kind === 'ok') return answer.value.attendees
        if (answer.kind === 'not-allowed') {
          await stopHere('not-allowed')
          return []
        }
      }
      const needle = term.toLocaleLowerCase()
      return [...(rosterRef.current?.attendees.values() ?? [])]
        .filter((row) => row.name.toLocaleLowerCase().includes(needle))
        .slice(0, 20)
        .map((row) => ({ ...row, status: 'confirmed' }))
    },
    [eventId, stopHere],
  )

  const counts = useMemo(() => {
    if (!roster) return null
    const { checkedIn, confirmed } = localCounts(roster)
    return { checkedIn, confirmed }
  }, [roster])

  return {
    event,
    roster,
    loading,
    blocked,
    offline: !online || !reachable,
    contactAt,
    keptOnPhone,
    refused,
    waiting,
    panel,
    counts,
    conflicts,
    lastCheckIn,
    scan,
    checkInById,
    undo,
    search,
  }
}

/**
 * The door's counts, from the roster alone: people, not scans, so nobody counts twice and the checked-in
 * never exceed the expected. `checkedInKnownToServer` leaves out those whose check-in waits in the queue.
 */
function localCounts(roster: LocalRoster, unsent: ReadonlySet<string | null> = new Set()) {
  let checkedIn = 0
  let waiting = 0
  for (const row of roster.attendees.values()) {
    if (!row.checkedInAt) continue
    checkedIn++
    if (unsent.has(row.id)) waiting++
  }
  return { checkedIn, confirmed: roster.attendees.size, checkedInKnownToServer: checkedIn - waiting }
}
