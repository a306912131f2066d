import { TextField } from '#components/form/Field'
import { SectionList, sectionForm } from './section'

/** The social links of the footer. */
export const SocialForm = sectionForm('social', 'Social links saved', (form) => (
  <SectionList
    legend="Social links"
    form={form}
    name="social"
    newItem={() => ({ label: '', href: '' })}
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
))
