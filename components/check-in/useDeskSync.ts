import { useCallback, useEffect } from 'react'
import { fetchRoster, fetchSummary } from './client'
import { keepPageOnPhone } from './offline-app'
import { registrationOf } from './queue'
import { loadDeskNote, loadRoster, queueStore, rosterExpired, saveRoster } from './store'
import type { DeskState } from './useDeskState'
import { localCounts } from './verdict'

const SUMMARY_POLL_MS = 5000
const ROSTER_REFRESH_MS = 60_000
const RETRY_MS = 10_000

/**
 * The sync with the server: the stored roster at once then the server's, the counts polled while online
 * (a difference fetches the roster again), the queue retried and sent when the connection comes back,
 * and a door link's roster dropped when the link expires.
 */
export function useDeskSync(desk: DeskState, flush: () => Promise<void>) {
  const { eventId, applyRoster, stopHere, heardServer, countWaiting } = desk
  const { roster, online, blocked, waiting } = desk.state
  const { rosterRef, expiresAtRef } = desk.refs
  const { setReachable, setOnline, setContactAt, setKeptOnPhone, setLoading, setBlocked } = desk.set

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
  }, [eventId, applyRoster, stopHere, heardServer, rosterRef, setReachable])

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
  }, [eventId, stopHere, refreshRoster, heardServer, rosterRef])

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
  }, [
    eventId,
    applyRoster,
    countWaiting,
    refreshRoster,
    flush,
    refreshSummary,
    rosterRef,
    setOnline,
    setContactAt,
    setKeptOnPhone,
    setLoading,
    setBlocked,
  ])

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
  }, [flush, refreshSummary, refreshRoster, rosterRef, setOnline, setBlocked])

  // While online: the counts every few seconds, the roster now and then, and a retry of what waits.
  useEffect(() => {
    if (!online || blocked === 'expired' || blocked === 'not-allowed') return
    const summary = setInterval(() => void refreshSummary(), SUMMARY_POLL_MS)
    const rosterTimer = setInterval(() => void refreshRoster(), ROSTER_REFRESH_MS)
    const retry = setInterval(() => {
      if (waiting > 0) void flush()
    }, RETRY_MS)
    return () => {
      clearInterval(summary)
      clearInterval(rosterTimer)
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
  }, [roster, stopHere, expiresAtRef])
}
