import { useState } from 'react'
import { navigate } from 'vike/client/router'
import type { z } from 'zod'
import { api } from '#components/console/api'
import { SelectField, TextAreaField, TextField } from '#components/form/Field'
import { ImageFormField } from '#components/form/ImageField'
import { SubmitButton } from '#components/form/SubmitButton'
import { useApiForm } from '#components/form/useApiForm'
import type { EventDto } from '#db/dto'
import { registrationMethods } from '#db/schema-enums'
import { eventInputSchema } from '#db/validation'

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
    formState: { errors, isSubmitting },
  } = useApiForm(eventInputSchema, {
    defaultValues: event ? fromEvent(event) : blank(defaultHost),
    save: (input) =>
      event
        ? api(`/api/events/${event._id}`, { method: 'PUT', json: input })
        : api('/api/events', { method: 'POST', json: input }),
    success: event ? 'Event Updated Successfully' : 'Event Added Successfully',
    invalidate: ['events'],
    onSaved: () => navigate('/dashboard/events'),
  })

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-6">
      <TextField
        label="Event Title"
        fieldClassName="sm:col-span-6"
        error={errors.title?.message}
        {...register('title')}
      />
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
      <TextAreaField
        label="Description"
        rows={10}
        fieldClassName="sm:col-span-6"
        error={errors.description?.message}
        {...register('description')}
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
