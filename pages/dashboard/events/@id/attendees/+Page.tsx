import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useMemo, useRef, useState } from 'react'
import { useData } from 'vike-react/useData'
import { ApiRequestError, api } from '#components/console/api'
import { notify } from '#components/console/notify'
import { PageHeader } from '#components/console/PageHeader'
import { ListTable } from '#components/data-table/ListTable'
import { useConsoleList } from '#components/data-table/useConsoleList'
import { useUrlFilters } from '#components/data-table/useListState'
import { plural } from '#components/shared/words'
import { buttonStyles } from '#components/ui/styles'
import type { AttendeeDto, IssuedCertificateDto } from '#db/dto'
import { registrationSortFields } from '#db/list-params'
import type { RegistrationStatus } from '#db/schema-enums'
import type { Data } from './+data'
import { CertificatesDialog, type Recipients } from './CertificatesDialog'
import { attendeeColumns, STATUS_LABELS } from './columns'
import { DoorLinksDialog } from './DoorLinksDialog'
import { WriteToAttendeesDialog } from './WriteToAttendeesDialog'

type Counts = Record<RegistrationStatus, number>
const FILTERS = ['status', 'checkedIn'] as const
/** The door's filter: let in, or not (yet). */
const CHECKED_IN_FILTERS = [
  { value: 'yes', label: 'Checked in' },
  { value: 'no', label: 'Not yet' },
] as const

type Conflict = { registrationId: string; name: string; by: string; scannedAt: string }
type SharedTransactionId = { transactionId: string; registrations: { id: string; name: string }[] }
const COUNTED: RegistrationStatus[] = ['confirmed', 'pending', 'offered', 'waitlisted', 'cancelled']

/** The counts against the capacity; each a filter of the table (again: all). */
const FILTER_BUTTON =
  'min-h-9 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white max-sm:min-h-11'

/** Something above the table for the officer to check, and a list of what: its items (li). */
function CheckNotice({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <div
      role="status"
      className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <p className="font-semibold">{heading}</p>
      <ul className="mt-1 list-disc pl-5">{children}</ul>
    </div>
  )
}

/** Tickets let in at two doors while the phones were offline (docs/decisions/081-offline-check-in-conflicts.md). */
function ConflictNotice({ conflicts }: { conflicts: Conflict[] }) {
  const people = new Map<string, { name: string; doors: string[] }>()
  for (const conflict of conflicts) {
    const entry = people.get(conflict.registrationId) ?? { name: conflict.name, doors: [] }
    entry.doors.push(conflict.by)
    people.set(conflict.registrationId, entry)
  }
  if (people.size === 0) return null
  return (
    <CheckNotice
      heading={
        <>
          {people.size === 1 ? '1 ticket was' : `${people.size} tickets were`} scanned at two doors while the
          phones were offline:
        </>
      }
    >
      {[...people.values()].map((person) => (
        <li key={person.name + person.doors.join()}>
          {person.name}, also at {person.doors.join(', ')}
        </li>
      ))}
    </CheckNotice>
  )
}

/** One mobile-money transaction ID given by two registrations or more: a payment claimed twice. */
function SharedTransactionNotice({ shared }: { shared: SharedTransactionId[] }) {
  if (shared.length === 0) return null
  return (
    <CheckNotice
      heading={
        <>
          {shared.length === 1 ? '1 transaction ID was' : `${shared.length} transaction IDs were`} given by
          more than one registration: check these payments.
        </>
      }
    >
      {shared.map((entry) => (
        <li key={entry.transactionId}>
          {entry.transactionId}: {entry.registrations.map((row) => row.name).join(', ')}
        </li>
      ))}
    </CheckNotice>
  )
}

function CountFilters({
  counts,
  capacity,
  current,
  onChange,
  checkedIn,
  onCheckedInChange,
}: {
  counts: Counts | undefined
  capacity: number | null
  current: string
  onChange: (status: string) => void
  checkedIn: string
  onCheckedInChange: (checkedIn: string) => void
}) {
  const taken = counts ? counts.confirmed + counts.pending + counts.offered : 0
  return (
    <div className="mb-3 space-y-2">
      <p className="text-sm text-slate-700">
        {counts
          ? capacity === null
            ? `${taken} seats taken (unlimited)`
            : `${taken} of ${capacity} seats taken`
          : 'Counting...'}
      </p>
      <fieldset>
        <legend className="sr-only">Show</legend>
        <div className="flex flex-wrap gap-1.5">
          <button
            type="button"
            aria-pressed={current === ''}
            onClick={() => onChange('')}
            className={FILTER_BUTTON}
          >
            All
          </button>
          {COUNTED.map((status) => (
            <button
              key={status}
              type="button"
              aria-pressed={current === status}
              onClick={() => onChange(current === status ? '' : status)}
              className={FILTER_BUTTON}
            >
              {STATUS_LABELS[status]} <span className="tabular-nums">{counts?.[status] ?? '–'}</span>
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="sr-only">At the door</legend>
        <div className="flex flex-wrap gap-1.5">
          {CHECKED_IN_FILTERS.map((filter) => (
            <button
              key={filter.value}
              type="button"
              aria-pressed={checkedIn === filter.value}
              onClick={() => onCheckedInChange(checkedIn === filter.value ? '' : filter.value)}
              className={FILTER_BUTTON}
            >
              {filter.label}
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  )
}

/**
 * An event's attendees (docs/product.md#registration): the counts against the capacity, the shared list
 * (search, status filter, sort, pages, selection) with the answers as columns, confirm, cancel and move
 * from the waiting list (one or the selected), the CSV export and "Message attendees".
 */
export function Page() {
  const { event, enabled, capacity, questions, mailConfigured } = useData<Data>()
  const queryClient = useQueryClient()
  const [filters, setFilters] = useUrlFilters(FILTERS)
  const [messaging, setMessaging] = useState(false)
  const [doorLinksOpen, setDoorLinksOpen] = useState(false)
  /** The certificates dialog: for the selected rows, or (`recipients` undefined) everyone checked in. */
  const [issuing, setIssuing] = useState<{ recipients?: Recipients } | null>(null)
  const base = `/api/events/${event._id}`

  const setStatus = async (rows: AttendeeDto[], status: 'confirmed' | 'cancelled') => {
    if (rows.length === 0) {
      notify.error('None of the selected registrations can be changed that way')
      return
    }
    try {
      const answer = await api<{ message: string }>(`${base}/registrations/bulk`, {
        method: 'POST',
        json: { ids: rows.map((row) => row._id), status },
      })
      notify.success(answer.message)
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : 'Something went wrong')
    }
    await queryClient.invalidateQueries({ queryKey: ['registrations'] })
  }

  /** One row's call, its answer told in a toast, then the list again. */
  const rowCall = async (
    path: string,
    method: 'POST' | 'DELETE',
    done: (answer: { message?: string }) => string,
  ) => {
    try {
      notify.success(done(await api<{ message?: string }>(path, { method })))
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : 'Something went wrong')
    }
    await queryClient.invalidateQueries({ queryKey: ['registrations'] })
  }
  const reissueTicket = (row: AttendeeDto) =>
    rowCall(
      `${base}/registrations/${row._id}/ticket`,
      'POST',
      (answer) => answer.message ?? 'Ticket re-issued',
    )
  // The door's own undo (DELETE …/check-ins/{id}): the same record of who took it back.
  const undoCheckIn = (row: AttendeeDto) =>
    rowCall(`${base}/check-ins/${row._id}`, 'DELETE', () => `${row.name} is no longer checked in`)

  // Who holds a certificate: the Certificate column reads it when the table renders.
  const issued = useQuery({
    queryKey: ['certificates', event._id],
    queryFn: ({ signal }) =>
      api<{ certificates: IssuedCertificateDto[] }>(`${base}/certificates`, { signal }),
  })
  const certificates = useRef(new Map<string, { serial: string; revoked: boolean }>())
  certificates.current = new Map(
    (issued.data?.certificates ?? []).flatMap((certificate) =>
      certificate.registrationId
        ? [
            [
              certificate.registrationId,
              { serial: certificate.serial, revoked: certificate.revokedAt !== null },
            ],
          ]
        : [],
    ),
  )
  const certificateOf = (registrationId: string) => certificates.current.get(registrationId)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers only read state through setters and refs.
  const columns = useMemo(
    () =>
      attendeeColumns(questions, event.fees > 0, { setStatus, reissueTicket, undoCheckIn, certificateOf }),
    [],
  )
  const view = useConsoleList<AttendeeDto, 'registrations'>({
    sortFields: registrationSortFields,
    columns,
    queryKey: ['registrations', event._id],
    path: `${base}/registrations`,
    rowsKey: 'registrations',
    filters,
  })
  const answer = view.status.answer as
    | { counts?: Counts; conflicts?: Conflict[]; sharedTransactionIds?: SharedTransactionId[] }
    | undefined
  const counts = answer?.counts
  const exportQuery = new URLSearchParams(
    Object.entries({
      status: filters.status,
      checkedIn: filters.checkedIn,
      q: view.list.q,
      sort: view.list.sort,
    }).filter(([, value]) => value),
  ).toString()

  return (
    <>
      <PageHeader
        title="Attendees"
        description={`${event.title}, ${event.eventDate}`}
        back={{ href: '/dashboard/events', label: 'Events' }}
        actions={
          <>
            <a className={buttonStyles.secondary} href={`/dashboard/events/${event._id}/check-in`}>
              Check-in
            </a>
            <a className={buttonStyles.secondary} href={`/dashboard/events/${event._id}/report`}>
              Report
            </a>
            <a className={buttonStyles.secondary} href={`/dashboard/events/${event._id}/certificates`}>
              Certificates
            </a>
            <a
              className={buttonStyles.secondary}
              href={`${base}/registrations/export${exportQuery ? `?${exportQuery}` : ''}`}
              download
            >
              Export CSV
            </a>
            <button type="button" className={buttonStyles.secondary} onClick={() => setDoorLinksOpen(true)}>
              Door links
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={() => setIssuing({})}>
              Issue certificates
            </button>
            <button
              type="button"
              className={buttonStyles.primary}
              onClick={() => setMessaging(true)}
              disabled={!mailConfigured}
              title={mailConfigured ? undefined : 'No mail server is set up (SMTP_URL)'}
            >
              Message attendees
            </button>
          </>
        }
      />
      {enabled ? null : (
        <p className="mb-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          Registration on this site is off for this event: turn it on in the{' '}
          <a className="font-medium underline" href={`/dashboard/events/edit-event/${event._id}`}>
            event's Registration section
          </a>
          .
        </p>
      )}
      <CountFilters
        counts={counts}
        capacity={capacity}
        current={filters.status}
        onChange={(value) => setFilters({ status: value })}
        checkedIn={filters.checkedIn}
        onCheckedInChange={(value) => setFilters({ checkedIn: value })}
      />
      <ConflictNotice conflicts={answer?.conflicts ?? []} />
      <SharedTransactionNotice shared={answer?.sharedTransactionIds ?? []} />
      <ListTable
        {...view}
        label="Attendees"
        noun="registrations"
        searchLabel="Search attendees"
        searchPlaceholder="Name, email or phone"
        emptyTitle="No Registrations Found"
        bulkActions={[
          {
            label: 'Issue certificates',
            run: async (rows) =>
              setIssuing({ recipients: rows.map((row) => ({ id: row._id, name: row.name })) }),
          },
          {
            label: 'Confirm',
            run: (rows) =>
              setStatus(
                rows.filter((row) => row.status === 'pending'),
                'confirmed',
              ),
          },
          {
            label: 'Move from waiting list',
            run: (rows) =>
              setStatus(
                rows.filter((row) => row.status === 'waitlisted' || row.status === 'offered'),
                'confirmed',
              ),
          },
        ]}
        bulkDelete={{
          noun: 'registration',
          verb: 'Cancel',
          pendingLabel: 'Cancelling...',
          consequence: (rows) => (
            <p>
              {plural(rows.length, 'attendee')} get a mail saying so; the seats they held go to the waiting
              list.
            </p>
          ),
          run: (rows) =>
            setStatus(
              rows.filter((row) => row.status !== 'cancelled'),
              'cancelled',
            ),
        }}
      />
      <WriteToAttendeesDialog
        eventId={event._id}
        counts={counts}
        open={messaging}
        onOpenChange={setMessaging}
      />
      <DoorLinksDialog eventId={event._id} open={doorLinksOpen} onOpenChange={setDoorLinksOpen} />
      <CertificatesDialog
        key={issuing?.recipients?.map((recipient) => recipient.id).join() ?? 'checked-in'}
        eventId={event._id}
        recipients={issuing?.recipients}
        open={issuing !== null}
        onOpenChange={(open) => {
          if (!open) setIssuing(null)
        }}
      />
    </>
  )
}
