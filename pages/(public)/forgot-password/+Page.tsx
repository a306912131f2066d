import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useData } from 'vike-react/useData'
import type { z } from 'zod'
import { api } from '../../../components/console/api'
import { ConsoleToaster } from '../../../components/console/ConsoleToaster'
import { notify } from '../../../components/console/notify'
import { TextField } from '../../../components/form/Field'
import { SubmitButton } from '../../../components/form/SubmitButton'
import { showServerErrors } from '../../../components/form/serverErrors'
import { forgotPasswordSchema } from '../../../db/validation'
import type { Data } from './+data'

type Input = z.infer<typeof forgotPasswordSchema>

function ForgotForm() {
  const [answer, setAnswer] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } })
  const onSubmit = async (input: Input) => {
    try {
      const result = await api<{ message: string }>('/api/auth/forgot', { method: 'POST', json: input })
      setAnswer(result.message)
    } catch (failure) {
      notify.error(showServerErrors(failure, setError, ['email']))
    }
  }
  if (answer)
    return (
      <p role="status" className="mt-6 rounded-md bg-green-50 p-3 text-sm text-green-900">
        {answer}
      </p>
    )
  return (
    <form noValidate className="mt-6 space-y-4" onSubmit={handleSubmit(onSubmit)}>
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <div className="[&>button]:w-full">
        <SubmitButton pending={isSubmitting} label="Send me a link" pendingLabel="Sending..." />
      </div>
    </form>
  )
}

export function Page() {
  const { mailConfigured } = useData<Data>()
  return (
    <section className="flex justify-center bg-slate-50 px-4 py-16 sm:py-24">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">
          Forgot your password?
        </h1>
        {mailConfigured ? (
          <>
            <p className="mt-2 text-center text-sm text-slate-600">
              We email you a link to choose a new one. It works once, for one hour.
            </p>
            <ForgotForm />
          </>
        ) : (
          <p className="mt-3 text-center text-sm text-slate-600">
            This site cannot send email. Ask an administrator: they can make you a link to choose a new
            password.
          </p>
        )}
        <p className="mt-4 text-center text-sm">
          <a href="/login" className="font-medium text-brand-700 hover:underline">
            Back to sign in
          </a>
        </p>
      </div>
      <ConsoleToaster />
    </section>
  )
}
