import { type FormEvent, useId, useState } from 'react'
import type { SearchResult } from '#components/check-in/useCheckInDesk'
import { alreadyText } from '#components/check-in/useCheckInDesk'
import type { LocalRoster } from '#components/check-in/verdict'
import { useSiteTimeZone } from '#components/ui/LocalTime'
import { buttonStyles, inputStyles } from '#components/ui/styles'

const STATUS_WORDS: Record<string, string> = {
  pending: 'Not confirmed',
  offered: 'Offered a seat, not confirmed',
  waitlisted: 'On the waiting list',
  cancelled: 'Cancelled',
}

/** For someone without their ticket: by name on the phone, and by email or phone through the server. */
export function SearchPanel({
  disabled,
  offline,
  search,
  checkInById,
  roster,
}: {
  disabled: boolean
  offline: boolean
  search: (q: string) => Promise<SearchResult[]>
  checkInById: (registrationId: string, name: string) => Promise<void>
  roster: LocalRoster | null
}) {
  const timeZone = useSiteTimeZone()
  const id = useId()
  const [q, setQ] = useState('')
  const [results, setResults] = useState<SearchResult[] | null>(null)
  const [searching, setSearching] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSearching(true)
    try {
      setResults(await search(q))
    } finally {
      setSearching(false)
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2 border-t border-slate-200 pt-4">
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        No ticket?
      </h2>
      <form onSubmit={(event) => void submit(event)} className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {offline ? 'Find by name' : 'Find by name, email or phone'}
        </label>
        <div className="flex gap-2">
          <input
            id={id}
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            disabled={disabled}
            autoComplete="off"
            className={`${inputStyles} min-w-0 flex-1`}
          />
          <button type="submit" className={buttonStyles.secondary} disabled={disabled || searching}>
            Search
          </button>
        </div>
      </form>
      {results === null ? null : results.length === 0 ? (
        <p className="text-sm text-slate-700">Nobody found.</p>
      ) : (
        <ul
          aria-label="Found"
          className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white"
        >
          {results.map((result) => {
            // What the phone did since the search (a check-in here) counts over the search's answer.
            const checkedInAt = roster?.attendees.get(result.id)?.checkedInAt ?? result.checkedInAt
            const checkedInBy = roster?.attendees.get(result.id)?.checkedInBy ?? result.checkedInBy
            return (
              <li key={result.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{result.name}</p>
                  <p className="text-sm text-slate-700">
                    {checkedInAt
                      ? alreadyText(checkedInAt, checkedInBy, timeZone)
                      : (STATUS_WORDS[result.status] ?? 'Not checked in')}
                  </p>
                </div>
                {result.status === 'confirmed' && !checkedInAt ? (
                  <button
                    type="button"
                    className={buttonStyles.primary}
                    aria-label={`Check in ${result.name}`}
                    onClick={() => void checkInById(result.id, result.name)}
                  >
                    Check in
                  </button>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
