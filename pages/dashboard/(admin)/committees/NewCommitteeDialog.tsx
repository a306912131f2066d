import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { navigate } from 'vike/client/router'
import { api } from '#components/console/api'
import { Modal } from '#components/dialogs/Modal'
import { SelectField, TextField } from '#components/form/Field'
import { SubmitButton } from '#components/form/SubmitButton'
import { useApiForm } from '#components/form/useApiForm'
import { buttonStyles } from '#components/ui/styles'
import { committeeKinds } from '#db/schema-enums'
import { committeeCreateSchema, committeeKindInfo } from '#db/validation'
import type { CommitteeDto } from './types'

/** "New committee": an empty draft of a kind and year (a chair and members), then its editor. */
export function NewCommitteeDialog({ thisYear }: { thisYear: number }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className={buttonStyles.primary} onClick={() => setOpen(true)}>
        New committee
      </button>
      <Modal open={open} onOpenChange={setOpen} title="New committee">
        <NewCommitteeForm thisYear={thisYear} onCancel={() => setOpen(false)} />
      </Modal>
    </>
  )
}

function NewCommitteeForm({ thisYear, onCancel }: { thisYear: number; onCancel: () => void }) {
  const {
    field,
    control,
    submit,
    formState: { isSubmitting },
  } = useApiForm(committeeCreateSchema, {
    defaultValues: { kind: 'excom', year: thisYear },
    save: (input) => api<{ committee: CommitteeDto }>('/api/committees', { method: 'POST', json: input }),
    success: 'Committee created as a draft',
    invalidate: ['committees'],
    onSaved: ({ committee }) => navigate(`/dashboard/committees/${committee._id}`),
  })
  const [kind, year] = useWatch({ control, name: ['kind', 'year'] })
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <SelectField label="Kind" {...field('kind')}>
        {committeeKinds.map((option) => (
          <option key={option} value={option}>
            {committeeKindInfo[option].title}
          </option>
        ))}
      </SelectField>
      <TextField label="Year" type="number" inputMode="numeric" {...field('year', { valueAsNumber: true })} />
      <TextField
        label="Title"
        hint={`Optional: "${committeeKindInfo[kind ?? 'excom'].title} ${Number.isFinite(year) ? year : thisYear}" when left empty.`}
        {...field('title', { setValueAs: (value: string) => value.trim() || undefined })}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonStyles.secondary} onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </button>
        <SubmitButton pending={isSubmitting} label="Create draft" pendingLabel="Creating..." />
      </div>
    </form>
  )
}
