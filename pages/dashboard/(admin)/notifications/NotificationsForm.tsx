import { useWatch } from 'react-hook-form'
import { api } from '#components/console/api'
import { ApiForm } from '#components/form/ApiForm'
import { Field } from '#components/form/Field'
import { ListEditor } from '#components/form/ListEditor'
import { useApiForm } from '#components/form/useApiForm'
import { inputStyles } from '#components/ui/styles'
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

  return (
    <ApiForm
      onSubmit={submit}
      pending={isSubmitting}
      label="Save"
      pendingLabel="Saving..."
      className="grid gap-4"
    >
      <ListEditor
        legend="Extra recipients"
        hint={`Up to ${EXTRA_RECIPIENTS_MAX} addresses, for example a shared board mailbox. Administrators are always included.`}
        items={recipients}
        onChange={(next) => setValue('extraRecipients', next)}
        newItem={() => ''}
        itemName={(index) => `address ${index + 1}`}
        addLabel="Add an address"
        empty="No extra recipients."
        error={errors.extraRecipients?.message}
        max={EXTRA_RECIPIENTS_MAX}
        reorder={false}
        renderItem={(index) => (
          <Field label={`Email address ${index + 1}`} error={errors.extraRecipients?.[index]?.message}>
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
        )}
      />
    </ApiForm>
  )
}
