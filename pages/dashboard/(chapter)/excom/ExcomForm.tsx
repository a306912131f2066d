import { useState } from 'react'
import type { z } from 'zod'
import { api } from '#components/console/api'
import { ApiForm } from '#components/form/ApiForm'
import { TextField } from '#components/form/Field'
import { ImageFormField } from '#components/form/ImageField'
import { useApiForm } from '#components/form/useApiForm'
import type { ExcomMemberDto } from '#db/dto'
import { excomMemberInputSchema } from '#db/validation'

type Values = z.input<typeof excomMemberInputSchema>

const fromMember = ({ _id, ...fields }: ExcomMemberDto): Values => fields

/**
 * Add and edit an executive committee member (docs/product.md#console-screens): Member Name, Designation, Affiliation,
 * Image, Email (the image and the email may be left empty). Used by the pages and by the edit dialog of the list; `onSaved` says where to go next.
 */
export function ExcomForm({
  member,
  onSaved,
}: {
  member?: ExcomMemberDto
  onSaved: () => void | Promise<void>
}) {
  const [uploading, setUploading] = useState(false)
  const {
    field,
    control,
    submit,
    formState: { isSubmitting },
  } = useApiForm(excomMemberInputSchema, {
    defaultValues: member
      ? fromMember(member)
      : { name: '', designation: '', affiliation: '', image: '', email: '' },
    save: (input) =>
      member
        ? api(`/api/excom/${member._id}`, { method: 'PUT', json: input })
        : api('/api/excom', { method: 'POST', json: input }),
    success: member ? 'Member updated successfully' : 'Member added successfully',
    invalidate: ['excom'],
    onSaved,
  })

  return (
    <ApiForm
      onSubmit={submit}
      pending={isSubmitting}
      busy={uploading}
      label={member ? 'Update Member' : 'Add Member'}
      pendingLabel={member ? 'Updating member...' : 'Adding member...'}
      className="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <TextField label="Member Name" {...field('name')} />
      <TextField label="Designation" {...field('designation')} />
      <TextField label="Affiliation" {...field('affiliation')} />
      <TextField
        label="Email"
        type="email"
        hint="Optional: without one the cards show no email."
        {...field('email')}
      />
      <div className="sm:col-span-2">
        <ImageFormField
          control={control}
          name="image"
          label="Image"
          optional="Optional: without a photo the cards show the member's initials."
          onUploadingChange={setUploading}
        />
      </div>
    </ApiForm>
  )
}
