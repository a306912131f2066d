import { type Control, useWatch } from 'react-hook-form'
import { TextField } from '#components/form/Field'
import { ListEditor } from '#components/form/ListEditor'
import type { useApiForm } from '#components/form/useApiForm'
import { siteTextsSchema } from '#content/schema'
import { bound, listError, SectionForm, type SectionProps, useSectionForm } from './section'

const footerSchema = siteTextsSchema.pick({ footer: true })
type FooterValues = { footer: ReturnType<typeof footerSchema.parse>['footer'] }

/** The footer's columns of links. */
export function FooterForm(props: SectionProps) {
  const form = useSectionForm(footerSchema, props, 'Footer saved')
  const columns = useWatch({ control: form.control, name: 'footer.columns' }) ?? []
  return (
    <SectionForm labelledBy="site-footer" onSubmit={form.submit} pending={form.formState.isSubmitting}>
      <ListEditor
        legend="Columns"
        items={columns}
        onChange={(next) => form.setValue('footer.columns', next, { shouldDirty: true })}
        newItem={() => ({ title: '', links: [{ label: '', href: '' }] })}
        itemName={(index) => `column ${index + 1}`}
        itemTitle={(index) => `Column ${index + 1}`}
        addLabel="Add a column"
        error={listError(form, 'footer.columns')}
        renderItem={(index) => (
          <>
            <TextField
              label={`Column ${index + 1}, title`}
              {...bound(form, `footer.columns.${index}.title`)}
            />
            <ColumnLinks form={form} control={form.control} index={index} />
          </>
        )}
      />
    </SectionForm>
  )
}

/** One column's links: a list inside the list. */
function ColumnLinks({
  form,
  control,
  index,
}: {
  form: ReturnType<typeof useApiForm<FooterValues, FooterValues, unknown>>
  control: Control<FooterValues>
  index: number
}) {
  const links = useWatch({ control, name: `footer.columns.${index}.links` }) ?? []
  const column = `Column ${index + 1}`
  return (
    <ListEditor
      legend={`${column}, links`}
      items={links}
      onChange={(next) => form.setValue(`footer.columns.${index}.links`, next, { shouldDirty: true })}
      newItem={() => ({ label: '', href: '' })}
      itemName={(link) => `column ${index + 1} link ${link + 1}`}
      addLabel="Add a link"
      error={listError(form, `footer.columns.${index}.links`)}
      renderItem={(link) => (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={`${column}, link ${link + 1}, text`}
            {...bound(form, `footer.columns.${index}.links.${link}.label`)}
          />
          <TextField
            label={`${column}, link ${link + 1}, address`}
            hint="A path on this site (/events) or an http(s) address."
            {...bound(form, `footer.columns.${index}.links.${link}.href`)}
          />
        </div>
      )}
    />
  )
}
