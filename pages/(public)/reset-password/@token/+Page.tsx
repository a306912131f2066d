import { useState } from 'react'
import { useData } from 'vike-react/useData'
import { z } from 'zod'
import { AccountCard, UnusableLinkCard } from '#components/console/AccountCard'
import { api } from '#components/console/api'
import { passwordField } from '#db/validation'
import { AccountForm, NewPasswordField, useAccountForm } from '../../AccountForm'
import type { Data } from './+data'

const formSchema = z.strictObject({ password: passwordField })
type Input = z.infer<typeof formSchema>

function ResetForm({ token }: { token: string }) {
  const [done, setDone] = useState(false)
  const { register, errors, isSubmitting, onSubmit } = useAccountForm<Input>(
    formSchema,
    { password: '' },
    {
      send: async (input) => {
        await api('/api/auth/reset', { method: 'POST', json: { token, password: input.password } })
        setDone(true)
      },
    },
  )
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
    <AccountForm
      onSubmit={onSubmit}
      pending={isSubmitting}
      label="Save new password"
      pendingLabel="Saving..."
    >
      <NewPasswordField label="New password" error={errors.password?.message} {...register('password')} />
    </AccountForm>
  )
}

export function Page() {
  const { status, token } = useData<Data>()
  if (status === 'usable')
    return (
      <AccountCard title="Choose a new password">
        <ResetForm token={token} />
      </AccountCard>
    )
  return (
    <UnusableLinkCard
      gone={status === 'gone'}
      why={{
        gone: 'It has expired, was already used, or the password was changed since. Ask for a new one.',
        invalid: 'Check that you copied the whole link, or ask for a new one.',
      }}
      link={{ href: '/forgot-password', label: 'Ask for a new link' }}
    />
  )
}
