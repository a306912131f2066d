import { useState } from 'react'
import { TextAreaField, TextField } from '#components/form/Field'
import { siteTextsSchema } from '#content/schema'
import { SectionForm, SectionList, type SectionProps, useSectionForm } from './section'
import { NO_IMAGE, TextImageField } from './TextImageField'

const achievementsSchema = siteTextsSchema.pick({ achievements: true })

/** The achievements page (/acheivements): each with its date, picture and paragraphs. */
export function AchievementsForm(props: SectionProps) {
  const form = useSectionForm(achievementsSchema, props, 'Achievements saved')
  const [uploading, setUploading] = useState(false)
  return (
    <SectionForm labelledBy="site-achievements" form={form} uploading={uploading}>
      <SectionList
        legend="Achievements"
        form={form}
        name="achievements"
        newItem={() => ({ title: '', date: '', image: NO_IMAGE, body: [''] })}
        itemName={(index) => `achievement ${index + 1}`}
        itemTitle={(index) => `Achievement ${index + 1}`}
        addLabel="Add an achievement"
        renderItem={(index) => (
          <>
            <TextField
              label={`Achievement ${index + 1}, title`}
              {...form.field(`achievements.${index}.title`)}
            />
            <TextField
              label={`Achievement ${index + 1}, date`}
              type="date"
              {...form.field(`achievements.${index}.date`)}
            />
            <TextImageField
              control={form.control}
              name={`achievements.${index}.image`}
              label={`Achievement ${index + 1}, picture`}
              onUploadingChange={setUploading}
            />
            <SectionList
              legend={`Achievement ${index + 1}, text`}
              form={form}
              name={`achievements.${index}.body`}
              newItem={() => ''}
              itemName={(paragraph) => `achievement ${index + 1} paragraph ${paragraph + 1}`}
              addLabel="Add a paragraph"
              renderItem={(paragraph) => (
                <TextAreaField
                  label={`Achievement ${index + 1}, paragraph ${paragraph + 1}`}
                  rows={4}
                  {...form.field(`achievements.${index}.body.${paragraph}`)}
                />
              )}
            />
          </>
        )}
      />
    </SectionForm>
  )
}
