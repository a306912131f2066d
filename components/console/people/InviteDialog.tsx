import { useState } from 'react'
import type { InvitationDto, MailDelivery } from '#db/dto'
import { invitationInputSchema } from '#db/validation'
import { Modal } from '../../dialogs/Modal'
import { TextField } from '../../form/Field'
import { SubmitButton } from '../../form/SubmitButton'
import { useApiForm } from '../../form/useApiForm'
import { buttonStyles } from '../../ui/styles'
import { api } from '../api'
import { PublicUrlWarning } from '../publicUrl'
import { CopyableLink } from './CopyableLink'

export type Invited = { invitation: InvitationDto & { url: string }; email: MailDelivery }

/** 'Invite officer' and its dialog: the email address, then the link to copy and whether the email went. */
export function InviteDialog({
  chapterSlug,
  noun,
  onInvited,
}: {
  chapterSlug?: string | undefined
  noun: string
  onInvited: () => Promise<void>
}) {
  const [open, setOpen] = useState(false)
  const [invited, setInvited] = useState<Invited | null>(null)
  const {
    field,
    submit,
    reset,
    formState: { isSubmitting },
  } = useApiForm(invitationInputSchema, {
    defaultValues: { email: '', chapterSlug },
    save: (input) => api<Invited>('/api/invitations', { method: 'POST', json: { ...input, chapterSlug } }),
    success: 'Invitation created',
    onSaved: async (answer) => {
      setInvited(answer)
      await onInvited()
    },
  })
  const close = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setInvited(null)
      reset({ email: '', chapterSlug })
    }
  }
  return (
    <>
      <button type="button" className={buttonStyles.primary} onClick={() => setOpen(true)}>
        Invite {noun}
      </button>
      <Modal open={open} onOpenChange={close} title={`Invite ${noun}`}>
        {invited ? (
          <InvitationLink invited={invited} />
        ) : (
          <form noValidate onSubmit={submit} className="space-y-4">
            <PublicUrlWarning />
            <TextField
              label="Email address"
              type="email"
              autoComplete="off"
              hint="They choose their own name and password. The link works once, for 7 days."
              {...field('email')}
            />
            <SubmitButton pending={isSubmitting} label="Send invitation" pendingLabel="Inviting..." />
          </form>
        )}
      </Modal>
    </>
  )
}

/** The invitation's link to copy, and whether its email went out (the invite dialog, a new chapter's first officer). */
export function InvitationLink({ invited }: { invited: Invited }) {
  const { invitation, email } = invited
  const intro =
    email === 'queued' ? (
      <p role="status">
        The email to <strong>{invitation.email}</strong> is on its way (the site keeps trying while the mail
        server is down). You can also send them this link yourself:
      </p>
    ) : (
      <p role="status">
        No mail server is set up. Copy this link and send it to <strong>{invitation.email}</strong> yourself.
      </p>
    )
  return (
    <CopyableLink
      label="Invitation link"
      url={invitation.url}
      intro={intro}
      expiresAt={invitation.expiresAt}
    />
  )
}
