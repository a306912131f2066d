import { zodResolver } from '@hookform/resolvers/zod'
import type { ComponentProps, FormEventHandler, ReactNode } from 'react'
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { notify } from '#components/console/notify'
import { TextField } from '#components/form/Field'
import { SubmitButton } from '#components/form/SubmitButton'
import { showServerErrors } from '#components/form/serverErrors'
import { LIMITS } from '#db/validation'

/**
 * The form of an account page (sign in, forgot password, new password, accepting an invitation),
 * validated by the API's own schema. `send` posts it; a refusal puts the server's field errors under
 * their fields and its message to `refused` (a toast unless said otherwise); `sent` follows a send that
 * went through.
 */
export function useAccountForm<Values extends FieldValues>(
  schema: z.ZodType<Values, Values>,
  defaultValues: DefaultValues<Values>,
  options: {
    send: (input: Values) => Promise<void>
    sent?: () => void | Promise<void>
    refused?: (message: string) => void
  },
) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues })
  const fields = Object.keys(defaultValues) as Path<Values>[]
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await options.send(input)
    } catch (failure) {
      const message = showServerErrors(failure, form.setError, fields)
      if (options.refused) options.refused(message)
      else notify.error(message)
      return
    }
    await options.sent?.()
  })
  return {
    register: form.register,
    errors: form.formState.errors,
    isSubmitting: form.formState.isSubmitting,
    onSubmit,
  }
}

/** An account page's form: its fields, then its one button, as wide as the card. */
export function AccountForm({
  onSubmit,
  pending,
  label,
  pendingLabel,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>
  pending: boolean
  label: string
  pendingLabel: string
  children: ReactNode
}) {
  return (
    <form noValidate className="mt-6 space-y-4" onSubmit={onSubmit}>
      {children}
      <div className="[&>button]:w-full">
        <SubmitButton pending={pending} label={label} pendingLabel={pendingLabel} />
      </div>
    </form>
  )
}

/** A password being chosen, with the rule it must meet. */
export function NewPasswordField(
  props: Omit<ComponentProps<typeof TextField>, 'type' | 'autoComplete' | 'hint'>,
) {
  return (
    <TextField
      type="password"
      autoComplete="new-password"
      hint={`${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters; a common password is refused.`}
      {...props}
    />
  )
}

/** The account's email address. */
export function EmailAddressField(
  props: Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'autoComplete'>,
) {
  return <TextField label="Email address" type="email" autoComplete="email" {...props} />
}
