import type { InvitationDto } from '#db/dto'
import { ConfirmDialog } from '../../dialogs/ConfirmDialog'
import { LocalTime } from '../../ui/LocalTime'
import { buttonStyles } from '../../ui/styles'
import { api, failureText } from '../api'
import { notify } from '../notify'

/** The group's invitations not yet accepted: who was invited, by whom, until when; each can be withdrawn. */
export function PendingInvitations({
  invitations,
  refresh,
}: {
  invitations: InvitationDto[]
  refresh: () => Promise<void>
}) {
  const withdraw = async (invitation: InvitationDto) => {
    try {
      await api(`/api/invitations/${invitation._id}`, { method: 'DELETE' })
      notify.success('Invitation withdrawn')
    } catch (failure) {
      notify.error(failureText(failure))
    }
    await refresh()
  }
  return (
    <section aria-labelledby="pending-invitations">
      <h2 id="pending-invitations" className="mb-2 text-base font-semibold text-slate-900">
        Pending invitations
      </h2>
      {invitations.length === 0 ? (
        <p className="text-sm text-slate-600">No pending invitations.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
          {invitations.map((invitation) => (
            <li key={invitation._id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
              <span>
                <span className="font-medium text-slate-900">{invitation.email}</span>
                <span className="text-slate-500">
                  {' '}
                  · invited by {invitation.invitedBy} · expires <LocalTime at={invitation.expiresAt} />
                </span>
              </span>
              <ConfirmDialog
                trigger={
                  <button
                    type="button"
                    className={buttonStyles.rowDanger}
                    aria-label={`Withdraw the invitation to ${invitation.email}`}
                  >
                    Withdraw
                  </button>
                }
                title="Withdraw this invitation?"
                description={<p>The link sent to {invitation.email} stops working at once.</p>}
                confirmLabel="Withdraw"
                pendingLabel="Withdrawing..."
                onConfirm={() => withdraw(invitation)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
