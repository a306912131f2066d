import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
} from 'react-hook-form'

/** What boundField needs of a react-hook-form form (useForm's, or useApiForm's with its own register). */
type Bindable<Values extends FieldValues, Registered> = {
  register: (name: Path<Values>, options?: RegisterOptions<Values, Path<Values>>) => Registered
  formState: { errors: FieldErrors<Values> }
}

/**
 * A field's props in one, to spread on a TextField, TextAreaField or SelectField: registered with the form,
 * with its error (a nested path's too, `emails.2`).
 */
export function boundField<Values extends FieldValues, Registered>(
  form: Bindable<Values, Registered>,
  name: Path<Values>,
  options?: RegisterOptions<Values, Path<Values>>,
) {
  return {
    ...form.register(name, options),
    error: (get(form.formState.errors, name) as FieldError | undefined)?.message,
  }
}
