import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { navigate } from 'vike/client/router'
import { api } from '#components/console/api'
import { notify } from '#components/console/notify'
import { setSignedInHint } from '#components/console/signedInHint'
import { TextField } from '#components/form/Field'
import { SubmitButton } from '#components/form/SubmitButton'
import { showServerErrors } from '#components/form/serverErrors'
import { type AcceptInvitationInput, acceptInvitationSchema, LIMITS } from '#db/validation'

export function AcceptForm({ token }: { token: string }) {
  const [done, setDone] = useState(false)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AcceptInvitationInput>({
    resolver: zodResolver(acceptInvitationSchema),
    defaultValues: { name: '', password: '' },
  })

  const onSubmit = async (input: AcceptInvitationInput) => {
    try {
      await api(`/api/invitations/${token}/accept`, { method: 'POST', json: input })
    } catch (failure) {
      notify.error(showServerErrors(failure, setError, ['name', 'password']))
      return
    }
    setDone(true)
    setSignedInHint(true)
    notify.success('Welcome')
    await navigate('/dashboard')
  }

  return (
    <form noValidate className="mt-6 space-y-4" onSubmit={handleSubmit(onSubmit)}>
      <TextField label="Your name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Choose a password"
        type="password"
        autoComplete="new-password"
        hint={`${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters; a common password is refused.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="[&>button]:w-full">
        <SubmitButton pending={isSubmitting || done} label="Join" pendingLabel="Joining..." />
      </div>
    </form>
  )
}
