import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { TextField } from '#components/form/Field'
import { ListEditor } from '#components/form/ListEditor'
import { siteTextsSchema } from '#content/schema'
import { bound, listError, SectionForm, type SectionProps, useSectionForm } from './section'
import { NO_IMAGE, TextImageField } from './TextImageField'

const awardsSchema = siteTextsSchema.pick({ awards: true })

/** The awards page (/awards): the year and the people awarded. */
export function AwardsForm(props: SectionProps) {
  const form = useSectionForm(awardsSchema, props, 'Awards saved')
  const [uploading, setUploading] = useState(false)
  const cards = useWatch({ control: form.control, name: 'awards.cards' }) ?? []
  return (
    <SectionForm
      labelledBy="site-awards"
      onSubmit={form.submit}
      pending={form.formState.isSubmitting}
      uploading={uploading}
    >
      <TextField
        label="Year"
        type="number"
        inputMode="numeric"
        {...bound(form, 'awards.year', { valueAsNumber: true })}
      />
      <ListEditor
        legend="Awards"
        items={cards}
        onChange={(next) => form.setValue('awards.cards', next, { shouldDirty: true })}
        newItem={() => ({ name: '', awardTitle: '', photo: NO_IMAGE })}
        itemName={(index) => `award ${index + 1}`}
        itemTitle={(index) => `Award ${index + 1}`}
        addLabel="Add an award"
        error={listError(form, 'awards.cards')}
        renderItem={(index) => (
          <>
            <TextField label={`Award ${index + 1}, name`} {...bound(form, `awards.cards.${index}.name`)} />
            <TextField
              label={`Award ${index + 1}, award`}
              {...bound(form, `awards.cards.${index}.awardTitle`)}
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
