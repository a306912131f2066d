import { TextField } from '#components/form/Field'
import { SectionList, sectionForm, TextList } from './section'
import { NO_IMAGE, TextImageField } from './TextImageField'

/** The achievements page (/acheivements): each with its date, picture and paragraphs. */
export const AchievementsForm = sectionForm(
  'achievements',
  'Achievements saved',
  (form, onUploadingChange) => (
    <SectionList
      legend="Achievements"
      form={form}
      name="achievements"
      newItem={() => ({ title: '', date: '', image: NO_IMAGE, body: [''] })}
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
            onUploadingChange={onUploadingChange}
          />
          <TextList
            legend={`Achievement ${index + 1}, text`}
            form={form}
            name={`achievements.${index}.body`}
            label={`Achievement ${index + 1}, paragraph`}
            addLabel="Add a paragraph"
            rows={4}
          />
        </>
      )}
    />
  ),
)
