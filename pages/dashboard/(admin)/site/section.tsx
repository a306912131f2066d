import { type ReactNode, useState } from 'react'
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
import type { z } from 'zod'
import { api } from '#components/console/api'
import { ApiForm } from '#components/form/ApiForm'
import { TextAreaField, TextField } from '#components/form/Field'
import { ListEditor, type ListEditorProps } from '#components/form/ListEditor'
import { useApiForm } from '#components/form/useApiForm'
import { type SiteTexts, siteTextsSchema } from '#content/schema'

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

/** A section's schema: `{ <section>: ... }`, picked from siteTextsSchema, so the API's field errors name its fields. */
const sectionSchema = <Section extends keyof SiteTexts>(section: Section) =>
  siteTextsSchema.pick<Record<Section, true>>(
    // zod cannot tell that a generic key is one of the shape's: Section is (keyof SiteTexts).
    { [section]: true } as Record<Section, true> & Record<Exclude<Section, keyof SiteTexts>, never>,
  )

type SectionSchema<Section extends keyof SiteTexts> = ReturnType<typeof sectionSchema<Section>>

/** A section's react-hook-form form, as useApiForm gives it. */
export type SectionFormApi<Section extends keyof SiteTexts> = ReturnType<
  typeof useApiForm<z.input<SectionSchema<Section>>, z.output<SectionSchema<Section>>, Saved>
>

type Form<Values extends FieldValues> = { formState: { errors: FieldErrors<Values> } }

/** The error of a list itself (too few rows), not of one of its rows. */
export const listError = <Values extends FieldValues>(form: Form<Values>, name: Path<Values>) =>
  ((get(form.formState.errors, name) as FieldError | undefined)?.message ??
    (get(form.formState.errors, `${name}.root`) as FieldError | undefined)?.message) as string | undefined

/** What SectionList and TextList need of the section's form. */
type ListForm<Values extends FieldValues> = Form<Values> & {
  control: Control<Values>
  setValue: (
    name: Path<Values>,
    value: PathValue<Values, Path<Values>>,
    options: { shouldDirty: true },
  ) => void
}

/** A row's name in its buttons ("Remove hours line 2"): its title or label as a phrase, "Hours, line 2". */
const rowName = (label: string) => `${label.charAt(0).toLowerCase()}${label.slice(1)}`.replaceAll(',', '')

/**
 * A list of the section's form (its rows at `name`) in a ListEditor: the rows as the form holds them now,
 * a change sets the whole list (and makes the form dirty), and the list's own error. Rows with a title
 * are named after it in their buttons ("Benefit 2", "Remove benefit 2").
 */
export function SectionList<Values extends FieldValues, Item>({
  form,
  name,
  itemName,
  itemTitle,
  ...editor
}: Omit<ListEditorProps<Item>, 'items' | 'onChange' | 'error' | 'itemName' | 'itemTitle'> & {
  form: ListForm<Values>
  name: Path<Values>
} & (
    | { itemTitle: (index: number) => string; itemName?: undefined }
    | { itemName: (index: number) => string; itemTitle?: undefined }
  )) {
  const items = (useWatch({ control: form.control, name }) ?? []) as readonly Item[]
  return (
    <ListEditor
      {...editor}
      itemName={itemName ?? ((index) => rowName(itemTitle(index)))}
      itemTitle={itemTitle}
      items={items}
      onChange={(next) => form.setValue(name, next as PathValue<Values, Path<Values>>, { shouldDirty: true })}
      error={listError(form, name)}
    />
  )
}

/**
 * A list of plain texts (paragraphs, lines) at `name`: one field a row, labelled `label` and its number
 * ("Hours, line 2"), a text area of `rows` lines where given.
 */
export function TextList<Values extends FieldValues>({
  form,
  name,
  label,
  rows,
  ...list
}: {
  legend: string
  form: ListForm<Values> & { field: (name: Path<Values>) => { error: string | undefined } }
  name: Path<Values>
  label: string
  addLabel: string
  rows?: number
}) {
  const labelOf = (index: number) => `${label} ${index + 1}`
  return (
    <SectionList
      {...list}
      form={form}
      name={name}
      newItem={() => ''}
      itemName={(index) => rowName(labelOf(index))}
      renderItem={(index) => {
        const field = form.field(`${name}.${index}` as Path<Values>)
        return rows ? (
          <TextAreaField label={labelOf(index)} rows={rows} {...field} />
        ) : (
          <TextField label={labelOf(index)} {...field} />
        )
      }}
    />
  )
}

/**
 * A section's form, named by its heading (`site-<section>`), with one Save button held while a picture
 * uploads: started from the texts as saved, a save sends them with this section replaced. `fields` gets
 * the form and what a picture field calls while it uploads.
 */
export function sectionForm<Section extends keyof SiteTexts>(
  section: Section,
  success: string,
  fields: (form: SectionFormApi<Section>, onUploadingChange: (uploading: boolean) => void) => ReactNode,
) {
  const schema = sectionSchema(section)
  return function Form({ texts, onSaved }: SectionProps) {
    const form = useApiForm(schema, {
      defaultValues: { [section]: texts[section] } as DefaultValues<z.input<SectionSchema<Section>>>,
      save: (input) => saveSection(texts, input as Partial<SiteTexts>),
      success,
      onSaved,
    })
    const [uploading, setUploading] = useState(false)
    return (
      <ApiForm
        onSubmit={form.submit}
        pending={form.formState.isSubmitting}
        busy={uploading}
        label="Save"
        pendingLabel="Saving..."
        className="grid gap-4"
        labelledBy={`site-${section}`}
      >
        {fields(form, setUploading)}
      </ApiForm>
    )
  }
}
