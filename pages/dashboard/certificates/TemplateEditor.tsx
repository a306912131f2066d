import { useEffect, useState } from 'react'
import { type Control, type UseFormRegister, useFieldArray, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { api } from '#components/console/api'
import { SelectField, TextField } from '#components/form/Field'
import { ImageFormField } from '#components/form/ImageField'
import { SubmitButton } from '#components/form/SubmitButton'
import { useApiForm } from '#components/form/useApiForm'
import { buttonStyles } from '#components/ui/styles'
import type { CertificateTemplateDto } from '#db/dto'
import {
  certificateAlignments,
  certificateDesignSchema,
  certificateFieldKinds,
  certificateTemplateInputSchema,
} from '#db/validation'

type Values = z.input<typeof certificateTemplateInputSchema>

const KIND_LABELS: Record<(typeof certificateFieldKinds)[number], string> = {
  text: 'Text of your own',
  name: 'Attendee name',
  role: 'Role line',
  event: 'Event title',
  date: 'Date',
  chapter: 'Chapter',
  serial: 'Serial',
  qr: 'QR code',
  logo: 'Chapter logo',
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(blob)
  })
}

/** The design with sample values, made by the server as the preview's PNG or the sample PDF. */
async function previewOf(
  design: z.output<typeof certificateDesignSchema>,
  format: 'png' | 'pdf',
  signal?: AbortSignal,
): Promise<Blob> {
  const response = await fetch(`/api/certificate-templates/preview?format=${format}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ design }),
    credentials: 'same-origin',
    ...(signal ? { signal } : {}),
  })
  if (!response.ok) throw new Error(String(response.status))
  return response.blob()
}

/** The server's rendering of the design being edited: the same layout code as the PDFs. */
function LivePreview({
  control,
}: {
  control: Control<Values, unknown, z.output<typeof certificateTemplateInputSchema>>
}) {
  const design = useWatch({ control, name: 'design' })
  const [image, setImage] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [downloading, setDownloading] = useState(false)
  const serialized = JSON.stringify(design)
  const downloadSample = async () => {
    const parsed = certificateDesignSchema.safeParse(JSON.parse(serialized))
    if (!parsed.success) {
      setProblem('Fix the fields marked in red to make a sample PDF.')
      return
    }
    setDownloading(true)
    try {
      const link = document.createElement('a')
      link.href = URL.createObjectURL(await previewOf(parsed.data, 'pdf'))
      link.download = 'certificate-sample.pdf'
      link.click()
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000)
    } catch {
      setProblem('The sample PDF could not be made.')
    } finally {
      setDownloading(false)
    }
  }
  useEffect(() => {
    const parsed = certificateDesignSchema.safeParse(JSON.parse(serialized))
    if (!parsed.success) {
      setProblem('Fix the fields marked in red to see the preview.')
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      try {
        // A data: URL: the console's Content-Security-Policy allows no blob: images.
        setImage(await dataUrlOf(await previewOf(parsed.data, 'png', controller.signal)))
        setProblem(null)
      } catch (error) {
        if ((error as Error).name !== 'AbortError') setProblem('The preview could not be made.')
      }
    }, 400)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [serialized])
  return (
    <figure className="space-y-2">
      {image ? (
        <img
          src={image}
          alt="Preview of the certificate with sample values"
          className="w-full rounded border border-slate-300 shadow-sm"
        />
      ) : (
        <div className="aspect-[297/210] w-full animate-pulse rounded border border-slate-200 bg-slate-100" />
      )}
      <figcaption className="text-sm text-slate-600" aria-live="polite">
        {problem ?? 'Live preview with sample values (José Núñez Ødegård, serial K7QF-M2XR-9H).'}
      </figcaption>
      <button
        type="button"
        className={buttonStyles.secondary}
        onClick={downloadSample}
        disabled={downloading}
      >
        {downloading ? 'Making the sample PDF...' : 'Download a sample PDF'}
      </button>
    </figure>
  )
}

function NumberInput({
  label,
  registration,
  step = 1,
}: {
  label: string
  registration: ReturnType<UseFormRegister<Values>>
  step?: number
}) {
  return (
    <label className="flex flex-col text-xs font-medium text-slate-700">
      {label}
      <input
        type="number"
        step={step}
        className="mt-1 w-20 rounded-md border border-slate-300 px-2 py-1.5 text-sm text-slate-900"
        {...registration}
      />
    </label>
  )
}

/**
 * Make or change a certificate template (docs/product.md#certificates): name, paper, background or the
 * built-in border's colour, the fields with their place in mm, size, colour and alignment, up to three
 * signatures, and the live preview from the server.
 */
export function TemplateEditor({
  template,
  initial,
  onSaved,
}: {
  template?: CertificateTemplateDto
  /** The design a new template starts from. */
  initial: Values['design']
  onSaved: () => void | Promise<void>
}) {
  const [uploading, setUploading] = useState(false)
  const {
    register,
    field,
    control,
    submit,
    formState: { errors, isSubmitting },
  } = useApiForm(certificateTemplateInputSchema, {
    defaultValues: template
      ? { name: template.name, design: template.design }
      : { name: '', design: initial },
    save: (input) =>
      template
        ? api(`/api/certificate-templates/${template._id}`, { method: 'PUT', json: input })
        : api('/api/certificate-templates', { method: 'POST', json: input }),
    success: template ? 'Template saved' : 'Template added',
    invalidate: ['certificate-templates'],
    onSaved,
  })
  const fields = useFieldArray({ control, name: 'design.fields' })
  const signatures = useFieldArray({ control, name: 'design.signatures' })
  const num = (path: Parameters<typeof register>[0]) => register(path, { valueAsNumber: true })

  return (
    <form noValidate onSubmit={submit} className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="space-y-5">
        <TextField label="Template name" {...field('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Paper" error={errors.design?.paper?.message} {...register('design.paper')}>
            <option value="a4">A4 landscape</option>
            <option value="letter">Letter landscape</option>
          </SelectField>
          <TextField
            label="Border colour"
            hint="Used without a background, like #1e3a8a."
            error={errors.design?.accent?.message}
            {...register('design.accent')}
          />
        </div>
        <ImageFormField
          control={control}
          name="design.background"
          label="Background image or PDF"
          optional="Optional: without one the certificate has the built-in border."
          onUploadingChange={setUploading}
          acceptPdf
        />
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900">
            Fields (positions in mm from the top left)
          </legend>
          {fields.fields.map((field, index) => {
            const fieldErrors = errors.design?.fields?.[index]
            return (
              <div key={field.id} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-end gap-3">
                  <SelectField label={`Field ${index + 1}`} {...register(`design.fields.${index}.kind`)}>
                    {certificateFieldKinds.map((kind) => (
                      <option key={kind} value={kind}>
                        {KIND_LABELS[kind]}
                      </option>
                    ))}
                  </SelectField>
                  <NumberInput label="x (mm)" step={0.5} registration={num(`design.fields.${index}.x`)} />
                  <NumberInput label="y (mm)" step={0.5} registration={num(`design.fields.${index}.y`)} />
                  <NumberInput label="Size" registration={num(`design.fields.${index}.size`)} />
                  <label className="flex flex-col text-xs font-medium text-slate-700">
                    Colour
                    <input
                      type="color"
                      className="mt-1 h-9 w-12 rounded border border-slate-300"
                      {...register(`design.fields.${index}.colour`)}
                    />
                  </label>
                  <label className="flex flex-col text-xs font-medium text-slate-700">
                    Alignment
                    <select
                      className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                      {...register(`design.fields.${index}.align`)}
                    >
                      {certificateAlignments.map((align) => (
                        <option key={align} value={align}>
                          {align}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="flex items-center gap-1.5 pb-2 text-sm text-slate-800">
                    <input type="checkbox" {...register(`design.fields.${index}.bold`)} /> Bold
                  </label>
                  <button
                    type="button"
                    className={buttonStyles.secondary}
                    onClick={() => fields.remove(index)}
                    aria-label={`Remove field ${index + 1}`}
                  >
                    Remove
                  </button>
                </div>
                <div className="mt-2">
                  <TextField
                    label="Text (for text of your own; before the serial)"
                    error={
                      fieldErrors?.text?.message ?? fieldErrors?.x?.message ?? fieldErrors?.size?.message
                    }
                    {...register(`design.fields.${index}.text`)}
                  />
                </div>
              </div>
            )
          })}
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() =>
              fields.append({ kind: 'text', text: 'New text', x: 148.5, y: 190, size: 12, align: 'center' })
            }
          >
            Add a field
          </button>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900">Signatures (up to three)</legend>
          {signatures.fields.map((signature, index) => (
            <div
              key={signature.id}
              className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2"
            >
              <TextField
                label={`Signatory ${index + 1} name`}
                error={errors.design?.signatures?.[index]?.name?.message}
                {...register(`design.signatures.${index}.name`)}
              />
              <TextField label="Title" {...register(`design.signatures.${index}.title`)} />
              <div className="flex gap-3">
                <NumberInput label="x (mm)" step={0.5} registration={num(`design.signatures.${index}.x`)} />
                <NumberInput label="y (mm)" step={0.5} registration={num(`design.signatures.${index}.y`)} />
              </div>
              <button
                type="button"
                className={buttonStyles.secondary}
                onClick={() => signatures.remove(index)}
                aria-label={`Remove signature ${index + 1}`}
              >
                Remove
              </button>
              <div className="sm:col-span-2">
                <ImageFormField
                  control={control}
                  name={`design.signatures.${index}.image`}
                  label="Signature image"
                  optional="Optional: a scanned signature, best on a transparent background."
                  onUploadingChange={setUploading}
                />
              </div>
            </div>
          ))}
          {signatures.fields.length < 3 ? (
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() =>
                signatures.append({
                  name: 'Name of signatory',
                  title: 'Chair',
                  image: '',
                  x: [70, 227, 148.5][signatures.fields.length] ?? 148.5,
                  y: 172,
                })
              }
            >
              Add a signature
            </button>
          ) : null}
        </fieldset>
        <SubmitButton
          pending={isSubmitting}
          disabled={uploading}
          label={template ? 'Save template' : 'Add template'}
          pendingLabel="Saving..."
        />
      </div>
      <div className="xl:sticky xl:top-4 xl:self-start">
        <LivePreview control={control} />
      </div>
    </form>
  )
}
