import { useWatch } from 'react-hook-form'
import { api } from '#components/console/api'
import { Field } from '#components/form/Field'
import { SubmitButton } from '#components/form/SubmitButton'
import { useApiForm } from '#components/form/useApiForm'
import { buttonStyles, inputStyles } from '#components/ui/styles'
import { type SiteTexts, siteTextsSchema } from '#content/schema'

const contactSchema = siteTextsSchema.shape.contact

/** The contact page's details (and the footer's): saved with the other sections as they are. */
export function ContactForm({
  texts,
  onSaved,
}: {
  texts: SiteTexts
  onSaved: (answer: { site: SiteTexts; revision: number }) => void | Promise<void>
}) {
  const {
    register,
    control,
    getValues,
    setValue,
    submit,
    formState: { errors, isSubmitting },
  } = useApiForm(contactSchema, {
    defaultValues: texts.contact,
    save: (contact) =>
      api<{ site: SiteTexts; revision: number }>('/api/site', {
        method: 'PUT',
        json: { ...texts, contact },
      }),
    success: 'Contact details saved',
    onSaved,
  })
  const hours = useWatch({ control, name: 'hours' }) ?? []
  const text = (name: 'email' | 'phone' | 'address' | 'mapEmbedUrl', label: string, type = 'text') => (
    <Field label={label} error={errors[name]?.message}>
      {(fieldControl) => (
        <input
          type={type}
          defaultValue={getValues(name)}
          {...register(name)}
          {...fieldControl}
          className={inputStyles}
        />
      )}
    </Field>
  )

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {text('email', 'Email', 'email')}
      {text('phone', 'Phone', 'tel')}
      {text('address', 'Address')}
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-800">Hours</legend>
        {hours.map((_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: react-hook-form names the fields by index too.
          <div key={index} className="flex items-start gap-2">
            <Field
              label={`Hours, line ${index + 1}`}
              error={errors.hours?.[index]?.message}
              className="min-w-0 flex-1"
            >
              {(fieldControl) => (
                <input
                  defaultValue={getValues(`hours.${index}`)}
                  {...register(`hours.${index}`)}
                  {...fieldControl}
                  className={inputStyles}
                />
              )}
            </Field>
            <button
              type="button"
              className={`${buttonStyles.secondary} mt-6 min-h-9`}
              onClick={() =>
                setValue(
                  'hours',
                  getValues('hours').filter((_, other) => other !== index),
                  { shouldDirty: true },
                )
              }
              aria-label={`Remove hours line ${index + 1}`}
            >
              Remove
            </button>
          </div>
        ))}
        {errors.hours?.message ? (
          <p role="alert" className="text-xs font-medium text-red-700">
            {errors.hours.message}
          </p>
        ) : null}
        <div>
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => setValue('hours', [...getValues('hours'), ''], { shouldDirty: true })}
          >
            Add a line
          </button>
        </div>
      </fieldset>
      <Field label="Answer within (working days)" error={errors.replyWithinWorkingDays?.message}>
        {(fieldControl) => (
          <input
            type="number"
            min={1}
            max={30}
            defaultValue={getValues('replyWithinWorkingDays')}
            {...register('replyWithinWorkingDays', { valueAsNumber: true })}
            {...fieldControl}
            className={inputStyles}
          />
        )}
      </Field>
      {text('mapEmbedUrl', 'Map (embed URL)', 'url')}
      <div>
        <SubmitButton pending={isSubmitting} label="Save" pendingLabel="Saving..." />
      </div>
    </form>
  )
}
