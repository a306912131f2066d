import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { alreadyText, useCheckInDesk } from '#components/check-in/useCheckInDesk'
import { PageHeader } from '#components/console/PageHeader'
import { formatEventWhen, formatTimeOfDay } from '#components/shared/dates'
import { plural } from '#components/shared/words'
import { buttonStyles } from '#components/ui/styles'
import type { Data } from './+data'
import { CameraPanel } from './CameraPanel'
import { ResultPanel } from './ResultPanel'
import { ScanForm } from './ScanForm'
import { SearchPanel } from './SearchPanel'

const RECENT_COUNT = 5

const BLOCKED_TEXT = {
  expired: 'This door link has expired: the list was removed from this phone. Ask an officer for a new link.',
  'not-allowed':
    'This phone may no longer check people in at this event: the list was removed from it. Sign in again or ask an officer for a new door link.',
  'no-roster': 'The attendee list could not be loaded. Connect to the internet and reload this page.',
  // A volunteer's: the link itself ended.
  'door-not-allowed':
    'This door link was revoked or has ended: this phone may no longer check people in at this event, and the list was removed from it. Ask an officer for a new door link.',
} as const

/**
 * The door: scan or type a ticket, or find someone by name, and see at once whether they may come in
 * (docs/product.md#check-in). Made for a volunteer's phone held in one hand, offline too
 * (docs/decisions/082-check-in-on-the-device.md).
 */
export function Page() {
  const { event } = useData<Data>()
  const { user, timeZone } = usePageContext()
  const desk = useCheckInDesk(event._id, { door: !user })
  const ready = Boolean(desk.roster) && !desk.blocked
  const offlineSince = desk.contactAt
    ? `Offline since ${formatTimeOfDay(desk.contactAt, timeZone)}`
    : 'Offline'
  // The last check-ins the phone knows of (its own and the server's), the same after a reload.
  const recent = [...(desk.roster?.attendees.values() ?? [])]
    .filter((row) => row.checkedInAt)
    .sort((a, b) => (b.checkedInAt ?? '').localeCompare(a.checkedInAt ?? ''))
    .slice(0, RECENT_COUNT)

  return (
    <div className="mx-auto max-w-xl space-y-4">
      <PageHeader
        title="Check-in"
        description={`${event.title} · ${formatEventWhen(event)}`}
        // A door volunteer has no console to go back to.
        back={user ? { href: `/dashboard/events/${event._id}/attendees`, label: 'Attendees' } : undefined}
      />

      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-lg font-semibold text-slate-900" data-testid="check-in-counts">
          {desk.counts ? (
            <>
              <span className="tabular-nums">{desk.counts.checkedIn}</span> /{' '}
              <span className="tabular-nums">{desk.counts.confirmed}</span> checked in
            </>
          ) : (
            'Counting…'
          )}
        </p>
        <p role="status" className="text-sm font-medium text-slate-700">
          {!desk.offline && desk.waiting > 0 ? `Sending ${plural(desk.waiting, 'check-in')}…` : null}
        </p>
      </div>

      <p
        role="status"
        data-testid="check-in-offline"
        className={
          desk.offline
            ? 'rounded-md border-2 border-amber-500 bg-amber-100 px-3 py-2 text-base font-semibold text-amber-950'
            : 'sr-only'
        }
      >
        {desk.offline ? `${offlineSince}: ${desk.waiting} waiting to send` : ''}
      </p>

      {desk.blocked ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {BLOCKED_TEXT[desk.blocked === 'not-allowed' && !user ? 'door-not-allowed' : desk.blocked]}
        </p>
      ) : null}

      {desk.refused.length > 0 ? (
        <section
          aria-labelledby="check-in-refused"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <h2 id="check-in-refused" className="font-semibold">
            Refused: {plural(desk.refused.length, 'check-in')} not sent
          </h2>
          <p className="mt-1">
            This door link no longer works, so the check-ins made on this phone and not yet sent were refused.
            These people are not checked in: tell an officer.
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {desk.refused.map((item) => (
              <li key={item.scanId}>
                {item.name ?? 'A ticket'}, scanned at {formatTimeOfDay(item.scannedAt, timeZone)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ResultPanel panel={desk.panel} />

      {desk.panel?.action ? (
        <button
          type="button"
          className={`${buttonStyles.primary} w-full`}
          onClick={() => {
            const action = desk.panel?.action
            if (action) void desk.checkInById(action.registrationId, action.name)
          }}
        >
          Check in {desk.panel.action.name} on that registration
        </button>
      ) : null}

      {desk.lastCheckIn ? (
        <button type="button" className={`${buttonStyles.secondary} w-full`} onClick={() => void desk.undo()}>
          Undo check-in of {desk.lastCheckIn.name}
        </button>
      ) : null}

      <ScanForm disabled={!ready} loading={desk.loading} onScan={desk.scan} />
      <CameraPanel disabled={!ready} onScan={desk.scan} />
      <SearchPanel
        disabled={!ready}
        offline={desk.offline}
        search={desk.search}
        checkInById={desk.checkInById}
        roster={desk.roster}
      />

      {recent.length > 0 ? (
        <section aria-labelledby="check-in-recent">
          <h2 id="check-in-recent" className="text-sm font-semibold text-slate-900">
            Recent check-ins
          </h2>
          <ul className="mt-1 divide-y divide-slate-200 text-sm text-slate-700" data-testid="check-in-recent">
            {recent.map((row) => (
              <li key={row.id} className="flex justify-between gap-3 py-1">
                <span className="font-medium text-slate-900">{row.name}</span>
                <span className="tabular-nums">
                  {formatTimeOfDay(row.checkedInAt ?? '', timeZone)}
                  {row.checkedInBy ? ` · ${row.checkedInBy}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {desk.keptOnPhone && !desk.blocked ? (
        <p className="text-xs text-slate-600" data-testid="check-in-kept">
          Kept on this phone: this page opens without a connection too.
        </p>
      ) : null}

      {desk.conflicts.length > 0 ? (
        <section
          aria-labelledby="check-in-conflicts"
          className="rounded-md border border-amber-300 bg-amber-50 p-3"
        >
          <h2 id="check-in-conflicts" className="text-sm font-semibold text-amber-950">
            Checked in twice while offline
          </h2>
          <ul className="mt-1 space-y-1 text-sm text-amber-950">
            {desk.conflicts.map((conflict) => (
              <li key={conflict.scanId}>
                {conflict.name}: {alreadyText(conflict.checkedInAt, conflict.by, timeZone)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
