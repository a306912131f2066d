import { TextField } from '#components/form/Field'
import { siteTextsSchema } from '#content/schema'
import { SectionForm, SectionList, type SectionProps, useSectionForm } from './section'

const contactSchema = siteTextsSchema.pick({ contact: true })

/** The contact page's details (and the footer's): saved with the other sections as they are. */
export function ContactForm(props: SectionProps) {
  const form = useSectionForm(contactSchema, props, 'Contact details saved')

  return (
    <SectionForm labelledBy="site-contact" form={form}>
      <TextField label="Email" type="email" {...form.field('contact.email')} />
      <TextField label="Phone" type="tel" {...form.field('contact.phone')} />
      <TextField label="Address" {...form.field('contact.address')} />
      <SectionList
        legend="Hours"
        form={form}
        name="contact.hours"
        newItem={() => ''}
        itemName={(index) => `hours line ${index + 1}`}
        addLabel="Add a line"
        renderItem={(index) => (
          <TextField label={`Hours, line ${index + 1}`} {...form.field(`contact.hours.${index}`)} />
        )}
      />
      <TextField
        label="Answer within (working days)"
        type="number"
        min={1}
        max={30}
        {...form.field('contact.replyWithinWorkingDays', { valueAsNumber: true })}
      />
      <TextField label="Map (embed URL)" type="url" {...form.field('contact.mapEmbedUrl')} />
    </SectionForm>
  )
}
