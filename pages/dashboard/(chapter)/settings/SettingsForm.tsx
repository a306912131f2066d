import { useState } from 'react'
import type { z } from 'zod'
import { api } from '#components/console/api'
import { ApiForm } from '#components/form/ApiForm'
import { TextAreaField, TextField } from '#components/form/Field'
import { ImageFormField } from '#components/form/ImageField'
import { useApiForm } from '#components/form/useApiForm'
import { type ChapterInfoDto, emptyChapterInfo } from '#db/dto'
import { chapterInfoInputSchema } from '#db/validation'

type Values = z.input<typeof chapterInfoInputSchema>

const fromInfo = ({ _id, ...fields }: ChapterInfoDto): Values => fields

/**
 * The chapter's landing-page settings (docs/product.md#console-screens, docs/decisions/016-chapter-info-and-video.md): created with POST the first time,
 * updated with PUT after that. A failed save shows the server's message (docs/product.md#messages).
 */
export function SettingsForm({ initial }: { initial: ChapterInfoDto | null }) {
  const [infoId, setInfoId] = useState(initial?._id ?? null)
  const [uploading, setUploading] = useState(false)
  const {
    field,
    control,
    submit,
    formState: { isSubmitting },
  } = useApiForm(chapterInfoInputSchema, {
    defaultValues: initial ? fromInfo(initial) : emptyChapterInfo,
    save: (input) =>
      infoId
        ? api<{ chapter: ChapterInfoDto }>(`/api/chapters/${infoId}`, { method: 'PUT', json: input })
        : api<{ chapter: ChapterInfoDto }>('/api/chapters', { method: 'POST', json: input }),
    success: infoId ? 'Chapter info updated successfully' : 'Chapter info added successfully',
    onSaved: (answer) => setInfoId(answer.chapter._id),
  })

  return (
    <ApiForm
      onSubmit={submit}
      pending={isSubmitting}
      busy={uploading}
      label={infoId ? 'Update Chapter Info' : 'Save Chapter Info'}
      pendingLabel={infoId ? 'Update Chapter Info' : 'Save Chapter Info'}
      className="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <div className="sm:col-span-2">
        <ImageFormField control={control} name="logo" label="Chapter Logo" onUploadingChange={setUploading} />
      </div>
      <TextAreaField
        label="Short Description"
        rows={3}
        fieldClassName="sm:col-span-2"
        hint="Shown under the chapter's name at the top of its page."
        {...field('shortDescription')}
      />
      <TextField label="Website URL" type="url" placeholder="https://" {...field('websiteUrl')} />
      <TextField
        label="Facebook Page URL"
        type="url"
        placeholder="https://www.facebook.com/..."
        {...field('facebookUrl')}
      />
      <TextField
        label="LinkedIn Page URL"
        type="url"
        placeholder="https://www.linkedin.com/..."
        {...field('linkedinUrl')}
      />
      <TextField
        label="Video URL"
        type="url"
        placeholder="https://www.youtube.com/watch?v=..."
        hint="Optional: a YouTube video for the About section."
        {...field('videoUrl')}
      />
      <TextAreaField label="About Chapter" rows={10} fieldClassName="sm:col-span-2" {...field('aboutUs')} />
    </ApiForm>
  )
}
