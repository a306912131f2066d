import { useState } from 'react'
import { TextAreaField, TextField } from '#components/form/Field'
import { siteTextsSchema } from '#content/schema'
import { SectionForm, SectionList, type SectionProps, useSectionForm } from './section'
import { TextImageField } from './TextImageField'

const aboutSchema = siteTextsSchema.pick({ about: true })

/** The about page (/about): its paragraphs, mission and vision (also on the home page), activities, picture. */
export function AboutForm(props: SectionProps) {
  const form = useSectionForm(aboutSchema, props, 'About page saved')
  const [uploading, setUploading] = useState(false)
  return (
    <SectionForm labelledBy="site-about" form={form} uploading={uploading}>
      <SectionList
        legend="Introduction"
        form={form}
        name="about.intro"
        newItem={() => ''}
        itemName={(index) => `paragraph ${index + 1}`}
        addLabel="Add a paragraph"
        renderItem={(index) => (
          <TextAreaField label={`Paragraph ${index + 1}`} rows={4} {...form.field(`about.intro.${index}`)} />
        )}
      />
      <TextAreaField label="Mission" rows={3} {...form.field('about.mission')} />
      <TextAreaField label="Vision" rows={3} {...form.field('about.vision')} />
      <SectionList
        legend="What the chapter does"
        form={form}
        name="about.activities"
        newItem={() => ''}
        itemName={(index) => `activity ${index + 1}`}
        addLabel="Add an activity"
        renderItem={(index) => (
          <TextField label={`Activity ${index + 1}`} {...form.field(`about.activities.${index}`)} />
        )}
      />
      <TextImageField
        control={form.control}
        name="about.image.image"
        label="Picture"
        onUploadingChange={setUploading}
      />
      <TextField
        label="Picture, description"
        hint="What the picture shows, for those who cannot see it."
        {...form.field('about.image.alt')}
      />
    </SectionForm>
  )
}
