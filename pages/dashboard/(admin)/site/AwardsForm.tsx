import { useState } from 'react'
import { TextField } from '#components/form/Field'
import { siteTextsSchema } from '#content/schema'
import { SectionForm, SectionList, type SectionProps, useSectionForm } from './section'
import { NO_IMAGE, TextImageField } from './TextImageField'

const awardsSchema = siteTextsSchema.pick({ awards: true })

/** The awards page (/awards): the year and the people awarded. */
export function AwardsForm(props: SectionProps) {
  const form = useSectionForm(awardsSchema, props, 'Awards saved')
  const [uploading, setUploading] = useState(false)
  return (
    <SectionForm labelledBy="site-awards" form={form} uploading={uploading}>
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
        itemName={(index) => `award ${index + 1}`}
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
              onUploadingChange={setUploading}
            />
          </>
        )}
      />
    </SectionForm>
  )
}
