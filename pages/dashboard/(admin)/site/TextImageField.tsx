import { useRef } from 'react'
import { type Control, Controller, type FieldError, type FieldValues, type Path } from 'react-hook-form'
import { ImageField } from '#components/form/ImageField'
import { imageOf } from '#content/images'
import type { TextImage } from '#content/schema'

/** A picture that is not chosen yet: the schema refuses it until one is uploaded. */
export const NO_IMAGE: TextImage = { src: '', width: 0, height: 0 }

/** The size of an uploaded picture, as every <img> of the public pages writes it. */
async function measured(url: string): Promise<TextImage> {
  const image = new Image()
  image.src = url
  await image.decode()
  return { src: url, width: image.naturalWidth, height: image.naturalHeight }
}

/** The first message of an object's errors (the picture's `src`, `width` or `height`). */
function messageOf(error: FieldError | Record<string, FieldError> | undefined): string | undefined {
  if (!error) return undefined
  if (typeof error.message === 'string') return error.message
  for (const part of Object.values(error as Record<string, FieldError>)) {
    if (typeof part?.message === 'string') return part.message
  }
  return undefined
}

/**
 * A picture of the site's texts (`{ src, width, height }`, docs/decisions/099-site-texts-in-the-console.md),
 * chosen through the upload field: a shipped picture (`bundled:<name>`) shows at its build's URL, an upload
 * is kept as its `/uploads/` path with the size the browser reads from it.
 */
export function TextImageField<Values extends FieldValues, Output>({
  control,
  name,
  label,
  onUploadingChange,
}: {
  control: Control<Values, unknown, Output>
  name: Path<Values>
  label: string
  onUploadingChange: (uploading: boolean) => void
}) {
  // Read when the upload field says it is done: the size is still being read then.
  const measuring = useRef(false)
  const busy = (value: boolean) => {
    measuring.current = value
    onUploadingChange(value)
  }
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const image = (field.value ?? NO_IMAGE) as TextImage
        return (
          <ImageField
            label={label}
            value={image.src ? imageOf(image).src : ''}
            onChange={async (url) => {
              busy(true)
              try {
                field.onChange(await measured(url))
              } catch {
                // Not readable as a picture here: kept, and the schema's size check says what is wrong.
                field.onChange({ src: url, width: 0, height: 0 })
              } finally {
                busy(false)
              }
            }}
            onBlur={field.onBlur}
            onUploadingChange={(uploading) => onUploadingChange(uploading || measuring.current)}
            error={messageOf(fieldState.error as FieldError | Record<string, FieldError> | undefined)}
          />
        )
      }}
    />
  )
}
