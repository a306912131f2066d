import { useState } from 'react'
import { navigate } from 'vike/client/router'
import { api } from '#components/console/api'
import { EVENT_BANNER } from '#components/events/banner'
import { ApiForm } from '#components/form/ApiForm'
import { SelectField, TextField } from '#components/form/Field'
import { ImageFormField } from '#components/form/ImageField'
import { MarkdownField } from '#components/form/MarkdownField'
import { useApiForm } from '#components/form/useApiForm'
import type { ChapterRefDto, HostedEventDto, RegistrationSettingsDto } from '#db/dto'
import { eventTypes, registrationMethods } from '#db/schema-enums'
import { eventInputSchema } from '#db/validation'
import { HostingChapterField } from './HostingChapterField'
import { type EventFormValues, RegistrationSection, registrationDefaults } from './RegistrationSection'
import { usePastDateConfirm } from './usePastDateConfirm'

type Values = EventFormValues

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
  chapterSlug: null,
  type: null,
  registration: registrationDefaults(),
})

/** An event as the edit page has it: with its registration settings. */
type EditedEvent = HostedEventDto & { registration?: RegistrationSettingsDto }

const fromEvent = ({ _id, createdAt, updatedAt, chapter, registration, ...fields }: EditedEvent): Values => ({
  ...fields,
  chapterSlug: chapter?.slug ?? null,
  registration: registrationDefaults(registration),
})

/** An administrator's form: who may host the event (every chapter, or the branch itself). */
type Hosts = { chapters: readonly ChapterRefDto[]; branchName: string }

/**
 * Add event and edit event (docs/product.md#console-screens) with the labels of docs/decisions/022-form-labels-and-errors.md, validated by the API's own
 * schema (an end before the start is an error on the end). Editing keeps the current banner unless a new one is uploaded (docs/decisions/018-edit-forms-keep-images.md);
 * the banner's preview is framed as the event page frames it. A date before today is saved only after a
 * question. An administrator picks the hosting chapter (`hosts`); an officer's events are their chapter's.
 */
export function EventForm({
  event,
  defaultHost = '',
  hosts,
}: {
  event?: EditedEvent
  defaultHost?: string
  hosts?: Hosts | undefined
}) {
  const [uploading, setUploading] = useState(false)
  const saved = registrationDefaults(event?.registration)
  const pastDate = usePastDateConfirm(event?.eventDate)
  const defaults = event ? fromEvent(event) : blank(defaultHost)
  // An officer's form sends no chapter: the API keeps their events in their chapter.
  if (!hosts) delete defaults.chapterSlug
  const {
    register,
    field,
    control,
    submit,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useApiForm(eventInputSchema, {
    defaultValues: defaults,
    save: (input) =>
      event
        ? api(`/api/events/${event._id}`, { method: 'PUT', json: input })
        : api('/api/events', { method: 'POST', json: input }),
    success: event ? 'Event updated successfully' : 'Event added successfully',
    invalidate: ['events'],
    confirm: pastDate.confirm,
    onSaved: () => navigate('/dashboard/events'),
  })

  // An administrator's form has the hosting chapter beside Hosts, and the location on a row of its own.
  const location = (
    <TextField
      label="Event Location"
      fieldClassName={hosts ? 'sm:col-span-6' : 'sm:col-span-3'}
      {...field('location')}
    />
  )

  return (
    <ApiForm
      onSubmit={submit}
      pending={isSubmitting}
      busy={uploading}
      label={event ? 'Update Event' : 'Add Event'}
      pendingLabel={event ? 'Updating Event...' : 'Adding Event...'}
      className="grid gap-4 sm:grid-cols-6"
      footerClassName="sm:col-span-6"
    >
      <TextField label="Event Title" fieldClassName="sm:col-span-4" {...field('title')} />
      <SelectField
        label="Event Type"
        fieldClassName="sm:col-span-2"
        {...field('type', { setValueAs: (value: string | null) => (value ? value : null) })}
      >
        <option value="">No type</option>
        {eventTypes.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
      <TextField label="Event Date" type="date" fieldClassName="sm:col-span-2" {...field('eventDate')} />
      <TextField
        label="Event Starting Time"
        type="time"
        fieldClassName="sm:col-span-2"
        {...field('startTime')}
      />
      <TextField label="Event Ending Time" type="time" fieldClassName="sm:col-span-2" {...field('endTime')} />
      {hosts ? (
        <HostingChapterField
          chapters={hosts.chapters}
          branchName={hosts.branchName}
          error={errors.chapterSlug?.message}
          registered={register('chapterSlug', { setValueAs: (value) => (value ? value : null) })}
          host={{
            get: () => getValues('host') ?? '',
            set: (name) =>
              setValue('host', name, { shouldDirty: true, shouldValidate: Boolean(errors.host) }),
          }}
        />
      ) : null}
      {hosts ? null : location}
      <TextField label="Hosts" fieldClassName="sm:col-span-3" {...field('host')} />
      {hosts ? location : null}
      <SelectField
        label="Registration Method"
        fieldClassName="sm:col-span-3"
        {...field('registrationMethod')}
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
        hint="In BDT; 0 for a free event (shown as Free)."
        {...field('fees', { valueAsNumber: true })}
      />
      <TextField
        label="Event Facebook Link"
        type="url"
        placeholder="https://www.facebook.com/events/..."
        fieldClassName="sm:col-span-6"
        hint="Where people register elsewhere; optional with registration on this site."
        {...field('eventLink')}
      />
      <div className="sm:col-span-6">
        <ImageFormField
          control={control}
          name="banner"
          label="Banner Image"
          onUploadingChange={setUploading}
          shownAs={EVENT_BANNER}
          optional="Optional: without one the event shows a cover made from its title and date."
        />
      </div>
      <MarkdownField
        label="Description"
        error={errors.description?.message}
        preview={() => getValues('description') ?? ''}
        textarea={register('description')}
        className="sm:col-span-6"
      />
      <RegistrationSection control={control} register={register} errors={errors} saved={saved} />
      {pastDate.dialog}
    </ApiForm>
  )
}
