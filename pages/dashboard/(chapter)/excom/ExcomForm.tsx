import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { api } from '../../../../components/console/api'
import { notify } from '../../../../components/console/notify'
import { TextField } from '../../../../components/form/Field'
import { ImageFormField } from '../../../../components/form/ImageField'
import { SubmitButton } from '../../../../components/form/SubmitButton'
import { showServerErrors } from '../../../../components/form/serverErrors'
import type { ExcomMemberDto } from '../../../../db/dto'
import { type ExcomMemberInput, excomMemberInputSchema } from '../../../../db/validation'

type Values = z.input<typeof excomMemberInputSchema>
const FIELDS = ['name', 'designation', 'affiliation', 'image', 'email'] as const

const fromMember = ({ _id, ...fields }: ExcomMemberDto): Values => fields

/**
 * Add and edit an executive committee member (spec §2.5): Member Name, Designation, Affiliation,
 * Image, Email. Used by the pages and by the edit dialog of the list; `onSaved` says where to go next.
 */
export function ExcomForm({
  member,
  onSaved,
}: {
  member?: ExcomMemberDto
  onSaved: () => void | Promise<void>
}) {
  const queryClient = useQueryClient()
  const [uploading, setUploading] = useState(false)
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, ExcomMemberInput>({
    resolver: zodResolver(excomMemberInputSchema),
    defaultValues: member
      ? fromMember(member)
      : { name: '', designation: '', affiliation: '', image: '', email: '' },
  })

  const onSubmit = async (input: ExcomMemberInput) => {
    try {
      if (member) await api(`/api/excom/${member._id}`, { method: 'PUT', json: input })
      else await api('/api/excom', { method: 'POST', json: input })
    } catch (failure) {
      notify.error(showServerErrors(failure, setError, FIELDS))
      return
    }
    notify.success(member ? 'Member Updated Successfully' : 'Member Added Successfully')
    await queryClient.invalidateQueries({ queryKey: ['excom'] })
    await onSaved()
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
      <TextField label="Member Name" error={errors.name?.message} {...register('name')} />
      <TextField label="Designation" error={errors.designation?.message} {...register('designation')} />
      <TextField label="Affiliation" error={errors.affiliation?.message} {...register('affiliation')} />
      <TextField label="Email" type="email" error={errors.email?.message} {...register('email')} />
      <div className="sm:col-span-2">
        <ImageFormField control={control} name="image" label="Image" onUploadingChange={setUploading} />
      </div>
      <div className="sm:col-span-2">
        <SubmitButton
          pending={isSubmitting}
          disabled={uploading}
          label={member ? 'Update Member' : 'Add Member'}
          pendingLabel={member ? 'Updating member...' : 'Adding member...'}
        />
      </div>
    </form>
  )
}
