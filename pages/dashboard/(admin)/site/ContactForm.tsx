import { useWatch } from 'react-hook-form'
import { TextField } from '#components/form/Field'
import { ListEditor } from '#components/form/ListEditor'
import { siteTextsSchema } from '#content/schema'
import { bound, listError, SectionForm, type SectionProps, useSectionForm } from './section'

const contactSchema = siteTextsSchema.pick({ contact: true })

/** The contact page's details (and the footer's): saved with the other sections as they are. */
export function ContactForm(props: SectionProps) {
  const form = useSectionForm(contactSchema, props, 'Contact details saved')
  const hours = useWatch({ control: form.control, name: 'contact.hours' }) ?? []

  return (
    <SectionForm labelledBy="site-contact" onSubmit={form.submit} pending={form.formState.isSubmitting}>
      <TextField label="Email" type="email" {...bound(form, 'contact.email')} />
      <TextField label="Phone" type="tel" {...bound(form, 'contact.phone')} />
      <TextField label="Address" {...bound(form, 'contact.address')} />
      <ListEditor
        legend="Hours"
        items={hours}
        onChange={(next) => form.setValue('contact.hours', next, { shouldDirty: true })}
        newItem={() => ''}
        itemName={(index) => `hours line ${index + 1}`}
        addLabel="Add a line"
        error={listError(form, 'contact.hours')}
        renderItem={(index) => (
          <TextField label={`Hours, line ${index + 1}`} {...bound(form, `contact.hours.${index}`)} />
        )}
      />
      <TextField
        label="Answer within (working days)"
        type="number"
        min={1}
        max={30}
        {...bound(form, 'contact.replyWithinWorkingDays', { valueAsNumber: true })}
      />
      <TextField label="Map (embed URL)" type="url" {...bound(form, 'contact.mapEmbedUrl')} />
    </SectionForm>
  )
}
