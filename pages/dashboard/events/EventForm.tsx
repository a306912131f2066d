import { useEffect, useState } from 'react'
import { navigate } from 'vike/client/router'
import type { z } from 'zod'
import { api } from '../../../components/console/api'
import { Field, SelectField, TextField } from '../../../components/form/Field'
import { ImageFormField } from '../../../components/form/ImageField'
import { SubmitButton } from '../../../components/form/SubmitButton'
import { useApiForm } from '../../../components/form/useApiForm'
import { buttonStyles, inputStyles } from '../../../components/ui/styles'
import type { EventDto } from '../../../db/dto'
import { eventTypes, registrationMethods } from '../../../db/schema-enums'
import { eventInputSchema } from '../../../db/validation'

type Values = z.input<typeof eventInputSchema>

const blank = (host: string): Values => ({
  title: '',
  startTime: '',
  endTime: '',
  eventDate: '',
  location: '',
  host,
  registrationMethod: '' as Values['registrationMethod'],
  fees: Number.NaN,
  banner: '',
  eventLink: '',
  description: '',
  type: null,
})

const fromEvent = ({ _id, createdAt, updatedAt, ...fields }: EventDto): Values => fields

/**
 * Add event and edit event (docs/product.md#console-screens) with the labels of docs/decisions/022-form-labels-and-errors.md, validated by the API's own
 * schema. Editing keeps the current banner unless a new one is uploaded (docs/decisions/018-edit-forms-keep-images.md).
 */
export function EventForm({ event, defaultHost = '' }: { event?: EventDto; defaultHost?: string }) {
  const [uploading, setUploading] = useState(false)
  const {
    register,
    control,
    submit,
    getValues,
    formState: { errors, isSubmitting },
  } = useApiForm(eventInputSchema, {
    defaultValues: event ? fromEvent(event) : blank(defaultHost),
    save: (input) =>
      event
        ? api(`/api/events/${event._id}`, { method: 'PUT', json: input })
        : api('/api/events', { method: 'POST', json: input }),
    success: event ? 'Event updated successfully' : 'Event added successfully',
    invalidate: ['events'],
    onSaved: () => navigate('/dashboard/events'),
  })

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-6">
      <TextField
        label="Event Title"
        fieldClassName="sm:col-span-4"
        error={errors.title?.message}
        {...register('title')}
      />
      <SelectField
        label="Event Type"
        fieldClassName="sm:col-span-2"
        error={errors.type?.message}
        {...register('type', { setValueAs: (value: string | null) => (value ? value : null) })}
      >
        <option value="">No type</option>
        {eventTypes.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Event Date"
        type="date"
        fieldClassName="sm:col-span-2"
        error={errors.eventDate?.message}
        {...register('eventDate')}
      />
      <TextField
        label="Event Starting Time"
        type="time"
        fieldClassName="sm:col-span-2"
        error={errors.startTime?.message}
        {...register('startTime')}
      />
      <TextField
        label="Event Ending Time"
        type="time"
        fieldClassName="sm:col-span-2"
        error={errors.endTime?.message}
        {...register('endTime')}
      />
      <TextField
        label="Event Location"
        fieldClassName="sm:col-span-3"
        error={errors.location?.message}
        {...register('location')}
      />
      <TextField
        label="Hosts"
        fieldClassName="sm:col-span-3"
        error={errors.host?.message}
        {...register('host')}
      />
      <SelectField
        label="Registration Method"
        fieldClassName="sm:col-span-3"
        error={errors.registrationMethod?.message}
        {...register('registrationMethod')}
      >
        <option value="" disabled>
          Choose Offline or Online
        </option>
        {registrationMethods.map((method) => (
          <option key={method} value={method}>
            {method}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Fees"
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        fieldClassName="sm:col-span-3"
        hint="0 for a free event."
        error={errors.fees?.message}
        {...register('fees', { valueAsNumber: true })}
      />
      <TextField
        label="Event Facebook Link"
        type="url"
        placeholder="https://www.facebook.com/events/..."
        fieldClassName="sm:col-span-6"
        error={errors.eventLink?.message}
        {...register('eventLink')}
      />
      <div className="sm:col-span-6">
        <ImageFormField
          control={control}
          name="banner"
          label="Banner Image"
          onUploadingChange={setUploading}
        />
      </div>
      <DescriptionField
        error={errors.description?.message}
        preview={() => getValues('description') ?? ''}
        textarea={register('description')}
      />
      <div className="sm:col-span-6">
        <SubmitButton
          pending={isSubmitting}
          disabled={uploading}
          label={event ? 'Update Event' : 'Add Event'}
          pendingLabel={event ? 'Updating Event...' : 'Adding Event...'}
        />
      </div>
    </form>
  )
}

type Registered = ReturnType<ReturnType<typeof useApiForm>['register']>

/**
 * The description, in Markdown, with a Write / Preview switch: the preview is rendered by the same code as
 * the event page (components/text/markdown.ts), loaded on the first preview so the form stays light. An
 * error on the field brings the text back.
 */
function DescriptionField({
  error,
  preview,
  textarea,
}: {
  error: string | undefined
  preview: () => string
  textarea: Registered
}) {
  const [html, setHtml] = useState<string | null>(null)
  const previewing = html !== null
  useEffect(() => {
    if (error) setHtml(null)
  }, [error])
  const showPreview = async () => {
    const { renderDescription } = await import('../../../components/text/markdown')
    setHtml(renderDescription(preview()))
  }
  const tab = (pressed: boolean) => (pressed ? buttonStyles.primary : buttonStyles.secondary)
  return (
    <Field
      label="Description"
      hint="Markdown: **bold**, lists, [links](https://…)"
      error={error}
      className="sm:col-span-6"
    >
      {(control) => (
        <>
          <div className="mb-2 flex gap-1.5">
            <button
              type="button"
              aria-pressed={!previewing}
              className={tab(!previewing)}
              onClick={() => setHtml(null)}
            >
              Write
            </button>
            <button type="button" aria-pressed={previewing} className={tab(previewing)} onClick={showPreview}>
              Preview
            </button>
          </div>
          <textarea
            rows={10}
            {...textarea}
            {...control}
            hidden={previewing}
            className={`${inputStyles} leading-relaxed`}
          />
          {previewing ? (
            <section
              aria-labelledby={`${control.id}-preview`}
              className="min-h-40 rounded-md border border-slate-300 bg-white p-4"
            >
              {/* The description's headings start at h3, as on the event page under its h2. */}
              <h2 id={`${control.id}-preview`} className="sr-only">
                Preview of the description
              </h2>
              {html ? (
                <div
                  className="prose-article text-base"
                  // Rendered by the event page's own renderer: raw HTML escaped, unsafe links dropped.
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: safe HTML from components/text/markdown.ts.
                  dangerouslySetInnerHTML={{ __html: html }}
                />
              ) : (
                <p className="text-sm text-slate-500">Nothing to preview yet.</p>
              )}
            </section>
          ) : null}
        </>
      )}
    </Field>
  )
}
