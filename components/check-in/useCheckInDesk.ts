import { useMemo } from 'react'
import { useDeskActions } from './useDeskActions'
import { useDeskSending } from './useDeskSending'
import { useDeskState } from './useDeskState'
import { useDeskSync } from './useDeskSync'
import { localCounts } from './verdict'

// What the door page's parts import from here.
export { alreadyText, type ResultPanel } from './panels'
export type { SearchResult } from './useDeskActions'

/**
 * The door page's state and actions: the roster kept on the phone, each scan answered on the device at
 * once and then sent through the queue, the server's answers folded back in, the counts, undo and search
 * (docs/decisions/082-check-in-on-the-device.md). The page only renders what this holds. The parts:
 * useDeskState (what the page holds), useDeskSending (the offline queue's sending and the server's
 * answers), useDeskSync (the roster and counts kept in step with the server), useDeskActions (scans,
 * check-ins by name, undo, search); panels.ts says each answer.
 *
 * `door`: the page is a door link's (no account). When such a link stops working, the check-ins still
 * waiting on the phone are refused and shown as such; an officer's stay until they sign in again.
 */
export function useCheckInDesk(eventId: string, { door }: { door: boolean }) {
  const desk = useDeskState(eventId, door)
  const { flush, checkIn } = useDeskSending(desk)
  useDeskSync(desk, flush)
  const actions = useDeskActions(desk, checkIn)
  const { roster, online, reachable } = desk.state

  const counts = useMemo(() => {
    if (!roster) return null
    const { checkedIn, confirmed } = localCounts(roster)
    return { checkedIn, confirmed }
  }, [roster])

  return {
    event: desk.state.event,
    roster,
    loading: desk.state.loading,
    blocked: desk.state.blocked,
    offline: !online || !reachable,
    contactAt: desk.state.contactAt,
    keptOnPhone: desk.state.keptOnPhone,
    refused: desk.state.refused,
    waiting: desk.state.waiting,
    panel: desk.state.panel,
    counts,
    conflicts: desk.state.conflicts,
    lastCheckIn: desk.state.lastCheckIn,
    ...actions,
  }
}
