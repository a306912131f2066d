import { type ChangeEvent, useRef, useState } from 'react'
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form'
import { isPdfUpload } from '#db/validation'
import { ApiRequestError, uploadImage } from '../console/api'
import { type ApiLimits, useApiLimits } from '../console/apiLimits'
import { notify } from '../console/notify'
import { Spinner } from '../ui/Spinner'
import { buttonStyles } from '../ui/styles'
import { Field } from './Field'

/** What the upload endpoint accepts (docs/decisions/017-uploads-on-this-server.md), as the picker's filter and a hint; the server checks the bytes. */
function uploadRules({ imageFormats, imageMaxBytes }: ApiLimits, acceptPdf: boolean) {
  const names = [...Object.values(imageFormats), ...(acceptPdf ? ['PDF (its first page)'] : [])]
  return {
    accept: [...Object.keys(imageFormats), ...(acceptPdf ? ['application/pdf'] : [])].join(','),
    hint: `${names.slice(0, -1).join(', ')} or ${names.at(-1)}, up to ${imageMaxBytes / 1024 / 1024} MB.`,
  }
}

type Props = {
  label: string
  /** The image's URL: an upload of this site or an http(s) link; empty when there is none yet. */
  value: string
  onChange: (url: string) => void
  onBlur?: () => void
  error?: string | undefined
  /** Told while an upload runs, so the form can hold its submit button. */
  onUploadingChange?: (uploading: boolean) => void
  /**
   * How the public pages frame this image (the event banner's EVENT_BANNER), so the preview crops it the
   * same way, and the size to upload it at; without it a small square preview.
   */
  shownAs?: { frame: string; width: number; height: number; page?: string }
  /** Where the preview's picture comes from, when the value is no address (a post's bundled `content:` banner). */
  previewSrc?: ((value: string) => string) | undefined
  /** The image may be left out: what happens then (a hint), and a button to take the current one away. */
  optional?: string
  /** A PDF's first page may be chosen too (a certificate's background). */
  acceptPdf?: boolean
}

/**
 * An image chosen from disk, uploaded at once to POST /api/uploads and shown as a preview. The current
 * image stays until a new one has been uploaded (docs/decisions/018-edit-forms-keep-images.md); a failed upload shows an error toast
 * and leaves the rest of the form as it was.
 */
export function ImageField({
  label,
  value,
  onChange,
  onBlur,
  error,
  onUploadingChange,
  shownAs,
  optional,
  acceptPdf = false,
  previewSrc,
}: Props) {
  const input = useRef<HTMLInputElement>(null)
  const rules = uploadRules(useApiLimits(), acceptPdf)
  const [uploading, setUploading] = useState(false)
  // What the server said about the file just chosen (a PDF it cannot read), shown under the field.
  const [uploadError, setUploadError] = useState<string | undefined>()

  const setBusy = (busy: boolean) => {
    setUploading(busy)
    onUploadingChange?.(busy)
  }

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (!file) return
    setBusy(true)
    setUploadError(undefined)
    const toastId = notify.loading('Uploading image...')
    try {
      onChange(await uploadImage(file, acceptPdf ? 'certificate-background' : undefined))
      notify.success('Image uploaded', toastId)
    } catch (failure) {
      notify.error(
        failure instanceof ApiRequestError ? failure.message : 'The image could not be uploaded.',
        toastId,
      )
      if (failure instanceof ApiRequestError && failure.errors?.image) setUploadError(failure.errors.image)
      if (input.current) input.current.value = ''
    } finally {
      setBusy(false)
      onBlur?.()
    }
  }

  const size = shownAs
    ? `Best at ${shownAs.width} × ${shownAs.height} pixels; other shapes are cropped as shown.`
    : ''
  const hint = [size, value ? 'Choose a file to replace the current image.' : rules.hint]
    .filter(Boolean)
    .join(' ')
  return (
    <Field label={label} error={uploadError ?? error} hint={hint}>
      {(control) => (
        <div className={shownAs ? 'flex flex-col gap-2' : 'flex items-start gap-3'}>
          <div
            className={`grid shrink-0 place-items-center overflow-hidden rounded-md border border-slate-200 bg-slate-100 ${
              shownAs ? `w-full max-w-md ${shownAs.frame}` : 'size-20'
            }`}
          >
            {uploading ? (
              <Spinner className="size-5 text-slate-500" />
            ) : isPdfUpload(value) ? (
              <span className="px-1 text-center text-xs text-slate-700">PDF page</span>
            ) : value ? (
              <img
                src={previewSrc ? previewSrc(value) : value}
                alt={
                  shownAs
                    ? `${label} preview, as ${shownAs.page ?? 'the event page'} shows it`
                    : `${label} preview`
                }
                className={shownAs ? `w-full ${shownAs.frame}` : 'size-full object-cover'}
              />
            ) : (
              <span className="px-1 text-center text-xs text-slate-700">No image</span>
            )}
          </div>
          <input
            ref={input}
            type="file"
            accept={rules.accept}
            onChange={onFile}
            disabled={uploading}
            {...control}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
          />
          {optional && value && !uploading ? (
            <button
              type="button"
              className={`${buttonStyles.rowAction} shrink-0 ${shownAs ? 'self-start' : ''}`}
              onClick={() => {
                onChange('')
                if (input.current) input.current.value = ''
                onBlur?.()
              }}
            >
              Remove image
            </button>
          ) : null}
        </div>
      )}
    </Field>
  )
}

/** The image field bound to a react-hook-form field that holds the image's URL. */
export function ImageFormField<Values extends FieldValues, Output>({
  control,
  name,
  label,
  onUploadingChange,
  shownAs,
  optional,
  acceptPdf,
  previewSrc,
}: {
  control: Control<Values, unknown, Output>
  name: Path<Values>
  label: string
  onUploadingChange?: (uploading: boolean) => void
  shownAs?: Props['shownAs']
  optional?: string
  acceptPdf?: boolean
  previewSrc?: Props['previewSrc']
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ImageField
          label={label}
          value={String(field.value ?? '')}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          onUploadingChange={onUploadingChange}
          shownAs={shownAs}
          optional={optional}
          acceptPdf={acceptPdf}
          previewSrc={previewSrc}
        />
      )}
    />
  )
}
