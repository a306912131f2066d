import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { api } from '#components/console/api'
import { Modal } from '#components/dialogs/Modal'
import { SelectField, TextAreaField, TextField } from '#components/form/Field'
import { SubmitButton } from '#components/form/SubmitButton'
import { useApiForm } from '#components/form/useApiForm'
import { LIMITS } from '#db/limits'
import type { RegistrationStatus } from '#db/schema-enums'
import { attendeeMessageSchema } from '#db/validation'

type Sent = { messageId: string; queued: number }
type Progress = { progress: { pending: number; sent: number; failed: number } }

/** How a message goes out: polled while mails are waiting in the outbox. */
function SendingProgress({ eventId, sent }: { eventId: string; sent: Sent }) {
  const progress = useQuery({
    queryKey: ['message-progress', sent.messageId],
    queryFn: () => api<Progress>(`/api/events/${eventId}/messages/${sent.messageId}`),
    refetchInterval: (query) => ((query.state.data?.progress.pending ?? 1) > 0 ? 1_000 : false),
  })
  const counts = progress.data?.progress
  if (sent.queued === 0) return <p role="status">No one to write to: no attendee is in that group.</p>
  return (
    <div role="status" className="space-y-2">
      <p className="font-medium text-slate-900">
        {counts ? `Sent ${counts.sent} of ${sent.queued}` : `Sending to ${sent.queued}...`}
        {counts && counts.failed > 0 ? `, ${counts.failed} could not be delivered` : ''}
      </p>
      <progress
        className="h-2 w-full"
        max={sent.queued}
        value={counts ? counts.sent + counts.failed : 0}
        aria-label="Mails sent"
      />
      {counts && counts.pending === 0 ? <p className="text-sm text-slate-600">Done.</p> : null}
    </div>
  )
}

/** How many registrations of each status the event has (the Attendees page's counts). */
export type StatusCounts = Record<RegistrationStatus, number>

/** Who each choice of "To" (confirmed, waitlisted, all) writes to, as the server picks them. */
const recipientsOf = (to: string, counts: StatusCounts) =>
  to === 'confirmed'
    ? counts.confirmed
    : to === 'waitlisted'
      ? counts.waitlisted + counts.offered
      : counts.confirmed + counts.pending + counts.offered + counts.waitlisted

function MessageForm({
  eventId,
  counts,
  onSent,
}: {
  eventId: string
  counts: StatusCounts | undefined
  onSent: (sent: Sent) => void
}) {
  const {
    field,
    submit,
    control,
    formState: { isSubmitting },
  } = useApiForm(attendeeMessageSchema, {
    defaultValues: { to: 'confirmed', subject: '', text: '' },
    save: (input) => api<Sent>(`/api/events/${eventId}/messages`, { method: 'POST', json: input }),
    success: 'Message queued',
    onSaved: onSent,
  })
  const to = useWatch({ control, name: 'to' })
  const recipients = counts ? recipientsOf(to, counts) : undefined
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <SelectField
        label="To"
        hint={
          recipients === undefined
            ? undefined
            : recipients === 1
              ? '1 person gets it.'
              : `${recipients.toLocaleString('en-US')} people get it.`
        }
        {...field('to')}
      >
        <option value="confirmed">Confirmed attendees</option>
        <option value="waitlisted">The waiting list (and open offers)</option>
        <option value="all">Everyone registered (not cancelled)</option>
      </SelectField>
      <TextField label="Subject" maxLength={LIMITS.subject} {...field('subject')} />
      <TextAreaField
        label="Message"
        rows={8}
        maxLength={LIMITS.message}
        hint="Sent as plain text, one mail per attendee, with the event's details and their manage link."
        {...field('text')}
      />
      <SubmitButton pending={isSubmitting} label="Send" pendingLabel="Sending..." />
    </form>
  )
}

/** "Message attendees": a subject and text to the confirmed, the waiting list or everyone, through the outbox. */
export function WriteToAttendeesDialog({
  eventId,
  counts,
  open,
  onOpenChange,
}: {
  eventId: string
  /** The event's registrations by status, to say how many a message reaches before it is sent. */
  counts: StatusCounts | undefined
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [sent, setSent] = useState<Sent | null>(null)
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      onClosed={() => setSent(null)}
      title="Message attendees"
      description="Each attendee gets their own mail."
      size="lg"
    >
      {sent ? (
        <SendingProgress eventId={eventId} sent={sent} />
      ) : (
        <MessageForm eventId={eventId} counts={counts} onSent={setSent} />
      )}
    </Modal>
  )
}
