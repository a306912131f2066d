import { TextAreaField, TextField } from '#components/form/Field'
import { sectionForm, TextList } from './section'
import { TextImageField } from './TextImageField'

/** The about page (/about): its paragraphs, mission and vision (also on the home page), activities, picture. */
export const AboutForm = sectionForm('about', 'About page saved', (form, onUploadingChange) => (
  <>
    <TextList
      legend="Introduction"
      form={form}
      name="about.intro"
      label="Paragraph"
      addLabel="Add a paragraph"
      rows={4}
    />
    <TextAreaField label="Mission" rows={3} {...form.field('about.mission')} />
    <TextAreaField label="Vision" rows={3} {...form.field('about.vision')} />
    <TextList
      legend="What the chapter does"
      form={form}
      name="about.activities"
      label="Activity"
      addLabel="Add an activity"
    />
    <TextImageField
      control={form.control}
      name="about.image.image"
      label="Picture"
      onUploadingChange={onUploadingChange}
    />
    <TextField
      label="Picture, description"
      hint="What the picture shows, for those who cannot see it."
      {...form.field('about.image.alt')}
    />
  </>
))
