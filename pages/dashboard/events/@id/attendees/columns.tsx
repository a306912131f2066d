import { createColumnHelper } from '@tanstack/react-table'
import { AskFirstButton, actionsColumn } from '#components/data-table/RowParts'
import type { ServerTableFeatures } from '#components/data-table/serverTable'
import { LocalTime } from '#components/ui/LocalTime'
import { buttonStyles } from '#components/ui/styles'
import type { AttendeeDto } from '#db/dto'
import type { RegistrationStatus } from '#db/schema-enums'
import { PAYMENT_METHOD_LABELS, type RegistrationQuestionInput } from '#db/validation'

/** Each status as the console says it, and its badge. */
export const STATUS_LABELS: Record<RegistrationStatus, string> = {
  confirmed: 'Confirmed',
  pending: 'Pending',
  offered: 'Offered',
  waitlisted: 'Waiting',
  cancelled: 'Cancelled',
}
const STATUS_BADGES: Record<RegistrationStatus, string> = {
  confirmed: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-900',
  offered: 'bg-sky-100 text-sky-900',
  waitlisted: 'bg-slate-100 text-slate-800',
  cancelled: 'bg-red-50 text-red-800',
}

/** What an officer can do to one row: confirm (approve, mark paid, take from the waiting list) or cancel. */
export type AttendeeActions = {
  /** The certificate issued to a registration (its serial, and whether it was revoked), once loaded. */
  certificateOf: (registrationId: string) => { serial: string; revoked: boolean } | undefined
  setStatus: (rows: AttendeeDto[], status: 'confirmed' | 'cancelled') => Promise<void>
  /** A new ticket for a confirmed attendee, mailed; the old code stops working. */
  reissueTicket: (row: AttendeeDto) => Promise<void>
  /** Takes a check-in back, as the door's Undo does (a wrong scan, a mistaken tap). */
  undoCheckIn: (row: AttendeeDto) => Promise<void>
}

const confirmLabel = (row: AttendeeDto) =>
  row.status === 'pending' ? (row.paymentMethod ? 'Mark paid' : 'Confirm') : 'Move from waiting list'

/** A row's button that asks first, in the primary tone: undo a check-in, re-issue a ticket. */
function AskFirst({
  row,
  action,
  label,
  title,
  consequence,
  pendingLabel,
  onConfirm,
}: {
  row: AttendeeDto
  action: string
  label: string
  title: string
  /** What happens, after the person's name. */
  consequence: string
  pendingLabel: string
  onConfirm: () => Promise<void>
}) {
  return (
    <AskFirstButton
      label={label}
      ariaLabel={`${label}: ${row.name}`}
      action={action}
      title={title}
      description={
        <p>
          <strong className="font-semibold text-slate-900">{row.name}</strong> {consequence}
        </p>
      }
      tone="primary"
      confirmLabel={label}
      pendingLabel={pendingLabel}
      onConfirm={onConfirm}
    />
  )
}

function RowActions({ row, actions }: { row: AttendeeDto; actions: AttendeeActions }) {
  const undo = row.checkedInAt ? (
    <AskFirst
      row={row}
      action="undo-check-in"
      label="Undo check-in"
      title="Undo this check-in?"
      consequence="is no longer counted as checked in; the door can check them in again."
      pendingLabel="Undoing..."
      onConfirm={() => actions.undoCheckIn(row)}
    />
  ) : null
  if (row.status === 'cancelled') return undo ? <div className="flex justify-end gap-1.5">{undo}</div> : null
  return (
    <div className="flex justify-end gap-1.5">
      {undo}
      {row.status === 'confirmed' ? (
        <AskFirst
          row={row}
          action="reissue"
          label="Re-issue ticket"
          title="Re-issue this ticket?"
          consequence="gets a new ticket by mail; the old one is refused at the door from now."
          pendingLabel="Re-issuing..."
          onConfirm={() => actions.reissueTicket(row)}
        />
      ) : null}
      {row.status !== 'confirmed' ? (
        <button
          type="button"
          className={buttonStyles.rowAction}
          data-row-action="confirm"
          onClick={() => void actions.setStatus([row], 'confirmed')}
          aria-label={`${confirmLabel(row)}: ${row.name}`}
        >
          {confirmLabel(row)}
        </button>
      ) : null}
      <AskFirstButton
        label="Cancel"
        ariaLabel={`Cancel the registration of ${row.name}`}
        action="cancel"
        danger
        title="Cancel this registration?"
        description={
          <p>
            <strong className="font-semibold text-slate-900">{row.name}</strong> ({row.email}) gets a mail
            saying so; a seat they held goes to the first on the waiting list.
          </p>
        }
        confirmLabel="Cancel registration"
        pendingLabel="Cancelling..."
        onConfirm={() => actions.setStatus([row], 'cancelled')}
      />
    </div>
  )
}

const helper = createColumnHelper<ServerTableFeatures, AttendeeDto>()

/** The Attendees table: who, how to reach them, where they stand, how they paid, their answers. */
export const attendeeColumns = (
  questions: readonly RegistrationQuestionInput[],
  withPayment: boolean,
  actions: AttendeeActions,
) =>
  helper.columns([
    helper.accessor('name', {
      header: 'Name',
      meta: { className: 'min-w-40 font-medium text-slate-900', card: 'title' },
    }),
    helper.accessor('email', { header: 'Email', meta: { className: 'min-w-48 text-slate-700' } }),
    helper.accessor('phone', {
      header: 'Phone',
      enableSorting: false,
      meta: { className: 'whitespace-nowrap text-slate-700' },
    }),
    helper.accessor('status', {
      header: 'Status',
      meta: { className: 'whitespace-nowrap' },
      cell: (info) => {
        const row = info.row.original
        const detail =
          row.status === 'waitlisted' && row.position !== null ? (
            ` #${row.position}`
          ) : row.status === 'offered' && row.offerExpiresAt ? (
            <>
              {' '}
              until <LocalTime at={row.offerExpiresAt} style="numeric" />
            </>
          ) : (
            ''
          )
        return (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_BADGES[row.status]}`}>
            {STATUS_LABELS[row.status]}
            {detail}
          </span>
        )
      },
    }),
    ...(withPayment
      ? [
          helper.display({
            id: 'payment',
            header: 'Payment',
            meta: { className: 'whitespace-nowrap text-slate-700' },
            cell: (info) => {
              const row = info.row.original
              if (!row.paymentMethod) return ''
              return `${PAYMENT_METHOD_LABELS[row.paymentMethod]}${row.transactionId ? ` · ${row.transactionId}` : ''}`
            },
          }),
        ]
      : []),
    ...questions.map((question) =>
      helper.display({
        id: `answer-${question.id}`,
        header: question.label,
        meta: { className: 'min-w-28 text-slate-700' },
        cell: (info) => {
          const answer = info.row.original.answers[question.id]
          return typeof answer === 'boolean' ? (answer ? 'Yes' : 'No') : (answer ?? '')
        },
      }),
    ),
    helper.accessor('checkedInAt', {
      id: 'checkedIn',
      header: 'Checked in',
      enableSorting: false,
      meta: { className: 'whitespace-nowrap text-slate-700' },
      cell: (info) => {
        const row = info.row.original
        if (!row.checkedInAt) return <span className="text-slate-500">Not yet</span>
        return (
          <span>
            <span className="tabular-nums">
              <LocalTime at={row.checkedInAt} style="numeric" />
            </span>
            {row.checkedInBy ? <span className="text-slate-600"> by {row.checkedInBy}</span> : null}
          </span>
        )
      },
    }),
    helper.display({
      id: 'certificate',
      header: 'Certificate',
      meta: { className: 'whitespace-nowrap text-slate-700' },
      cell: (info) => {
        const certificate = actions.certificateOf(info.row.original._id)
        if (!certificate) return <span className="text-slate-500">None</span>
        return (
          <span className="font-mono text-xs">
            {certificate.serial}
            {certificate.revoked ? <span className="ml-1 font-sans text-red-800">(revoked)</span> : null}
          </span>
        )
      },
    }),
    helper.accessor('createdAt', {
      header: 'Registered',
      meta: { className: 'whitespace-nowrap tabular-nums text-slate-700' },
      cell: (info) => <LocalTime at={info.getValue()} style="numeric" />,
    }),
    actionsColumn((row: AttendeeDto) => <RowActions row={row} actions={actions} />),
  ])
