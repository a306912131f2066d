import type { ReactNode } from 'react'
import {
  type Control,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type PathValue,
  useWatch,
} from 'react-hook-form'
import { api } from '#components/console/api'
import { ApiForm } from '#components/form/ApiForm'
import { ListEditor, type ListEditorProps } from '#components/form/ListEditor'
import { useApiForm } from '#components/form/useApiForm'
import type { SiteTexts } from '#content/schema'

/** What PUT /api/site and a restore answer. */
export type Saved = { site: SiteTexts; revision: number }

/** A section's form: the texts as saved (the other sections go back unchanged) and what to do after a save. */
export type SectionProps = {
  texts: SiteTexts
  onSaved: (answer: Saved) => void | Promise<void>
}

/**
 * Saves the whole document with one section changed. The form's values are `{ <section>: ... }` (the
 * section picked from siteTextsSchema), so the API's field errors (`home.memberCount`) name its fields.
 */
export const saveSection = (texts: SiteTexts, section: Partial<SiteTexts>) =>
  api<Saved>('/api/site', { method: 'PUT', json: { ...texts, ...section } })

/**
 * A section's form: `schema` is the section picked from siteTextsSchema (`siteTextsSchema.pick({ home: true })`),
 * started from the texts as saved; a save sends them with that section replaced.
 */
export function useSectionForm<Values extends FieldValues, Input extends FieldValues>(
  schema: Parameters<typeof useApiForm<Values, Input, Saved>>[0],
  { texts, onSaved }: SectionProps,
  success: string,
) {
  const section = Object.keys(schema.shape)[0] as keyof SiteTexts
  return useApiForm(schema, {
    defaultValues: { [section]: texts[section] } as DefaultValues<Values>,
    save: (input) => saveSection(texts, input as Partial<SiteTexts>),
    success,
    onSaved,
  })
}

type Form<Values extends FieldValues> = { formState: { errors: FieldErrors<Values> } }

/** The error of a list itself (too few rows), not of one of its rows. */
export const listError = <Values extends FieldValues>(form: Form<Values>, name: Path<Values>) =>
  ((get(form.formState.errors, name) as FieldError | undefined)?.message ??
    (get(form.formState.errors, `${name}.root`) as FieldError | undefined)?.message) as string | undefined

/**
 * A list of the section's form (its rows at `name`) in a ListEditor: the rows as the form holds them now,
 * a change sets the whole list (and makes the form dirty), and the list's own error.
 */
export function SectionList<Values extends FieldValues, Item>({
  form,
  name,
  ...editor
}: Omit<ListEditorProps<Item>, 'items' | 'onChange' | 'error'> & {
  form: Form<Values> & {
    control: Control<Values>
    setValue: (
      name: Path<Values>,
      value: PathValue<Values, Path<Values>>,
      options: { shouldDirty: true },
    ) => void
  }
  name: Path<Values>
}) {
  const items = (useWatch({ control: form.control, name }) ?? []) as readonly Item[]
  return (
    <ListEditor
      {...editor}
      items={items}
      onChange={(next) => form.setValue(name, next as PathValue<Values, Path<Values>>, { shouldDirty: true })}
      error={listError(form, name)}
    />
  )
}

/** A section's form: named by its heading, one Save button, held while a picture uploads. */
export function SectionForm({
  labelledBy,
  form,
  uploading = false,
  children,
}: {
  labelledBy: string
  form: Pick<ReturnType<typeof useApiForm>, 'submit'> & { formState: { isSubmitting: boolean } }
  uploading?: boolean
  children: ReactNode
}) {
  return (
    <ApiForm
      onSubmit={form.submit}
      pending={form.formState.isSubmitting}
      busy={uploading}
      label="Save"
      pendingLabel="Saving..."
      className="grid gap-4"
      labelledBy={labelledBy}
    >
      {children}
    </ApiForm>
  )
}
