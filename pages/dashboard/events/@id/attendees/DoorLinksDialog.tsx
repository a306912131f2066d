import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiRequestError, api } from '#components/console/api'
import { notify } from '#components/console/notify'
import { CopyableLink } from '#components/console/people/CopyableLink'
import { ConfirmDialog } from '#components/dialogs/ConfirmDialog'
import { Modal } from '#components/dialogs/Modal'
import { TextField } from '#components/form/Field'
import { SubmitButton } from '#components/form/SubmitButton'
import { useApiForm } from '#components/form/useApiForm'
import { LocalTime } from '#components/ui/LocalTime'
import { QrCode } from '#components/ui/QrCode'
import { buttonStyles } from '#components/ui/styles'
import { doorLinkSchema } from '#db/validation'

type DoorLinkRow = {
  id: string
  label: string
  createdBy: string
  opensAt: string
  expiresAt: string
  revokedAt: string | null
  lastUsedAt: string | null
  active: boolean
}
type Created = { doorLink: DoorLinkRow & { url: string; pin: string; qrSvg: string } }

/** The link just made: its QR code to scan off this screen, its PIN to say aloud, the link to copy. */
function CreatedLink({ link }: { link: Created['doorLink'] }) {
  return (
    <section aria-labelledby="door-link-created" className="space-y-4 rounded-lg border border-brand-200 p-4">
      <h3 id="door-link-created" className="font-semibold text-slate-900">
        {link.label}: scan, then type the PIN
      </h3>
      <div className="flex flex-wrap items-center gap-6">
        <QrCode svg={link.qrSvg} label={`QR code of the door link ${link.label}`} className="w-44" />
        <div>
          <p className="text-sm font-medium text-slate-700">PIN: say it aloud, it is shown only now</p>
          <p className="font-mono text-5xl font-bold tracking-[0.2em] text-slate-900" data-door-pin>
            {link.pin}
          </p>
        </div>
      </div>
      <CopyableLink
        label="Door link"
        url={link.url}
        intro={<p>Or send the link to the volunteer; they still need the PIN.</p>}
        expiresAt={link.expiresAt}
        lifetime="It lets one event's check-in in"
      />
    </section>
  )
}

/** The event's door links, newest first, each with Revoke while it works. */
function DoorLinkList({ eventId }: { eventId: string }) {
  const queryClient = useQueryClient()
  const links = useQuery({
    queryKey: ['door-links', eventId],
    queryFn: () => api<{ doorLinks: DoorLinkRow[] }>(`/api/events/${eventId}/door-links`),
  })
  const revoke = async (link: DoorLinkRow) => {
    try {
      await api(`/api/events/${eventId}/door-links/${link.id}`, { method: 'DELETE' })
      notify.success(`${link.label}: revoked`)
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : 'Something went wrong')
    }
    await queryClient.invalidateQueries({ queryKey: ['door-links', eventId] })
  }
  const rows = links.data?.doorLinks ?? []
  if (links.isPending) return <p className="text-sm text-slate-600">Loading door links...</p>
  if (rows.length === 0) return <p className="text-sm text-slate-600">No door links yet.</p>
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Door links">
      {rows.map((link) => (
        <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
          <div>
            <p className="font-medium text-slate-900">{link.label}</p>
            <p className="text-slate-600">
              By {link.createdBy} ·{' '}
              {link.revokedAt ? (
                <>
                  revoked <LocalTime at={link.revokedAt} />
                </>
              ) : link.active ? (
                <>
                  <LocalTime at={link.opensAt} /> until <LocalTime at={link.expiresAt} />
                </>
              ) : (
                'expired'
              )}
              {link.lastUsedAt ? (
                <>
                  {' '}
                  · last used <LocalTime at={link.lastUsedAt} />
                </>
              ) : null}
            </p>
          </div>
          {link.active ? (
            <ConfirmDialog
              trigger={
                <button
                  type="button"
                  className={buttonStyles.rowDanger}
                  aria-label={`Revoke the door link ${link.label}`}
                >
                  Revoke
                </button>
              }
              title="Revoke this door link?"
              description={<p>Whoever holds {link.label} can no longer check anyone in, from now.</p>}
              confirmLabel="Revoke"
              pendingLabel="Revoking..."
              onConfirm={() => revoke(link)}
            />
          ) : null}
        </li>
      ))}
    </ul>
  )
}

function NewDoorLinkForm({ eventId, onCreated }: { eventId: string; onCreated: (answer: Created) => void }) {
  const {
    field,
    submit,
    formState: { isSubmitting },
  } = useApiForm(doorLinkSchema, {
    defaultValues: { label: '' },
    save: (input) => api<Created>(`/api/events/${eventId}/door-links`, { method: 'POST', json: input }),
    success: 'Door link made',
    invalidate: ['door-links'],
    onSaved: onCreated,
  })
  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-48 flex-1">
        <TextField
          label="Label"
          hint="Who holds it, as check-ins name them: North door, Rafi's phone"
          maxLength={60}
          {...field('label')}
        />
      </div>
      <SubmitButton pending={isSubmitting} label="Make a door link" pendingLabel="Making..." />
    </form>
  )
}

/**
 * "Door links" (docs/decisions/080-door-links.md): links with a PIN that let volunteers without an account
 * check attendees in at this event until the end of its day; made, shown once, and revoked here.
 */
export function DoorLinksDialog({
  eventId,
  open,
  onOpenChange,
}: {
  eventId: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [created, setCreated] = useState<Created['doorLink'] | null>(null)
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      onClosed={() => setCreated(null)}
      title="Door links"
      description="Let volunteers without an account check attendees in at this event, until the end of its day."
      size="lg"
    >
      <div className="space-y-5">
        <NewDoorLinkForm eventId={eventId} onCreated={(answer) => setCreated(answer.doorLink)} />
        {created ? <CreatedLink link={created} /> : null}
        <DoorLinkList eventId={eventId} />
      </div>
    </Modal>
  )
}
