import { useWatch } from 'react-hook-form'
import { TextField } from '#components/form/Field'
import { ListEditor } from '#components/form/ListEditor'
import { siteTextsSchema } from '#content/schema'
import { bound, listError, SectionForm, type SectionProps, useSectionForm } from './section'

const socialSchema = siteTextsSchema.pick({ social: true })

/** The social links of the footer. */
export function SocialForm(props: SectionProps) {
  const form = useSectionForm(socialSchema, props, 'Social links saved')
  const links = useWatch({ control: form.control, name: 'social' }) ?? []
  return (
    <SectionForm labelledBy="site-social" onSubmit={form.submit} pending={form.formState.isSubmitting}>
      <ListEditor
        legend="Social links"
        items={links}
        onChange={(next) => form.setValue('social', next, { shouldDirty: true })}
        newItem={() => ({ label: '', href: '' })}
        itemName={(index) => `social link ${index + 1}`}
        itemTitle={(index) => `Social link ${index + 1}`}
        addLabel="Add a link"
        error={listError(form, 'social')}
        renderItem={(index) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label={`Social link ${index + 1}, name`} {...bound(form, `social.${index}.label`)} />
            <TextField
              label={`Social link ${index + 1}, address`}
              type="url"
              {...bound(form, `social.${index}.href`)}
            />
          </div>
        )}
      />
    </SectionForm>
  )
}
