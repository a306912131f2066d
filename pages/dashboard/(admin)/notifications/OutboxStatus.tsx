import { useState } from 'react'
import { api } from '#components/console/api'
import { notify } from '#components/console/notify'
import { buttonStyles } from '#components/ui/styles'
import type { NotificationSettingsView, OutboxMailDto } from '#db/dto'

/** A time the same on the server and in every browser (the page is rendered on both). */
function formatUtc(iso: string | null): string {
  if (!iso) return '—'
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`
}

const statusStyles: Record<OutboxMailDto['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  sent: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
}

/** Whether mail is configured, and the outbox: what waits, what failed, the last mails with their errors. */
export function OutboxStatus({
  view,
  onRefreshed,
}: {
  view: NotificationSettingsView
  onRefreshed: (view: NotificationSettingsView) => void
}) {
  const [refreshing, setRefreshing] = useState(false)
  const refresh = async () => {
    setRefreshing(true)
    try {
      onRefreshed(await api<NotificationSettingsView>('/api/settings/notifications'))
    } catch {
      notify.error('Something went wrong')
    } finally {
      setRefreshing(false)
    }
  }
  const { outbox } = view
  return (
    <section
      aria-labelledby="outbox-heading"
      className="max-w-3xl rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="outbox-heading" className="text-base font-semibold text-slate-900">
          Outgoing mail
        </h2>
        <button type="button" className={buttonStyles.secondary} onClick={refresh} disabled={refreshing}>
          Refresh
        </button>
      </div>
      {view.mailConfigured ? (
        <p className="mt-1 text-sm text-slate-600">
          Mail is configured. A mail that cannot be sent is tried again after 1, 2, 4 … minutes, up to 8
          times.
        </p>
      ) : (
        <p className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Mail is not configured: set SMTP_URL (and MAIL_FROM) on the server to send notifications. Until then
          messages are only listed in the console.
        </p>
      )}
      <dl className="mt-3 flex gap-6 text-sm">
        <div>
          <dt className="text-slate-600">Waiting</dt>
          <dd className="text-lg font-semibold text-slate-900" data-testid="outbox-pending">
            {outbox.pending}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Failed</dt>
          <dd className="text-lg font-semibold text-slate-900" data-testid="outbox-failed">
            {outbox.failed}
          </dd>
        </div>
      </dl>
      {outbox.recent.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No mail yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 border-t border-slate-200" aria-label="Recent mail">
          {outbox.recent.map((mail) => (
            <li key={mail._id} className="grid gap-1 py-2 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${statusStyles[mail.status]}`}>
                  {mail.status}
                </span>
                <span className="min-w-0 break-all font-medium text-slate-900">{mail.to}</span>
              </div>
              <p className="break-words text-slate-700">{mail.subject}</p>
              <p className="text-xs text-slate-600">
                Queued {formatUtc(mail.createdAt)} · {mail.attempts}{' '}
                {mail.attempts === 1 ? 'attempt' : 'attempts'}
                {mail.sentAt ? ` · sent ${formatUtc(mail.sentAt)}` : ''}
                {mail.nextAttemptAt ? ` · next try ${formatUtc(mail.nextAttemptAt)}` : ''}
              </p>
              {mail.lastError ? (
                <p className="break-words text-xs text-red-800">Last error: {mail.lastError}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
