import { useCallback } from 'react'
import { splitTicketCode, ticketCodeFromScan } from '#components/shared/ticket-code'
import type { RosterAttendee } from './answers'
import { searchAttendees, undoCheckIn } from './client'
import { admitPanel, alreadyPanel, beepFor, cancelledPanel, newScanId, type ResultPanel } from './panels'
import type { QueuedCheckIn } from './queue'
import { queueStore } from './store'
import type { DeskState } from './useDeskState'
import { verdictFor } from './verdict'
import { verifyTicketSignature } from './verify'

export type SearchResult = {
  id: string
  name: string
  status: string
  checkedInAt: string | null
  checkedInBy: string | null
}

type CheckIn = (
  ticket: QueuedCheckIn['ticket'],
  attendee: RosterAttendee | null,
  scanId: string,
) => Promise<void>

/**
 * What the volunteer does: a scan or a check-in by name, answered on the phone at once (panel and
 * sound) and then sent; undo of the last check-in; search by name, email or phone.
 */
export function useDeskActions(desk: DeskState, checkIn: CheckIn) {
  const { eventId, timeZone, changeAttendee, countWaiting, stopHere } = desk
  const { lastCheckIn } = desk.state
  const { rosterRef, keyRef, shownScanRef } = desk.refs
  const { setPanel, setLastCheckIn } = desk.set

  /** Shows the phone's own answer, with its sound. */
  const answer = useCallback(
    (panel: ResultPanel) => {
      setPanel(panel)
      beepFor(panel)
    },
    [setPanel],
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
    [timeZone, rosterRef],
  )

  /** A new answer replaces the last: the Undo of an earlier check-in goes with its own answer. */
  const startAnswer = useCallback(() => {
    const scanId = newScanId()
    shownScanRef.current = scanId
    setLastCheckIn(null)
    return scanId
  }, [shownScanRef, setLastCheckIn])

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
        answer(
          verdict.registrationId === undefined
            ? { tone: 'refuse', title: verdict.message }
            : cancelledHere(verdict.registrationId, null),
        )
        return
      }
      if (verdict.kind === 'already') {
        answer(alreadyPanel(verdict.attendee.name, verdict.checkedInAt, verdict.by, timeZone))
        return
      }
      if (!code) return
      if (verdict.kind === 'admit') {
        answer(admitPanel(verdict.attendee.name))
        await checkIn({ code }, verdict.attendee, scanId)
        return
      }
      setPanel({
        tone: 'neutral',
        title: navigator.onLine ? 'Checking…' : 'Saved: it is checked when the phone is back online',
      })
      await checkIn({ code }, null, scanId)
    },
    [checkIn, timeZone, cancelledHere, startAnswer, answer, rosterRef, keyRef, setPanel],
  )

  /** A check-in by name (search result or roster), without a ticket. */
  const checkInById = useCallback(
    async (registrationId: string, name: string) => {
      const scanId = startAnswer()
      const known = rosterRef.current?.attendees.get(registrationId)
      if (known?.checkedInAt) {
        answer(alreadyPanel(known.name, known.checkedInAt, known.checkedInBy, timeZone))
        return
      }
      if (rosterRef.current?.revoked.has(registrationId)) {
        answer(cancelledHere(registrationId, name))
        return
      }
      if (known) answer(admitPanel(known.name))
      else setPanel({ tone: 'neutral', title: `Checking in ${name}…` })
      await checkIn({ registrationId }, known ?? null, scanId)
    },
    [checkIn, timeZone, cancelledHere, startAnswer, answer, rosterRef, setPanel],
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
  }, [
    eventId,
    lastCheckIn,
    changeAttendee,
    countWaiting,
    stopHere,
    rosterRef,
    shownScanRef,
    setPanel,
    setLastCheckIn,
  ])

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
    [eventId, stopHere, rosterRef],
  )

  return { scan, checkInById, undo, search }
}
