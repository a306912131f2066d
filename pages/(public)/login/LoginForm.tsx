import { useState } from 'react'
import { navigate } from 'vike/client/router'
import { api } from '#components/console/api'
import { notify } from '#components/console/notify'
import { setSignedInHint } from '#components/console/signedInHint'
import { TextField } from '#components/form/Field'
import { type LoginInput, loginInputSchema } from '#db/validation'
import { AccountForm, EmailAddressField, useAccountForm } from '../AccountForm'

/**
 * The sign-in form. A refused sign-in (wrong email or password, the throttle's wait) is said in the card,
 * above the button, as an alert: where the eye is, and still there when the person looks up. Nothing of it
 * follows them to the dashboard.
 */
export function LoginForm() {
  const [signedIn, setSignedIn] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const { register, errors, isSubmitting, onSubmit } = useAccountForm<LoginInput>(
    loginInputSchema,
    { email: '', password: '' },
    {
      send: async (input) => {
        setRefusal(null)
        await api('/api/auth/login', { method: 'POST', json: input })
      },
      // The server's message: wrong credentials, or the throttle's 429 with its wait.
      refused: setRefusal,
      sent: async () => {
        setSignedIn(true)
        setSignedInHint(true)
        // Whatever this page said before is over; only the welcome goes along to the dashboard.
        notify.dismissAll()
        notify.success('Login successful')
        await navigate('/dashboard')
      },
    },
  )

  return (
    <AccountForm
      onSubmit={onSubmit}
      pending={isSubmitting || signedIn}
      label="Sign in"
      pendingLabel="Signing in..."
    >
      <EmailAddressField error={errors.email?.message} {...register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {refusal ? (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {refusal}
        </p>
      ) : null}
    </AccountForm>
  )
}
