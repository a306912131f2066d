import { useState } from 'react'
import { type Control, useWatch } from 'react-hook-form'
import { TextAreaField, TextField } from '#components/form/Field'
import { ListEditor } from '#components/form/ListEditor'
import type { useApiForm } from '#components/form/useApiForm'
import { siteTextsSchema } from '#content/schema'
import { bound, listError, SectionForm, type SectionProps, useSectionForm } from './section'
import { NO_IMAGE, TextImageField } from './TextImageField'

const achievementsSchema = siteTextsSchema.pick({ achievements: true })

/** The achievements page (/acheivements): each with its date, picture and paragraphs. */
export function AchievementsForm(props: SectionProps) {
  const form = useSectionForm(achievementsSchema, props, 'Achievements saved')
  const [uploading, setUploading] = useState(false)
  const achievements = useWatch({ control: form.control, name: 'achievements' }) ?? []
  return (
    <SectionForm
      labelledBy="site-achievements"
      onSubmit={form.submit}
      pending={form.formState.isSubmitting}
      uploading={uploading}
    >
      <ListEditor
        legend="Achievements"
        items={achievements}
        onChange={(next) => form.setValue('achievements', next, { shouldDirty: true })}
        newItem={() => ({ title: '', date: '', image: NO_IMAGE, body: [''] })}
        itemName={(index) => `achievement ${index + 1}`}
        itemTitle={(index) => `Achievement ${index + 1}`}
        addLabel="Add an achievement"
        error={listError(form, 'achievements')}
        renderItem={(index) => (
          <>
            <TextField
              label={`Achievement ${index + 1}, title`}
              {...bound(form, `achievements.${index}.title`)}
            />
            <TextField
              label={`Achievement ${index + 1}, date`}
              type="date"
              {...bound(form, `achievements.${index}.date`)}
            />
            <TextImageField
              control={form.control}
              name={`achievements.${index}.image`}
              label={`Achievement ${index + 1}, picture`}
              onUploadingChange={setUploading}
            />
            <Paragraphs form={form} control={form.control} index={index} />
          </>
        )}
      />
    </SectionForm>
  )
}

type AchievementsValues = { achievements: ReturnType<typeof achievementsSchema.parse>['achievements'] }

/** One achievement's paragraphs: a list inside the list. */
function Paragraphs({
  form,
  control,
  index,
}: {
  form: ReturnType<typeof useApiForm<AchievementsValues, AchievementsValues, unknown>>
  control: Control<AchievementsValues>
  index: number
}) {
  const body = useWatch({ control, name: `achievements.${index}.body` }) ?? []
  return (
    <ListEditor
      legend={`Achievement ${index + 1}, text`}
      items={body}
      onChange={(next) => form.setValue(`achievements.${index}.body`, next, { shouldDirty: true })}
      newItem={() => ''}
      itemName={(paragraph) => `achievement ${index + 1} paragraph ${paragraph + 1}`}
      addLabel="Add a paragraph"
      error={listError(form, `achievements.${index}.body`)}
      renderItem={(paragraph) => (
        <TextAreaField
          label={`Achievement ${index + 1}, paragraph ${paragraph + 1}`}
          rows={4}
          {...bound(form, `achievements.${index}.body.${paragraph}`)}
        />
      )}
    />
  )
}
