import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useData } from 'vike-react/useData'
import { z } from 'zod'
import { api } from '../../../../components/console/api'
import { ConsoleToaster } from '../../../../components/console/ConsoleToaster'
import { notify } from '../../../../components/console/notify'
import { TextField } from '../../../../components/form/Field'
import { SubmitButton } from '../../../../components/form/SubmitButton'
import { showServerErrors } from '../../../../components/form/serverErrors'
import { LIMITS, passwordField } from '../../../../db/validation'
import type { Data } from './+data'

const formSchema = z.strictObject({ password: passwordField })
type Input = z.infer<typeof formSchema>

function ResetForm({ token }: { token: string }) {
  const [done, setDone] = useState(false)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input>({ resolver: zodResolver(formSchema), defaultValues: { password: '' } })
  const onSubmit = async (input: Input) => {
    try {
      await api('/api/auth/reset', { method: 'POST', json: { token, password: input.password } })
      setDone(true)
    } catch (failure) {
      notify.error(showServerErrors(failure, setError, ['password']))
    }
  }
  if (done)
    return (
      <p role="status" className="mt-6 rounded-md bg-green-50 p-3 text-sm text-green-900">
        Your password is changed and you were signed out everywhere.{' '}
        <a href="/login" className="font-medium underline">
          Sign in
        </a>{' '}
        with the new one.
      </p>
    )
  return (
    <form noValidate className="mt-6 space-y-4" onSubmit={handleSubmit(onSubmit)}>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters; a common password is refused.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="[&>button]:w-full">
        <SubmitButton pending={isSubmitting} label="Save new password" pendingLabel="Saving..." />
      </div>
    </form>
  )
}

export function Page() {
  const { status, token } = useData<Data>()
  return (
    <section className="flex justify-center bg-slate-50 px-4 py-16 sm:py-24">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {status === 'usable' ? (
          <>
            <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">
              Choose a new password
            </h1>
            <ResetForm token={token} />
          </>
        ) : (
          <>
            <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">
              {status === 'gone' ? 'This link no longer works' : 'This link is not valid'}
            </h1>
            <p className="mt-3 text-center text-sm text-slate-600">
              {status === 'gone'
                ? 'It has expired, was already used, or the password was changed since. Ask for a new one.'
                : 'Check that you copied the whole link, or ask for a new one.'}
            </p>
            <p className="mt-4 text-center text-sm">
              <a href="/forgot-password" className="font-medium text-brand-700 hover:underline">
                Ask for a new link
              </a>
            </p>
          </>
        )}
      </div>
      <ConsoleToaster />
    </section>
  )
}
