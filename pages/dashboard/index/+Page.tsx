import type { ReactNode } from 'react'
import { useData } from 'vike-react/useData'
import { formatDate } from '#components/shared/dates'
import { buttonStyles } from '#components/ui/styles'
import type { Data } from './+data'

function Stat({
  label,
  value,
  href,
  action,
  note,
}: {
  label: string
  value: number
  href: string
  action: string
  note?: ReactNode
}) {
  return (
    <li className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      {/* A label and its figure: in paragraphs of their own, the large figure read as a heading (p-as-heading). */}
      <dl className="flex flex-col">
        <dt className="text-sm text-slate-600">{label}</dt>
        <dd className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">{value}</dd>
      </dl>
      {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
      <a
        href={href}
        className="mt-auto pt-3 text-sm font-medium text-brand-700 hover:text-brand-900 hover:underline"
      >
        {action}
      </a>
    </li>
  )
}

/** Events with paying registrations still pending, each linking to its pending attendees. */
function PaymentsToConfirm({ payments }: { payments: Data['payments'] }) {
  return (
    <section
      aria-labelledby="payments-to-confirm"
      className="mt-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="payments-to-confirm" className="text-base font-semibold text-slate-900">
        Payments to confirm
      </h2>
      {payments.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No registration waits for its payment to be checked.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {payments.map((event) => (
            <li key={event.eventId} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
              <a
                href={`/dashboard/events/${event.eventId}/attendees?status=pending`}
                className="font-medium text-brand-700 hover:text-brand-900 hover:underline"
              >
                {event.title}
              </a>
              <span className="text-slate-600">{formatDate(event.eventDate)}</span>
              <span className="ml-auto font-semibold tabular-nums text-slate-900">
                {event.count} to confirm
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function Page() {
  const data = useData<Data>()
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">
        Welcome to the dashboard, {data.name}
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        {data.role === 'admin'
          ? 'Manage the chapters, their events and the messages sent through the contact form.'
          : `Manage ${data.chapterName}'s events, executive committee and chapter page.`}
      </p>
      {data.role === 'admin' && data.backup && !data.backup.ok ? (
        <div
          role="alert"
          className="mt-5 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 shadow-sm"
        >
          <p className="font-semibold">The last backup failed ({new Date(data.backup.at).toUTCString()}).</p>
          <p className="mt-1 break-words">{data.backup.error}</p>
          <p className="mt-1 text-red-800">
            The server's log has the details; check BACKUP_DIR, the free space and BACKUP_COMMAND.
          </p>
        </div>
      ) : null}
      <ul className="mt-5 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {data.role === 'admin' ? (
          <>
            <Stat
              label="Events of all chapters"
              value={data.events}
              href="/dashboard/events"
              action="Open events"
            />
            <Stat label="Chapters" value={data.chapters} href="/dashboard/chapters" action="Open chapters" />
            <Stat
              label="Unread messages"
              value={data.unreadMessages}
              note={`${data.messages} in all`}
              href="/dashboard/contact-list"
              action="Open contact list"
            />
          </>
        ) : (
          <>
            <Stat label="Your events" value={data.events} href="/dashboard/events" action="Open events" />
            <Stat
              label="Committee members"
              value={data.members}
              href="/dashboard/excom"
              action="Open excom"
            />
          </>
        )}
      </ul>
      <PaymentsToConfirm payments={data.payments} />
      {data.role === 'officer' ? (
        <div className="mt-5 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
          <p className="text-slate-700">
            {data.hasChapterInfo
              ? 'Your chapter page is live.'
              : 'Your chapter page has no logo or description yet.'}
          </p>
          <a href={`/chapter/${data.slug}`} className={buttonStyles.secondary}>
            View chapter page
          </a>
          <a href="/dashboard/settings" className={buttonStyles.primary}>
            {data.hasChapterInfo ? 'Edit settings' : 'Add chapter info'}
          </a>
        </div>
      ) : null}
    </>
  )
}
