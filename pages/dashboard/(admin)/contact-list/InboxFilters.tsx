import { useId } from 'react'
import { buttonStyles, inputStyles } from '#components/ui/styles'
import type { PersonDto } from '#db/dto'

/** The inbox's filters, in the URL beside page, sort and search. */
export const FILTERS = ['status', 'assignee', 'from', 'to'] as const
export type Filters = Record<(typeof FILTERS)[number], string>

/** The status filter's choices: the inbox (all but spam), each status, and the spam. */
const STATUSES = [
  ['', 'All'],
  ['new', 'New'],
  ['read', 'Read'],
  ['replied', 'Replied'],
  ['spam', 'Spam'],
] as const

/**
 * Status, the administrator assigned and the received date range. Each change is a new URL (back undoes
 * it); `administrators` fills the assignee choices.
 */
export function InboxFilters({
  filters,
  administrators,
  onChange,
}: {
  filters: Filters
  administrators: PersonDto[]
  onChange: (changes: Partial<Filters>) => void
}) {
  const id = useId()
  return (
    <div className="mb-3 flex flex-wrap items-end gap-3">
      <fieldset className="max-w-full">
        <legend className="sr-only">Show</legend>
        <div className="inline-flex max-w-full flex-wrap rounded-md border border-slate-300 bg-white p-0.5 shadow-xs">
          {STATUSES.map(([value, label]) => (
            <button
              key={label}
              type="button"
              aria-pressed={filters.status === value}
              onClick={() => onChange({ status: value })}
              className="min-h-9 rounded px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-pressed:bg-brand-700 aria-pressed:text-white max-sm:min-h-11"
            >
              {label}
            </button>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-assignee`} className="mb-1 block text-xs font-medium text-slate-700">
          Assigned to
        </label>
        <select
          id={`${id}-assignee`}
          value={filters.assignee}
          onChange={(event) => onChange({ assignee: event.target.value })}
          className={`${inputStyles} w-48`}
        >
          <option value="">Anyone</option>
          <option value="me">Me</option>
          <option value="none">Nobody</option>
          {administrators.map((person) => (
            <option key={person._id} value={person._id}>
              {person.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <DateBound end="from" id={`${id}-from`} filters={filters} onChange={onChange} />
        <DateBound end="to" id={`${id}-to`} filters={filters} onChange={onChange} />
        {filters.from || filters.to ? (
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => onChange({ from: '', to: '' })}
          >
            Any date
          </button>
        ) : null}
      </div>
    </div>
  )
}

/** One end of the received date range ('Received from', 'Received to'), bounded by the other end. */
function DateBound({
  end,
  id,
  filters,
  onChange,
}: {
  end: 'from' | 'to'
  id: string
  filters: Filters
  onChange: (changes: Partial<Filters>) => void
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
        {`Received ${end}`}
      </label>
      <input
        id={id}
        type="date"
        value={filters[end]}
        min={(end === 'to' && filters.from) || undefined}
        max={(end === 'from' && filters.to) || undefined}
        onChange={(event) => onChange({ [end]: event.target.value })}
        className={`${inputStyles} w-40`}
      />
    </div>
  )
}
