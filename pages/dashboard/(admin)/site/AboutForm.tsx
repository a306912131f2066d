import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { TextAreaField, TextField } from '#components/form/Field'
import { ListEditor } from '#components/form/ListEditor'
import { siteTextsSchema } from '#content/schema'
import { bound, listError, SectionForm, type SectionProps, useSectionForm } from './section'
import { TextImageField } from './TextImageField'

const aboutSchema = siteTextsSchema.pick({ about: true })

/** The about page (/about): its paragraphs, mission and vision (also on the home page), activities, picture. */
export function AboutForm(props: SectionProps) {
  const form = useSectionForm(aboutSchema, props, 'About page saved')
  const [uploading, setUploading] = useState(false)
  const intro = useWatch({ control: form.control, name: 'about.intro' }) ?? []
  const activities = useWatch({ control: form.control, name: 'about.activities' }) ?? []
  return (
    <SectionForm
      labelledBy="site-about"
      onSubmit={form.submit}
      pending={form.formState.isSubmitting}
      uploading={uploading}
    >
      <ListEditor
        legend="Introduction"
        items={intro}
        onChange={(next) => form.setValue('about.intro', next, { shouldDirty: true })}
        newItem={() => ''}
        itemName={(index) => `paragraph ${index + 1}`}
        addLabel="Add a paragraph"
        error={listError(form, 'about.intro')}
        renderItem={(index) => (
          <TextAreaField label={`Paragraph ${index + 1}`} rows={4} {...bound(form, `about.intro.${index}`)} />
        )}
      />
      <TextAreaField label="Mission" rows={3} {...bound(form, 'about.mission')} />
      <TextAreaField label="Vision" rows={3} {...bound(form, 'about.vision')} />
      <ListEditor
        legend="What the chapter does"
        items={activities}
        onChange={(next) => form.setValue('about.activities', next, { shouldDirty: true })}
        newItem={() => ''}
        itemName={(index) => `activity ${index + 1}`}
        addLabel="Add an activity"
        error={listError(form, 'about.activities')}
        renderItem={(index) => (
          <TextField label={`Activity ${index + 1}`} {...bound(form, `about.activities.${index}`)} />
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
        {...bound(form, 'about.image.alt')}
      />
    </SectionForm>
  )
}
