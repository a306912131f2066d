import { useState } from 'react'
import type { PersonDto } from '#db/dto'
import { ConfirmDialog } from '../../dialogs/ConfirmDialog'
import { Modal } from '../../dialogs/Modal'
import { buttonStyles } from '../../ui/styles'
import { api, failureText } from '../api'
import { notify } from '../notify'
import { CopyableLink } from './CopyableLink'

/** What a row's actions need from the panel. */
export type PersonRowContext = {
  /** Fetches the people and the invitations again. */
  refresh: () => Promise<void>
  /** "officer" or "administrator". */
  noun: string
  /** An administrator's view: each person gets a "Reset link" action (for installations without email). */
  canMakeResetLinks: boolean
}

/** A person's row actions: Reset link (administrators), Disable or Enable, Remove (asks first); "You" on one's own. */
export function PersonRowActions({
  person,
  context: { refresh, noun, canMakeResetLinks },
}: {
  person: PersonDto
  context: PersonRowContext
}) {
  if (person.isYou) return <span className="text-xs text-slate-500">You</span>
  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action()
      notify.success(success)
    } catch (failure) {
      notify.error(failureText(failure))
    }
    await refresh()
  }
  return (
    <div className="flex justify-end gap-1.5">
      {canMakeResetLinks ? <ResetLinkAction person={person} /> : null}
      <button
        type="button"
        className={buttonStyles.rowAction}
        aria-label={`${person.disabled ? 'Enable' : 'Disable'} ${person.name}`}
        onClick={() =>
          run(
            () => api(`/api/people/${person._id}`, { method: 'PATCH', json: { disabled: !person.disabled } }),
            person.disabled
              ? `${person.name} can sign in again`
              : `${person.name} is disabled and signed out`,
          )
        }
      >
        {person.disabled ? 'Enable' : 'Disable'}
      </button>
      <ConfirmDialog
        trigger={
          <button
            type="button"
            className={buttonStyles.rowDanger}
            aria-label={`Remove ${person.name}`}
            data-row-action="delete"
          >
            Remove
          </button>
        }
        title={`Remove this ${noun}?`}
        description={
          <p>
            <strong className="font-semibold text-slate-900">{person.name}</strong> ({person.email}) will no
            longer be able to sign in, and is signed out at once. What they made stays.
          </p>
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        onConfirm={() =>
          run(() => api(`/api/people/${person._id}`, { method: 'DELETE' }), `${person.name} removed`)
        }
      />
    </div>
  )
}

/** 'Reset link': makes a password reset link and shows it to copy, for an administrator to hand over. */
function ResetLinkAction({ person }: { person: PersonDto }) {
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null)
  const make = async () => {
    try {
      const answer = await api<{ resetLink: { url: string; expiresAt: string } }>(
        `/api/people/${person._id}/reset-link`,
        { method: 'POST' },
      )
      setLink(answer.resetLink)
    } catch (failure) {
      notify.error(failureText(failure))
    }
  }
  return (
    <>
      <button
        type="button"
        className={buttonStyles.rowAction}
        aria-label={`Make a password reset link for ${person.name}`}
        onClick={make}
      >
        Reset link
      </button>
      <Modal open={link !== null} onOpenChange={(open) => !open && setLink(null)} title="Password reset link">
        {link ? (
          <CopyableLink
            label="Password reset link"
            url={link.url}
            intro={
              <p>
                Give this link to <strong>{person.name}</strong> ({person.email}) yourself. They choose a new
                password with it.
              </p>
            }
            expiresAt={link.expiresAt}
          />
        ) : null}
      </Modal>
    </>
  )
}
