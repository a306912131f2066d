import { TextField } from '#components/form/Field'
import { SectionList, sectionForm } from './section'
import { NO_IMAGE, TextImageField } from './TextImageField'

/** The awards page (/awards): the year and the people awarded. */
export const AwardsForm = sectionForm('awards', 'Awards saved', (form, onUploadingChange) => (
  <>
    <TextField
      label="Year"
      type="number"
      inputMode="numeric"
      {...form.field('awards.year', { valueAsNumber: true })}
    />
    <SectionList
      legend="Awards"
      form={form}
      name="awards.cards"
      newItem={() => ({ name: '', awardTitle: '', photo: NO_IMAGE })}
      itemTitle={(index) => `Award ${index + 1}`}
      addLabel="Add an award"
      renderItem={(index) => (
        <>
          <TextField label={`Award ${index + 1}, name`} {...form.field(`awards.cards.${index}.name`)} />
          <TextField
            label={`Award ${index + 1}, award`}
            {...form.field(`awards.cards.${index}.awardTitle`)}
          />
          <TextImageField
            control={form.control}
            name={`awards.cards.${index}.photo`}
            label={`Award ${index + 1}, photo`}
            onUploadingChange={onUploadingChange}
          />
        </>
      )}
    />
  </>
))
