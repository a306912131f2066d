import { useState } from 'react'
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form'
import { navigate } from 'vike/client/router'
import { api } from '#components/console/api'
import { InvitationLink, type Invited } from '#components/console/people/InviteDialog'
import { ApiForm } from '#components/form/ApiForm'
import { TextField } from '#components/form/Field'
import { useApiForm } from '#components/form/useApiForm'
import { buttonStyles } from '#components/ui/styles'
import type { ChapterAccountDto } from '#db/dto'
import { chapterAccountInputSchema, chapterAccountUpdateSchema, LIMITS } from '#db/validation'

/**
 * Add chapter (docs/product.md#console-screens: Chapter's Name, Chapter Email Address, Chapter Phone Number, First
 * Officer's Email; POST /api/users with `officerEmail`): the chapter is created and its first officer
 * invited by email, choosing their own name and password; the page then shows the invitation's link. Edit
 * chapter: the same fields but a new password (optional) for the officer who signs in with the chapter's
 * email instead of the officer's email (PUT /api/users/{slug}). The phone is a tel input: the schema allows
 * +, spaces and hyphens.
 */
export function ChapterForm({ chapter }: { chapter?: ChapterAccountDto }) {
  return chapter ? <EditChapterForm chapter={chapter} /> : <AddChapterForm />
}

type Created = Invited & { chapter: ChapterAccountDto }

function AddChapterForm() {
  const [created, setCreated] = useState<Created | null>(null)
  const {
    register,
    field,
    submit,
    formState: { errors, isSubmitting },
  } = useApiForm(chapterAccountInputSchema, {
    defaultValues: { name: '', email: '', phone: '', officerEmail: '' },
    save: (input) => api<Created>('/api/users', { method: 'POST', json: input }),
    success: 'Chapter added successfully',
    invalidate: ['chapters'],
    onSaved: setCreated,
  })

  if (created)
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm text-slate-700">
          <strong className="font-semibold text-slate-900">{created.chapter.name}</strong> is added. Its first
          officer joins with the invitation below.
        </p>
        <InvitationLink invited={created} />
        <div className="flex flex-wrap gap-2">
          <a href={`/dashboard/chapter/${created.chapter.slug}`} className={buttonStyles.primary}>
            Open the chapter
          </a>
          <a href="/dashboard/chapters" className={buttonStyles.secondary}>
            Back to chapters
          </a>
        </div>
      </div>
    )

  return (
    <ApiForm
      onSubmit={submit}
      pending={isSubmitting}
      label="Add Chapter"
      pendingLabel="Adding Chapter..."
      className="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <ChapterContactFields
        fields={{ name: register('name'), email: register('email'), phone: register('phone') }}
        errors={errors}
        emailHint="The chapter's contact address, shown on its page."
      />
      <TextField
        label="First Officer's Email"
        type="email"
        autoComplete="off"
        fieldClassName="sm:col-span-2"
        hint="They get an invitation by email and choose their own name and password. It may be the chapter's address. The link works once, for 7 days."
        {...field('officerEmail')}
      />
    </ApiForm>
  )
}

function EditChapterForm({ chapter }: { chapter: ChapterAccountDto }) {
  const {
    register,
    field,
    submit,
    formState: { errors, isSubmitting },
  } = useApiForm(chapterAccountUpdateSchema, {
    defaultValues: { name: chapter.name, email: chapter.email, phone: chapter.phone, password: '' },
    save: ({ password, ...fields }) =>
      api(`/api/users/${chapter.slug}`, {
        method: 'PUT',
        json: password ? { ...fields, password } : fields,
      }),
    success: 'Chapter updated successfully',
    invalidate: ['chapters'],
    onSaved: () => navigate('/dashboard/chapters'),
  })

  return (
    <ApiForm
      onSubmit={submit}
      pending={isSubmitting}
      label="Update Chapter"
      pendingLabel="Updating Chapter..."
      className="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <ChapterContactFields
        fields={{ name: register('name'), email: register('email'), phone: register('phone') }}
        errors={errors}
        nameHint={`The chapter page stays at /chapter/${chapter.slug}.`}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        fieldClassName="sm:col-span-2"
        hint={`For the officer who signs in with the chapter's email, if there is one. Leave empty to keep the current password; a new one (${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters) signs them out everywhere.`}
        {...field('password')}
      />
    </ApiForm>
  )
}

type ContactFieldName = 'name' | 'email' | 'phone'

/** The chapter's name, email and phone: the same three fields on Add and Edit, with their own hints. */
function ChapterContactFields({
  fields,
  errors,
  nameHint,
  emailHint,
}: {
  fields: Record<ContactFieldName, UseFormRegisterReturn>
  errors: FieldErrors<Record<ContactFieldName, string>>
  nameHint?: string
  emailHint?: string
}) {
  return (
    <>
      <TextField
        label="Chapter's Name"
        fieldClassName="sm:col-span-2"
        hint={nameHint}
        error={errors.name?.message}
        {...fields.name}
      />
      <TextField
        label="Chapter Email Address"
        type="email"
        autoComplete="off"
        hint={emailHint}
        error={errors.email?.message}
        {...fields.email}
      />
      <TextField
        label="Chapter Phone Number"
        type="tel"
        autoComplete="off"
        placeholder="+880 1700-000000"
        error={errors.phone?.message}
        {...fields.phone}
      />
    </>
  )
}
