import { useState } from 'react'
import { navigate } from 'vike/client/router'
import { api } from '#components/console/api'
import { notify } from '#components/console/notify'
import { setSignedInHint } from '#components/console/signedInHint'
import { TextField } from '#components/form/Field'
import { type AcceptInvitationInput, acceptInvitationSchema } from '#db/validation'
import { AccountForm, NewPasswordField, useAccountForm } from '../../AccountForm'

export function AcceptForm({ token }: { token: string }) {
  const [done, setDone] = useState(false)
  const { register, errors, isSubmitting, onSubmit } = useAccountForm<AcceptInvitationInput>(
    acceptInvitationSchema,
    { name: '', password: '' },
    {
      send: async (input) => {
        await api(`/api/invitations/${token}/accept`, { method: 'POST', json: input })
      },
      sent: async () => {
        setDone(true)
        setSignedInHint(true)
        notify.success('Welcome')
        await navigate('/dashboard')
      },
    },
  )

  return (
    <AccountForm onSubmit={onSubmit} pending={isSubmitting || done} label="Join" pendingLabel="Joining...">
      <TextField label="Your name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <NewPasswordField
        label="Choose a password"
        error={errors.password?.message}
        {...register('password')}
      />
    </AccountForm>
  )
}
