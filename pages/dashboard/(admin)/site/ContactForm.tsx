import { TextField } from '#components/form/Field'
import { sectionForm, TextList } from './section'

/** The contact page's details (and the footer's): saved with the other sections as they are. */
export const ContactForm = sectionForm('contact', 'Contact details saved', (form) => (
  <>
    <TextField label="Email" type="email" {...form.field('contact.email')} />
    <TextField label="Phone" type="tel" {...form.field('contact.phone')} />
    <TextField label="Address" {...form.field('contact.address')} />
    <TextList legend="Hours" form={form} name="contact.hours" label="Hours, line" addLabel="Add a line" />
    <TextField
      label="Answer within (working days)"
      type="number"
      min={1}
      max={30}
      {...form.field('contact.replyWithinWorkingDays', { valueAsNumber: true })}
    />
    <TextField label="Map (embed URL)" type="url" {...form.field('contact.mapEmbedUrl')} />
  </>
))
