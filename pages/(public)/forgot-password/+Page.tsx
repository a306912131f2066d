import { useState } from 'react'
import { useData } from 'vike-react/useData'
import type { z } from 'zod'
import { AccountCard, AccountCardLink } from '#components/console/AccountCard'
import { api } from '#components/console/api'
import { forgotPasswordSchema } from '#db/validation'
import { AccountForm, EmailAddressField, useAccountForm } from '../AccountForm'
import type { Data } from './+data'

type Input = z.infer<typeof forgotPasswordSchema>

function ForgotForm() {
  const [answer, setAnswer] = useState<string | null>(null)
  const { register, errors, isSubmitting, onSubmit } = useAccountForm<Input>(
    forgotPasswordSchema,
    { email: '' },
    {
      send: async (input) => {
        const result = await api<{ message: string }>('/api/auth/forgot', { method: 'POST', json: input })
        setAnswer(result.message)
      },
    },
  )
  if (answer)
    return (
      <p role="status" className="mt-6 rounded-md bg-green-50 p-3 text-sm text-green-900">
        {answer}
      </p>
    )
  return (
    <AccountForm onSubmit={onSubmit} pending={isSubmitting} label="Send me a link" pendingLabel="Sending...">
      <EmailAddressField error={errors.email?.message} {...register('email')} />
    </AccountForm>
  )
}

export function Page() {
  const { mailConfigured } = useData<Data>()
  return (
    <AccountCard title="Forgot your password?">
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
      <AccountCardLink href="/login">Back to sign in</AccountCardLink>
    </AccountCard>
  )
}
