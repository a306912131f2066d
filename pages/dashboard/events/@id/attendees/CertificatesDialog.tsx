import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { api } from '#components/console/api'
import { Modal } from '#components/dialogs/Modal'
import { SelectField, TextField } from '#components/form/Field'
import { SubmitButton } from '#components/form/SubmitButton'
import { useApiForm } from '#components/form/useApiForm'
import type { CertificateTemplateDto, IssuedCertificateDto } from '#db/dto'
import { certificateRoles } from '#db/schema-enums'
import { CERTIFICATE_ROLE_LABELS, certificateIssueSchema } from '#db/validation'

type Queued = { queued: number }
type Issued = {
  certificates: IssuedCertificateDto[]
  progress: { pending: number; done: number; failed: number }
  failures: { registrationId: string; error: string | null }[]
}

/** How the issuing goes: polled while certificates are waiting in the queue. */
function IssuingProgress({ eventId, queued, before }: { eventId: string; queued: number; before: number }) {
  const progress = useQuery({
    queryKey: ['certificate-progress', eventId],
    queryFn: () => api<Issued>(`/api/events/${eventId}/certificates`),
    refetchInterval: (query) => ((query.state.data?.progress.pending ?? 1) > 0 ? 1_000 : false),
  })
  const counts = progress.data?.progress
  if (queued === 0) return <p role="status">Nobody to issue certificates to: no one chosen is checked in.</p>
  const finished = counts ? counts.done + counts.failed - before : 0
  return (
    <div role="status" className="space-y-2">
      <p className="font-medium text-slate-900">
        {counts ? `Issued ${Math.min(finished, queued)} of ${queued}` : `Issuing ${queued}...`}
        {counts && counts.failed > 0 ? `, ${counts.failed} could not be made` : ''}
      </p>
      <progress
        className="h-2 w-full"
        max={queued}
        value={Math.min(finished, queued)}
        aria-label="Certificates issued"
      />
      {counts && counts.pending === 0 ? (
        <p className="text-sm text-slate-600">Done: each attendee gets their certificate by mail.</p>
      ) : null}
    </div>
  )
}

/** Who gets a certificate: the selected rows, or (undefined) everyone checked in. */
export type Recipients = { id: string; name: string }[] | undefined

function IssueForm({
  eventId,
  recipients,
  onQueued,
}: {
  eventId: string
  recipients: Recipients
  onQueued: (queued: Queued, before: number) => void
}) {
  const registrationIds = recipients?.map((recipient) => recipient.id)
  const single = recipients?.length === 1 ? recipients[0] : undefined
  // One attendee: their name can be corrected here before the certificate is issued (again).
  const [name, setName] = useState(single?.name ?? '')
  const templates = useQuery({
    queryKey: ['certificate-templates'],
    queryFn: () => api<{ templates: CertificateTemplateDto[] }>('/api/certificate-templates'),
  })
  const {
    field,
    submit,
    control,
    getValues,
    setValue,
    formState: { isSubmitting },
  } = useApiForm(certificateIssueSchema, {
    defaultValues: { templateId: '', role: 'participant', place: '', registrationIds },
    save: async (input) => {
      if (single && name.trim() !== single.name)
        await api(`/api/events/${eventId}/registrations/${single.id}`, { method: 'PATCH', json: { name } })
      const before = await api<Issued>(`/api/events/${eventId}/certificates`)
      const answer = await api<Queued>(`/api/events/${eventId}/certificates`, { method: 'POST', json: input })
      return { answer, before: before.progress.done + before.progress.failed }
    },
    success: 'Certificates queued',
    invalidate: ['registrations'],
    onSaved: ({ answer, before }) => onQueued(answer, before),
  })
  const role = useWatch({ control, name: 'role' })
  const list = templates.data?.templates ?? []
  // The only template there is needs no choosing.
  const onlyTemplate = list.length === 1 ? list[0]?._id : undefined
  useEffect(() => {
    if (onlyTemplate && getValues('templateId') === '') setValue('templateId', onlyTemplate)
  }, [onlyTemplate, getValues, setValue])
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-slate-700">
        {registrationIds
          ? `To the ${registrationIds.length} selected ${registrationIds.length === 1 ? 'attendee' : 'attendees'}.`
          : 'To everyone checked in. Someone who has one already gets it again under the same serial.'}
      </p>
      {single ? (
        <TextField
          label="Name on the certificate"
          hint="Correct a typo here: the registration takes the new name (a confirmed attendee gets a new ticket), and a certificate issued before keeps its serial."
          maxLength={120}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      ) : null}
      <SelectField label="Template" {...field('templateId')}>
        <option value="">{templates.isPending ? 'Loading...' : 'Choose a template'}</option>
        {list.map((template) => (
          <option key={template._id} value={template._id}>
            {template.name}
            {template.chapterId === null ? ' (site-wide)' : ''}
          </option>
        ))}
      </SelectField>
      <SelectField label="Role" {...field('role')}>
        {certificateRoles.map((value) => (
          <option key={value} value={value}>
            {CERTIFICATE_ROLE_LABELS[value]}
          </option>
        ))}
      </SelectField>
      {role === 'winner' ? (
        <TextField
          label="Place (optional)"
          hint='Printed as "for winning First place in".'
          placeholder="First place"
          maxLength={80}
          {...field('place')}
        />
      ) : null}
      <SubmitButton pending={isSubmitting} label="Issue certificates" pendingLabel="Queueing..." />
    </form>
  )
}

/** "Issue certificates": a template and a role, to everyone checked in or to the selected rows. */
export function CertificatesDialog({
  eventId,
  recipients,
  open,
  onOpenChange,
}: {
  eventId: string
  recipients: Recipients
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [queued, setQueued] = useState<{ queued: number; before: number } | null>(null)
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      onClosed={() => setQueued(null)}
      title="Issue certificates"
      description="Made in the background and mailed to each attendee with a link to check them."
      size="lg"
    >
      {queued ? (
        <IssuingProgress eventId={eventId} queued={queued.queued} before={queued.before} />
      ) : (
        <IssueForm
          eventId={eventId}
          recipients={recipients}
          onQueued={(answer, before) => setQueued({ queued: answer.queued, before })}
        />
      )}
    </Modal>
  )
}
