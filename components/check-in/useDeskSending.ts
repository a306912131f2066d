import { useCallback, useRef } from 'react'
import type { RosterAttendee } from './answers'
import { sendCheckIn } from './client'
import { admitPanel, alreadyPanel, beepFor, cancelledPanel, type ResultPanel } from './panels'
import { flushQueue, type QueuedCheckIn, registrationOf, type SendOutcome } from './queue'
import { enqueue, queueStore } from './store'
import { type DeskState, THIS_PHONE } from './useDeskState'

/**
 * The offline queue's sending: a check-in made here is recorded at once and queued, the queue is sent
 * (one run at a time), and each server answer is folded back into the roster, the conflicts and, when
 * it is the scan on show, the result panel.
 */
export function useDeskSending(desk: DeskState) {
  const { eventId, timeZone, changeAttendee, stopHere, heardServer, countWaiting } = desk
  const { rosterRef, shownScanRef } = desk.refs
  const { setConflicts, setPanel, setLastCheckIn, setReachable } = desk.set
  const flushingRef = useRef<Promise<void> | null>(null)

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
            const panel = alreadyPanel(attendee.name, checkedInAt, by, timeZone)
            setPanel(panel)
            beepFor(panel)
          }
          setLastCheckIn((last) => (last?.scanId === item.scanId ? null : last))
        }
        if (outcome.kind === 'checked-in' && shown) {
          // Admitted on the phone already, with its sound: the server's word changes nothing heard.
          setPanel(admitPanel(attendee.name))
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
          const panel: ResultPanel = cancelled
            ? cancelledPanel(
                cancelled.name,
                cancelled.otherRegistration,
                cancelled.otherRegistration
                  ? rosterRef.current?.attendees.get(cancelled.otherRegistration.id)
                  : undefined,
                timeZone,
              )
            : { tone: 'refuse', title: outcome.message, detail: item.name ?? undefined }
          setPanel(panel)
          beepFor(panel)
        }
      } else if (outcome.kind === 'not-allowed') {
        void stopHere('not-allowed')
      }
    },
    [
      changeAttendee,
      stopHere,
      heardServer,
      timeZone,
      rosterRef,
      shownScanRef,
      setConflicts,
      setPanel,
      setLastCheckIn,
    ],
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
  }, [eventId, onOutcome, countWaiting, setReachable])

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
    [eventId, changeAttendee, countWaiting, flush, setLastCheckIn],
  )

  return { flush, checkIn }
}
