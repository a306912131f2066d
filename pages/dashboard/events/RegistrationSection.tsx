import { useId, useState } from 'react'
import {
  type Control,
  Controller,
  type FieldErrors,
  type Path,
  type RegisterOptions,
  useFieldArray,
  useWatch,
} from 'react-hook-form'
import type { z } from 'zod'
import { CheckboxField } from '#components/form/CheckboxField'
import { SelectField, TextAreaField, TextField } from '#components/form/Field'
import { buttonStyles } from '#components/ui/styles'
import { LIMITS } from '#db/limits'
import { paymentMethods } from '#db/schema-enums'
import {
  type eventInputSchema,
  PAYMENT_METHOD_LABELS,
  type RegistrationSettingsInput,
  registrationOff,
} from '#db/validation'

/** The event form's values (react-hook-form's input side of the event schema). */
export type EventFormValues = z.input<typeof eventInputSchema>

type Register = (
  name: Path<EventFormValues>,
  options?: RegisterOptions<EventFormValues, Path<EventFormValues>>,
) => object

/** A fresh copy of "registration off" for a form that edits it. */
export const registrationDefaults = (saved?: RegistrationSettingsInput): RegistrationSettingsInput => {
  const settings = saved ?? registrationOff
  return {
    ...settings,
    questions: settings.questions.map((question) => ({
      ...question,
      membership: question.membership ?? false,
    })),
    paymentMethods: [...settings.paymentMethods],
  }
}

const QUESTION_TYPES = [
  ['text', 'Text'],
  ['choice', 'Choice (one of a list)'],
  ['checkbox', 'Checkbox (yes or no)'],
] as const

/** A question id: letters and digits, unique enough within one event. */
const newQuestionId = () => `q${Math.random().toString(36).slice(2, 10)}`

const emptyAsNull = (value: unknown) => (value === '' || value === undefined ? null : value)

/** A choice's options as lines of text; the form holds them as a list. */
function OptionsField({
  value,
  onChange,
  error,
  label,
}: {
  value: string[] | undefined
  onChange: (options: string[]) => void
  error: string | undefined
  label: string
}) {
  const [text, setText] = useState(() => (value ?? []).join('\n'))
  return (
    <TextAreaField
      label={label}
      rows={3}
      hint="One option per line."
      error={error}
      value={text}
      onChange={(event) => {
        setText(event.target.value)
        onChange(
          event.target.value
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        )
      }}
    />
  )
}

/** What the section and its questions take from the event form. */
type SectionProps = {
  control: Control<EventFormValues>
  register: Register
  errors: FieldErrors<EventFormValues>
  /** The settings as saved (the form's defaults), for checkboxes rendered before scripts run. */
  saved: RegistrationSettingsInput
}

function Questions({ control, register, errors, saved }: SectionProps) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'registration.questions' })
  const types = useWatch({ control, name: 'registration.questions' }) ?? []
  const questionErrors = errors.registration?.questions
  return (
    <fieldset className="sm:col-span-6">
      <legend className="text-sm font-semibold text-slate-900">Questions</legend>
      <p className="text-xs text-slate-500">
        Asked besides name, email and phone: student ID, university, membership number, T-shirt size… At most{' '}
        {LIMITS.questions}.
      </p>
      {questionErrors?.root?.message || questionErrors?.message ? (
        <p role="alert" className="mt-1 text-xs font-medium text-red-700">
          {questionErrors?.root?.message ?? questionErrors?.message}
        </p>
      ) : null}
      <ol className="mt-3 space-y-3">
        {fields.map((field, index) => {
          const own = questionErrors?.[index]
          const number = index + 1
          return (
            <li key={field.id} className="rounded-md border border-slate-200 bg-slate-50 p-3">
              <div className="grid gap-3 sm:grid-cols-6">
                <TextField
                  label={`Question ${number}`}
                  fieldClassName="sm:col-span-4"
                  maxLength={LIMITS.questionLabel}
                  error={own?.label?.message}
                  {...register(`registration.questions.${index}.label`)}
                />
                <SelectField
                  label={`Type of question ${number}`}
                  fieldClassName="sm:col-span-2"
                  error={own?.type?.message}
                  {...register(`registration.questions.${index}.type`)}
                >
                  {QUESTION_TYPES.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </SelectField>
                {types[index]?.type === 'choice' ? (
                  <div className="sm:col-span-6">
                    <Controller
                      control={control}
                      name={`registration.questions.${index}.options`}
                      render={({ field: options }) => (
                        <OptionsField
                          label={`Options of question ${number}`}
                          value={options.value}
                          onChange={options.onChange}
                          error={own?.options?.message}
                        />
                      )}
                    />
                  </div>
                ) : null}
                <div className="flex flex-wrap items-center gap-2 sm:col-span-6">
                  <CheckboxField
                    label="Required"
                    defaultChecked={saved.questions[index]?.required ?? false}
                    {...register(`registration.questions.${index}.required`)}
                  />
                  <CheckboxField
                    label="Membership number"
                    hint="Reports count an answer (or a tick) as a member."
                    error={own?.membership?.message}
                    defaultChecked={saved.questions[index]?.membership ?? false}
                    {...register(`registration.questions.${index}.membership`)}
                  />
                  <div className="ml-auto flex gap-1.5">
                    <button
                      type="button"
                      className={buttonStyles.rowAction}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                      aria-label={`Move question ${number} up`}
                    >
                      Up
                    </button>
                    <button
                      type="button"
                      className={buttonStyles.rowAction}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                      aria-label={`Move question ${number} down`}
                    >
                      Down
                    </button>
                    <button
                      type="button"
                      className={buttonStyles.rowDanger}
                      onClick={() => remove(index)}
                      aria-label={`Remove question ${number}`}
                    >
                      Remove
                    </button>
                  </div>
                </div>
              </div>
            </li>
          )
        })}
      </ol>
      <button
        type="button"
        className={`${buttonStyles.secondary} mt-3`}
        disabled={fields.length >= LIMITS.questions}
        onClick={() =>
          append({ id: newQuestionId(), label: '', type: 'text', required: false, membership: false })
        }
      >
        Add a question
      </button>
    </fieldset>
  )
}

/**
 * The event form's "Registration" section (docs/product.md#registration): registration on this site or the
 * outside link, seats, waiting list, approval, opening and closing, how attendees may pay a fee, and the
 * form's questions. Validated by the event schema's `registration` (db/validation.ts), like the rest of
 * the form; a capacity below the seats taken comes back from the server beside the capacity.
 */
export function RegistrationSection({ control, register, errors, saved }: SectionProps) {
  const enabled = useWatch({ control, name: 'registration.enabled' })
  const fees = useWatch({ control, name: 'fees' })
  const own = errors.registration
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:col-span-6 sm:grid-cols-6"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900 sm:col-span-6">
        Registration
      </h2>
      <div className="sm:col-span-6">
        <CheckboxField
          label="Registration on this site"
          hint="Off: the Register button leads to the event link above."
          defaultChecked={saved.enabled}
          {...register('registration.enabled')}
        />
      </div>
      {enabled ? (
        <>
          <TextField
            label="Capacity"
            type="number"
            min={1}
            max={LIMITS.capacity}
            step={1}
            inputMode="numeric"
            fieldClassName="sm:col-span-2"
            hint="Seats; empty for unlimited."
            error={own?.capacity?.message}
            {...register('registration.capacity', {
              setValueAs: (value) => (emptyAsNull(value) === null ? null : Number(value)),
            })}
          />
          <TextField
            label="Opens"
            type="datetime-local"
            fieldClassName="sm:col-span-2"
            hint="Empty: open now."
            error={own?.opensAt?.message}
            {...register('registration.opensAt', { setValueAs: emptyAsNull })}
          />
          <TextField
            label="Closes"
            type="datetime-local"
            fieldClassName="sm:col-span-2"
            hint="Empty: when the event starts."
            error={own?.closesAt?.message}
            {...register('registration.closesAt', { setValueAs: emptyAsNull })}
          />
          <div className="grid gap-3 sm:col-span-6 sm:grid-cols-2">
            <CheckboxField
              label="Waiting list"
              hint="When full, people join a waiting list; a freed seat is offered to the first in line."
              defaultChecked={saved.waitlist}
              {...register('registration.waitlist')}
            />
            <CheckboxField
              label="Approval"
              hint="Registrations wait as pending until an officer confirms them."
              defaultChecked={saved.approval}
              {...register('registration.approval')}
            />
          </div>
          {typeof fees === 'number' && fees > 0 ? (
            <fieldset
              className="sm:col-span-6"
              aria-describedby={own?.paymentMethods ? `${headingId}-payment-error` : undefined}
            >
              <legend className="text-sm font-semibold text-slate-900">How attendees may pay</legend>
              <p className="text-xs text-slate-500">
                The form asks which one and the transaction ID; registrations stay pending until an officer
                marks them paid.
              </p>
              <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
                {paymentMethods.map((method) => (
                  <label key={method} className="inline-flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      value={method}
                      defaultChecked={saved.paymentMethods.includes(method)}
                      className="size-4 rounded border-slate-400 max-sm:size-5"
                      {...register('registration.paymentMethods')}
                    />
                    {PAYMENT_METHOD_LABELS[method]}
                  </label>
                ))}
              </div>
              {own?.paymentMethods?.message ? (
                <p
                  id={`${headingId}-payment-error`}
                  role="alert"
                  className="mt-1 text-xs font-medium text-red-700"
                >
                  {own.paymentMethods.message}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          {typeof fees === 'number' && fees > 0 ? (
            <TextAreaField
              label="Payment instructions"
              fieldClassName="sm:col-span-6"
              rows={4}
              maxLength={LIMITS.paymentInstructions}
              hint="Where and how to pay: the bKash, Nagad or Rocket number and its type (personal, merchant), the reference to use. Shown beside the form and in the “registration received” mail."
              error={own?.paymentInstructions?.message}
              {...register('registration.paymentInstructions')}
            />
          ) : null}
          <Questions control={control} register={register} errors={errors} saved={saved} />
        </>
      ) : null}
    </section>
  )
}
