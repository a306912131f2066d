import type { ReactNode } from 'react'
import { type EventFilters, type EventListQuery, hasEventFilters } from '#db/event-filters'
import { SEARCH_MAX } from '#db/list-params'
import { Icon } from '../ui/icons'

/** A chapter the filter offers. */
export type ChapterChoice = { slug: string; name: string }

const fieldStyles =
  'mt-1 block w-full min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/25 focus:outline-none'
const labelStyles = 'block text-sm font-semibold text-slate-800'

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelStyles}>
        {label}
      </label>
      {children}
    </div>
  )
}

/**
 * The events filters as a plain GET form: it works without scripts and its URL is the bookmark
 * (docs/product.md#finding-events). Empty fields are sent as empty parameters and read as "any"; the front
 * cache answers the canonical URL. On the list, `query` adds the order (with a keyword) and keeps the
 * upcoming/past choice; the calendar sends only the filters.
 */
export function EventFilterForm({
  action,
  filters,
  query,
  chapters,
  clearHref,
}: {
  /** Where the form goes: /events, or the month's calendar. */
  action: string
  filters: EventFilters
  /** The list's own parameters (order, upcoming or past); none on the calendar. */
  query?: EventListQuery
  chapters: readonly ChapterChoice[]
  clearHref: string
}) {
  return (
    <search aria-label="Filter events">
      <form
        method="get"
        action={action}
        data-omit-empty
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <div className="col-span-2">
            <Field id="filter-q" label="Keyword">
              <input
                id="filter-q"
                type="search"
                name="q"
                defaultValue={filters.q ?? ''}
                maxLength={SEARCH_MAX}
                placeholder="e.g. machine learning, ঢাকা"
                className={fieldStyles}
              />
            </Field>
          </div>
          <DateFilter name="from" label="From" value={filters.from} />
          <DateFilter name="to" label="To" value={filters.to} />
          <div className="col-span-2 lg:col-span-1">
            <Field id="filter-chapter" label="Chapter">
              <select
                id="filter-chapter"
                name="chapter"
                defaultValue={filters.chapter ?? ''}
                className={fieldStyles}
              >
                <option value="">Any chapter</option>
                {chapters.map((chapter) => (
                  <option key={chapter.slug} value={chapter.slug}>
                    {chapter.name}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field id="filter-mode" label="Online or offline">
            <select id="filter-mode" name="mode" defaultValue={filters.mode ?? ''} className={fieldStyles}>
              <option value="">Either</option>
              <option value="online">Online</option>
              <option value="offline">Offline</option>
            </select>
          </Field>
          <Field id="filter-fees" label="Fees">
            <select id="filter-fees" name="fees" defaultValue={filters.fees ?? ''} className={fieldStyles}>
              <option value="">Free or paid</option>
              <option value="free">Free</option>
              <option value="paid">Paid</option>
            </select>
          </Field>
          {query?.q ? (
            <Field id="filter-sort" label="Order">
              <select id="filter-sort" name="sort" defaultValue={query.sort} className={fieldStyles}>
                <option value="relevance">Best match</option>
                <option value="date">By date</option>
              </select>
            </Field>
          ) : null}
          <div className="flex items-end">
            <label className="flex min-h-11 items-center gap-3 text-base font-semibold text-slate-800">
              <input
                type="checkbox"
                name="registration"
                value="open"
                defaultChecked={filters.registration === 'open'}
                className="size-5 accent-brand-700"
              />
              Registration open
            </label>
          </div>
        </div>
        {query?.when === 'past' ? <input type="hidden" name="when" value="past" /> : null}
        <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-3">
          <button
            type="submit"
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            <Icon name="search" className="size-4" /> Search
          </button>
          {hasEventFilters(filters) ? (
            <a
              href={clearHref}
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-2 hover:underline"
            >
              Clear all filters
            </a>
          ) : null}
        </div>
      </form>
    </search>
  )
}

/** What a chip says for each filter. */
function chipLabels(filters: EventFilters, chapters: readonly ChapterChoice[]) {
  const chapterName = chapters.find((chapter) => chapter.slug === filters.chapter)?.name ?? filters.chapter
  return {
    q: `Keyword: ${filters.q}`,
    from: `From ${filters.from}`,
    to: `To ${filters.to}`,
    chapter: `Chapter: ${chapterName}`,
    mode: filters.mode === 'online' ? 'Online' : 'Offline',
    fees: filters.fees === 'free' ? 'Free' : 'Paid',
    registration: 'Registration open',
  } satisfies Record<keyof EventFilters, string>
}

/**
 * The filters in force as chips: each a link to the same view without it; "Clear all filters" last.
 * Nothing when no filter is set.
 */
export function FilterChips({
  filters,
  chapters,
  without,
  clearHref,
}: {
  filters: EventFilters
  chapters: readonly ChapterChoice[]
  /** The URL of the view without the filter `name`. */
  without: (name: keyof EventFilters) => string
  clearHref: string
}) {
  if (!hasEventFilters(filters)) return null
  const labels = chipLabels(filters, chapters)
  const names = (Object.keys(labels) as (keyof EventFilters)[]).filter((name) => filters[name] !== null)
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p id="active-filters" className="text-sm font-semibold text-slate-700">
        Active filters:
      </p>
      <ul aria-labelledby="active-filters" className="flex flex-wrap gap-2">
        {names.map((name) => (
          <li key={name} className="max-w-full">
            <a
              href={without(name)}
              className="inline-flex min-h-11 max-w-full items-center gap-2 rounded-full border border-brand-200 bg-brand-50 px-4 py-2 text-sm font-medium text-brand-900 hover:border-brand-400 hover:bg-brand-100"
            >
              <span className="sr-only">Remove filter </span>
              <span className="truncate">{labels[name]}</span>
              <Icon name="close" className="size-4" />
            </a>
          </li>
        ))}
      </ul>
      <a
        href={clearHref}
        className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-brand-800 underline underline-offset-2"
      >
        Clear all filters
      </a>
    </div>
  )
}

/** A day the events are filtered from or to. */
function DateFilter({
  name,
  label,
  value,
}: {
  name: 'from' | 'to'
  label: string
  value: string | null | undefined
}) {
  return (
    <Field id={`filter-${name}`} label={label}>
      <input
        id={`filter-${name}`}
        type="date"
        name={name}
        defaultValue={value ?? ''}
        className={fieldStyles}
      />
    </Field>
  )
}
