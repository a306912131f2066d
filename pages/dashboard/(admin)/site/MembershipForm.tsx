import { SelectField, TextAreaField, TextField } from '#components/form/Field'
import { siteTextsSchema } from '#content/schema'
import { SectionList, sectionForm } from './section'

/** The icons a benefit may show, as the schema names them. */
const icons = siteTextsSchema.shape.membership.shape.benefits.element.shape.icon.options

/** The membership benefits (/membership shows them all, the home page the first six). */
export const MembershipForm = sectionForm('membership', 'Membership benefits saved', (form) => (
  <SectionList
    legend="Benefits"
    hint="The home page shows the first six."
    form={form}
    name="membership.benefits"
    newItem={() => ({ icon: 'network' as const, title: '', description: '' })}
    itemTitle={(index) => `Benefit ${index + 1}`}
    addLabel="Add a benefit"
    renderItem={(index) => (
      <>
        <TextField
          label={`Benefit ${index + 1}, title`}
          {...form.field(`membership.benefits.${index}.title`)}
        />
        <TextAreaField
          label={`Benefit ${index + 1}, description`}
          rows={3}
          {...form.field(`membership.benefits.${index}.description`)}
        />
        <SelectField
          label={`Benefit ${index + 1}, icon`}
          {...form.field(`membership.benefits.${index}.icon`)}
        >
          {icons.map((icon) => (
            <option key={icon} value={icon}>
              {icon}
            </option>
          ))}
        </SelectField>
      </>
    )}
  />
))
