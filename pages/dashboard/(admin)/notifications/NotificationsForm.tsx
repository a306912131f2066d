import { useWatch } from 'react-hook-form'
import { api } from '#components/console/api'
import { Field } from '#components/form/Field'
import { SubmitButton } from '#components/form/SubmitButton'
import { useApiForm } from '#components/form/useApiForm'
import { buttonStyles, inputStyles } from '#components/ui/styles'
import type { NotificationSettingsView } from '#db/dto'
import { EXTRA_RECIPIENTS_MAX, notificationSettingsSchema } from '#db/validation'

/** The extra addresses that receive each contact message besides the administrators. */
export function NotificationsForm({
  initial,
  onSaved,
}: {
  initial: string[]
  onSaved: (view: NotificationSettingsView) => void
}) {
  const {
    register,
    control,
    getValues,
    setValue,
    submit,
    formState: { errors, isSubmitting },
  } = useApiForm(notificationSettingsSchema, {
    defaultValues: { extraRecipients: initial },
    save: (input) =>
      api<NotificationSettingsView>('/api/settings/notifications', { method: 'PUT', json: input }),
    success: 'Notification settings saved',
    onSaved,
  })
  const recipients = useWatch({ control, name: 'extraRecipients' }) ?? []

  const add = () => setValue('extraRecipients', [...getValues('extraRecipients'), ''])
  const remove = (index: number) =>
    setValue(
      'extraRecipients',
      getValues('extraRecipients').filter((_, other) => other !== index),
      { shouldValidate: false },
    )

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-800">Extra recipients</legend>
        <p className="-mt-1 text-xs text-slate-500">
          Up to {EXTRA_RECIPIENTS_MAX} addresses, for example a shared board mailbox. Administrators are
          always included.
        </p>
        {recipients.length === 0 ? <p className="text-sm text-slate-600">No extra recipients.</p> : null}
        {recipients.map((_, index) => (
          // The list changes only at its end or by removing one row, and each input is registered by index.
          // biome-ignore lint/suspicious/noArrayIndexKey: react-hook-form names the fields by index too.
          <div key={index} className="flex items-start gap-2">
            <Field
              label={`Email address ${index + 1}`}
              error={errors.extraRecipients?.[index]?.message}
              className="min-w-0 flex-1"
            >
              {(fieldControl) => (
                <input
                  type="email"
                  autoComplete="off"
                  // In the server's HTML too: the saved address shows before the scripts start.
                  defaultValue={getValues(`extraRecipients.${index}`)}
                  {...register(`extraRecipients.${index}`)}
                  {...fieldControl}
                  className={inputStyles}
                />
              )}
            </Field>
            <button
              type="button"
              className={`${buttonStyles.secondary} mt-6 min-h-9`}
              onClick={() => remove(index)}
              aria-label={`Remove address ${index + 1}`}
            >
              Remove
            </button>
          </div>
        ))}
        {errors.extraRecipients?.message ? (
          <p role="alert" className="text-xs font-medium text-red-700">
            {errors.extraRecipients.message}
          </p>
        ) : null}
        <div>
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={add}
            disabled={recipients.length >= EXTRA_RECIPIENTS_MAX}
          >
            Add an address
          </button>
        </div>
      </fieldset>
      <div>
        <SubmitButton pending={isSubmitting} label="Save" pendingLabel="Saving..." />
      </div>
    </form>
  )
}
