import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  useForm,
} from 'react-hook-form'
import type { z } from 'zod'
import { useUnsavedChangesGuard } from '../console/leaveGuard'
import { notify } from '../console/notify'
import { boundField } from './boundField'
import { showServerErrors } from './serverErrors'
import { restoreTypedValue } from './typedBeforeHydration'

/** A resource's schema from db/validation.ts: a strict object, whose keys are the form's fields. */
type FormSchema<Values extends FieldValues, Input extends FieldValues> = z.ZodType<Input, Values> & {
  shape: Record<string, unknown>
}

/**
 * A console form that saves through the API (docs/product.md#console-screens): react-hook-form validated by the API's own
 * schema; a refused save puts the server's field errors under their fields and toasts its message
 * (docs/product.md#messages); a save that went through toasts `success`, refetches the named lists and calls `onSaved`.
 * Spread `submit` as the form's onSubmit. `confirm` may ask a question first (the event form's past date):
 * answered no, nothing is sent and the form stays as it is. While the form holds changes that are not saved,
 * leaving the page asks first (components/console/leaveGuard.ts); a save makes the saved values the new
 * starting point.
 *
 * `register` also gives each field its saved value as `defaultValue`, so the server-rendered form shows
 * the record before any script runs; react-hook-form then keeps a value typed before hydration (a field
 * whose value differs from its default when it registers; typedBeforeHydration.ts puts back what React
 * reset), so nothing changes under the person's hands. `field` is a field's props in one: registered, with
 * its error (a nested path's too), to spread on a TextField, TextAreaField or SelectField.
 */
export function useApiForm<Values extends FieldValues, Input extends FieldValues, Answer>(
  schema: FormSchema<Values, Input>,
  options: {
    defaultValues: DefaultValues<Values>
    save: (input: Input) => Promise<Answer>
    /** The toast after a save; a function for a form whose buttons save differently (the post editor's). */
    success: string | ((answer: Answer) => string)
    /** The lists (first part of their query keys) the save changes. */
    invalidate?: readonly string[]
    onSaved?: (answer: Answer) => void | Promise<void>
    /** Asked after validation, before the save: false keeps the form as it is. */
    confirm?: (input: Input) => Promise<boolean>
  },
) {
  const queryClient = useQueryClient()
  const form = useForm<Values, unknown, Input>({
    resolver: zodResolver(schema),
    defaultValues: options.defaultValues,
  })
  const fields = Object.keys(schema.shape) as Path<Values>[]
  useUnsavedChangesGuard(form.formState.isDirty)

  const submit = form.handleSubmit(async (input) => {
    if (options.confirm && !(await options.confirm(input))) return
    let answer: Answer
    try {
      answer = await options.save(input)
    } catch (failure) {
      notify.error(showServerErrors(failure, form.setError, fields))
      return
    }
    notify.success(typeof options.success === 'string' ? options.success : options.success(answer))
    // Saved: nothing is lost by leaving now.
    form.reset(form.getValues())
    for (const key of options.invalidate ?? []) await queryClient.invalidateQueries({ queryKey: [key] })
    await options.onSaved?.(answer)
  })

  const register = (name: Path<Values>, registerOptions?: RegisterOptions<Values, Path<Values>>) => {
    const registered = form.register(name, registerOptions)
    const saved = renderedDefault(options.defaultValues, name)
    return {
      ...registered,
      ref: (field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) => {
        restoreTypedValue(field)
        registered.ref(field)
      },
      ...(saved === undefined ? {} : { defaultValue: saved }),
    }
  }

  const field = (name: Path<Values>, registerOptions?: RegisterOptions<Values, Path<Values>>) =>
    boundField({ register, formState: form.formState }, name, registerOptions)

  return { ...form, register, field, submit }
}

/** A field's default as the text an input renders; `name` may be a path (`extraRecipients.0`). */
function renderedDefault(values: object, name: string): string | undefined {
  let value: unknown = values
  for (const key of name.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined
}
