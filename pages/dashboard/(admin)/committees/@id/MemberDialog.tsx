import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { Controller, type Path, useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { Modal } from '#components/dialogs/Modal'
import { boundField } from '#components/form/boundField'
import { Field, SelectField, TextField } from '#components/form/Field'
import { ImageField } from '#components/form/ImageField'
import { SubmitButton } from '#components/form/SubmitButton'
import { buttonStyles, inputStyles } from '#components/ui/styles'
import { committeePhotoOf } from '#content/images'
import { type CommitteeGroup, type CommitteeMember, committeeMemberSchema } from '#db/validation'

type Values = z.input<typeof committeeMemberSchema>

/** At most this many addresses a member (the schema's limit). */
const MAX_EMAILS = 5

/** What the member is called in the console, also before they have a name (a year copied without its people). */
export const memberName = (member: Pick<Values, 'name' | 'designation'>) =>
  member.name.trim() || `${member.designation} (no name yet)`

const valuesOf = (member: Values): Values => ({
  name: member.name,
  designation: member.designation,
  affiliation: member.affiliation ?? '',
  emails: member.emails ?? [],
  whatsapp: member.whatsapp ?? '',
  linkedin: member.linkedin ?? '',
  photo: member.photo ?? '',
  group: member.group,
})

/**
 * A member of the committee, added or edited in a dialog and checked by the schema that checks the API
 * (db/validation.ts `committeeMemberSchema`). Done puts the member into the committee's form; the
 * committee's Save sends them.
 */
export function MemberDialog({
  open,
  onOpenChange,
  member,
  groups,
  onDone,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The member to edit, or a new member's empty fields with its group. */
  member: Values & { isNew: boolean }
  groups: readonly CommitteeGroup[]
  onDone: (member: CommitteeMember) => void
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={member.isNew ? 'Add a member' : `Edit ${memberName(member)}`}
      description="The change is kept when you save the committee."
    >
      <MemberForm member={member} groups={groups} onDone={onDone} onCancel={() => onOpenChange(false)} />
    </Modal>
  )
}

function MemberForm({
  member,
  groups,
  onDone,
  onCancel,
}: {
  member: Values & { isNew: boolean }
  groups: readonly CommitteeGroup[]
  onDone: (member: CommitteeMember) => void
  onCancel: () => void
}) {
  const [uploading, setUploading] = useState(false)
  const form = useForm<Values, unknown, CommitteeMember>({
    resolver: zodResolver(committeeMemberSchema),
    defaultValues: valuesOf(member),
  })
  const {
    register,
    control,
    getValues,
    setValue,
    handleSubmit,
    formState: { errors },
  } = form
  const field = (name: Path<Values>) => boundField(form, name)
  const emails = useWatch({ control, name: 'emails' }) ?? []

  return (
    <form
      noValidate
      // The dialog is portalled out of the committee's form, but React still bubbles its submit there.
      onSubmit={(event) => {
        event.stopPropagation()
        void handleSubmit(onDone)(event)
      }}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField
        label="Name"
        hint="A draft may leave it empty; publishing needs every name."
        autoComplete="off"
        {...field('name')}
      />
      <TextField label="Designation" {...field('designation')} />
      <TextField
        label="Affiliation"
        hint="Optional: a department and university."
        {...field('affiliation')}
      />
      <SelectField label="Group" {...field('group')}>
        {groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.title}
          </option>
        ))}
      </SelectField>
      <fieldset className="grid gap-3 sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Emails</legend>
        {emails.length === 0 ? <p className="text-sm text-slate-600">No email address.</p> : null}
        {emails.map((_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: react-hook-form names the fields by index too.
          <div key={index} className="flex items-start gap-2">
            <Field
              label={`Email ${index + 1}`}
              error={errors.emails?.[index]?.message}
              className="min-w-0 flex-1"
            >
              {(fieldControl) => (
                <input
                  type="email"
                  {...register(`emails.${index}`)}
                  {...fieldControl}
                  className={inputStyles}
                />
              )}
            </Field>
            <button
              type="button"
              className={`${buttonStyles.secondary} mt-6 min-h-9`}
              onClick={() =>
                setValue(
                  'emails',
                  (getValues('emails') ?? []).filter((_, other) => other !== index),
                  { shouldDirty: true },
                )
              }
              aria-label={`Remove email ${index + 1}`}
            >
              Remove
            </button>
          </div>
        ))}
        {emails.length < MAX_EMAILS ? (
          <div>
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => setValue('emails', [...(getValues('emails') ?? []), ''], { shouldDirty: true })}
            >
              Add an email
            </button>
          </div>
        ) : null}
      </fieldset>
      <TextField
        label="WhatsApp"
        type="tel"
        hint="Optional, with the country code: +880 1711-000000."
        {...field('whatsapp')}
      />
      <TextField
        label="LinkedIn"
        type="url"
        hint="Optional: https://www.linkedin.com/in/…"
        {...field('linkedin')}
      />
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="photo"
          render={({ field, fieldState }) => (
            <ImageField
              label="Photo"
              // A picture that ships with the site is named by its key: the preview shows its file.
              value={committeePhotoOf(field.value)?.src ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              onUploadingChange={setUploading}
              optional="Optional: without a photo the card shows the initials."
            />
          )}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
          Cancel
        </button>
        <SubmitButton
          pending={false}
          disabled={uploading}
          label={member.isNew ? 'Add member' : 'Update member'}
          pendingLabel=""
        />
      </div>
    </form>
  )
}
