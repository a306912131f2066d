import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useData } from 'vike-react/useData'
import { api } from '#components/console/api'
import { notify } from '#components/console/notify'
import { FormCard, PageHeader } from '#components/console/PageHeader'
import { ApiForm } from '#components/form/ApiForm'
import { TextField } from '#components/form/Field'
import { useApiForm } from '#components/form/useApiForm'
import { LocalTime } from '#components/ui/LocalTime'
import { buttonStyles } from '#components/ui/styles'
import type { SessionDto } from '#db/dto'
import { accountNameSchema, LIMITS, passwordChangeSchema } from '#db/validation'
import type { Data } from './+data'

function NameForm({ name }: { name: string }) {
  const {
    field,
    submit,
    formState: { isSubmitting },
  } = useApiForm(accountNameSchema, {
    defaultValues: { name },
    save: (input) => api('/api/auth/me', { method: 'PATCH', json: input }),
    success: 'Name saved',
  })
  return (
    <ApiForm
      onSubmit={submit}
      pending={isSubmitting}
      label="Save name"
      pendingLabel="Saving..."
      className="space-y-4"
    >
      <TextField label="Your name" autoComplete="name" {...field('name')} />
    </ApiForm>
  )
}

function PasswordForm() {
  const queryClient = useQueryClient()
  const {
    field,
    submit,
    reset,
    formState: { isSubmitting },
  } = useApiForm(passwordChangeSchema, {
    defaultValues: { currentPassword: '', newPassword: '' },
    save: (input) => api('/api/auth/password', { method: 'POST', json: input }),
    success: 'Password changed. You were signed out everywhere else.',
    onSaved: async () => {
      reset({ currentPassword: '', newPassword: '' })
      await queryClient.invalidateQueries({ queryKey: ['sessions'] })
    },
  })
  return (
    <ApiForm
      onSubmit={submit}
      pending={isSubmitting}
      label="Change password"
      pendingLabel="Changing..."
      className="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...field('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters. Your other sessions end.`}
        {...field('newPassword')}
      />
    </ApiForm>
  )
}

function Sessions() {
  const queryClient = useQueryClient()
  const sessions = useQuery({
    queryKey: ['sessions'],
    queryFn: ({ signal }) => api<{ sessions: SessionDto[] }>('/api/auth/sessions', { signal }),
  })
  const signOut = async (path: string, success: string) => {
    try {
      await api(path, { method: 'DELETE' })
      notify.success(success)
    } catch {
      notify.error('Something went wrong')
    }
    await queryClient.invalidateQueries({ queryKey: ['sessions'] })
  }
  const list = sessions.data?.sessions ?? []
  return (
    <div className="space-y-3">
      <ul
        className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm"
        aria-label="Sessions"
      >
        {list.map((session) => (
          <li key={session._id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
            <span>
              <span className="font-medium text-slate-900">
                {session.browser} on {session.system}
              </span>
              {session.isCurrent ? (
                <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs text-green-800">
                  This device
                </span>
              ) : null}
              <span className="block text-xs text-slate-500">
                Signed in <LocalTime at={session.createdAt} /> · last seen{' '}
                <LocalTime at={session.lastSeenAt} />
              </span>
            </span>
            {session.isCurrent ? null : (
              <button
                type="button"
                className={buttonStyles.rowDanger}
                onClick={() => signOut(`/api/auth/sessions/${session._id}`, 'Signed out')}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      {list.length > 1 ? (
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={() => signOut('/api/auth/sessions', 'Signed out everywhere else')}
        >
          Sign out all other sessions
        </button>
      ) : null}
    </div>
  )
}

export function Page() {
  const { name, email } = useData<Data>()
  return (
    <>
      <PageHeader title="Account" description={`Signed in as ${email}`} />
      <div className="space-y-6">
        <FormCard>
          <h2 className="mb-3 text-base font-semibold text-slate-900">Name</h2>
          <NameForm name={name} />
        </FormCard>
        <FormCard>
          <h2 className="mb-3 text-base font-semibold text-slate-900">Password</h2>
          <PasswordForm />
        </FormCard>
        <section aria-labelledby="sessions-heading">
          <h2 id="sessions-heading" className="mb-3 text-base font-semibold text-slate-900">
            Sessions
          </h2>
          <Sessions />
        </section>
      </div>
    </>
  )
}
