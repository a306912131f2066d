import { TextField } from '#components/form/Field'
import { siteTextsSchema } from '#content/schema'
import { SectionForm, SectionList, type SectionProps, useSectionForm } from './section'

const socialSchema = siteTextsSchema.pick({ social: true })

/** The social links of the footer. */
export function SocialForm(props: SectionProps) {
  const form = useSectionForm(socialSchema, props, 'Social links saved')
  return (
    <SectionForm labelledBy="site-social" form={form}>
      <SectionList
        legend="Social links"
        form={form}
        name="social"
        newItem={() => ({ label: '', href: '' })}
        itemName={(index) => `social link ${index + 1}`}
        itemTitle={(index) => `Social link ${index + 1}`}
        addLabel="Add a link"
        renderItem={(index) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label={`Social link ${index + 1}, name`} {...form.field(`social.${index}.label`)} />
            <TextField
              label={`Social link ${index + 1}, address`}
              type="url"
              {...form.field(`social.${index}.href`)}
            />
          </div>
        )}
      />
    </SectionForm>
  )
}
