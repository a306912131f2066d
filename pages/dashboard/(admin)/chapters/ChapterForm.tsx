import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { navigate } from 'vike/client/router'
import type { z } from 'zod'
import { api } from '../../../../components/console/api'
import { notify } from '../../../../components/console/notify'
import { TextField } from '../../../../components/form/Field'
import { SubmitButton } from '../../../../components/form/SubmitButton'
import { showServerErrors } from '../../../../components/form/serverErrors'
import type { ChapterAccountDto } from '../../../../db/dto'
import {
  type ChapterAccountInput,
  type ChapterAccountUpdate,
  chapterAccountInputSchema,
  chapterAccountUpdateSchema,
  LIMITS,
} from '../../../../db/validation'

type NewValues = z.input<typeof chapterAccountInputSchema>
type EditValues = z.input<typeof chapterAccountUpdateSchema>
const FIELDS = ['name', 'email', 'password', 'phone'] as const

/** Add chapter (spec §2.5): Chapter's Name, Chapter Email Address, Password, Chapter Phone Number. */
export function AddChapterForm() {
  const queryClient = useQueryClient()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewValues, unknown, ChapterAccountInput>({
    resolver: zodResolver(chapterAccountInputSchema),
    defaultValues: { name: '', email: '', password: '', phone: '' },
  })

  const onSubmit = async (input: ChapterAccountInput) => {
    try {
      await api('/api/users', { method: 'POST', json: input })
    } catch (failure) {
      notify.error(showServerErrors(failure, setError, FIELDS))
      return
    }
    notify.success('Chapter Added Successfully')
    await queryClient.invalidateQueries({ queryKey: ['chapters'] })
    await navigate('/dashboard/chapters')
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Chapter's Name"
        fieldClassName="sm:col-span-2"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Chapter Email Address"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Chapter Phone Number"
        type="tel"
        autoComplete="off"
        placeholder="+880 1700-000000"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        fieldClassName="sm:col-span-2"
        hint={`${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters; a common password is refused.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="sm:col-span-2">
        <SubmitButton pending={isSubmitting} label="Add Chapter" pendingLabel="Adding Chapter..." />
      </div>
    </form>
  )
}

/** Edit a chapter account: name, email, phone, and a new password when one is typed (PUT /api/users/{slug}). */
export function EditChapterForm({ chapter }: { chapter: ChapterAccountDto }) {
  const queryClient = useQueryClient()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditValues, unknown, ChapterAccountUpdate>({
    resolver: zodResolver(chapterAccountUpdateSchema),
    defaultValues: { name: chapter.name, email: chapter.email, phone: chapter.phone, password: '' },
  })

  const onSubmit = async (input: ChapterAccountUpdate) => {
    const { password, ...fields } = input
    try {
      await api(`/api/users/${chapter.slug}`, { method: 'PUT', json: password ? input : fields })
    } catch (failure) {
      notify.error(showServerErrors(failure, setError, FIELDS))
      return
    }
    notify.success('Chapter Updated Successfully')
    await queryClient.invalidateQueries({ queryKey: ['chapters'] })
    await navigate('/dashboard/chapters')
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Chapter's Name"
        fieldClassName="sm:col-span-2"
        hint={`The chapter page stays at /chapter/${chapter.slug}.`}
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Chapter Email Address"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Chapter Phone Number"
        type="tel"
        autoComplete="off"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        fieldClassName="sm:col-span-2"
        hint="Leave empty to keep the current password. A new one signs the chapter out everywhere."
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="sm:col-span-2">
        <SubmitButton pending={isSubmitting} label="Update Chapter" pendingLabel="Updating Chapter..." />
      </div>
    </form>
  )
}
