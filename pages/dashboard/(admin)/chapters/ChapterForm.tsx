import { navigate } from 'vike/client/router'
import { api } from '#components/console/api'
import { TextField } from '#components/form/Field'
import { SubmitButton } from '#components/form/SubmitButton'
import { useApiForm } from '#components/form/useApiForm'
import type { ChapterAccountDto } from '#db/dto'
import { chapterAccountInputSchema, chapterAccountUpdateSchema, LIMITS } from '#db/validation'

/**
 * Add chapter (docs/product.md#console-screens: Chapter's Name, Chapter Email Address, Password, Chapter Phone Number, POST
 * /api/users) and edit chapter (the same fields, the password only when a new one is typed, PUT
 * /api/users/{slug}). The phone is a tel input: the schema allows +, spaces and hyphens.
 */
export function ChapterForm({ chapter }: { chapter?: ChapterAccountDto }) {
  // Both schemas have the same fields; only a new account's password is required.
  const {
    register,
    submit,
    formState: { errors, isSubmitting },
  } = useApiForm(chapter ? chapterAccountUpdateSchema : chapterAccountInputSchema, {
    defaultValues: {
      name: chapter?.name ?? '',
      email: chapter?.email ?? '',
      phone: chapter?.phone ?? '',
      password: '',
    },
    save: ({ password, ...fields }) =>
      chapter
        ? api(`/api/users/${chapter.slug}`, {
            method: 'PUT',
            json: password ? { ...fields, password } : fields,
          })
        : api('/api/users', { method: 'POST', json: { ...fields, password } }),
    success: chapter ? 'Chapter Updated Successfully' : 'Chapter Added Successfully',
    invalidate: ['chapters'],
    onSaved: () => navigate('/dashboard/chapters'),
  })

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Chapter's Name"
        fieldClassName="sm:col-span-2"
        hint={chapter ? `The chapter page stays at /chapter/${chapter.slug}.` : undefined}
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
        label={chapter ? 'New Password' : 'Password'}
        type="password"
        autoComplete="new-password"
        fieldClassName="sm:col-span-2"
        hint={
          chapter
            ? 'Leave empty to keep the current password. A new one signs the chapter out everywhere.'
            : `${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters; a common password is refused.`
        }
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="sm:col-span-2">
        <SubmitButton
          pending={isSubmitting}
          label={chapter ? 'Update Chapter' : 'Add Chapter'}
          pendingLabel={chapter ? 'Updating Chapter...' : 'Adding Chapter...'}
        />
      </div>
    </form>
  )
}
