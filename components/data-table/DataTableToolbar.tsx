import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react'
import { useApiLimits } from '../console/apiLimits'
import { inputStyles } from '../ui/styles'

/** How long typing may pause before the search runs. */
const SEARCH_DELAY_MS = 300

/** The search box of a list the API searches (its `q`). */
type DataTableSearchProps = {
  query: string
  onQueryChange: (q: string) => void
  label: string
  placeholder?: string | undefined
  inputRef?: RefObject<HTMLInputElement | null>
}

/**
 * The row above a table: the search box, when the list has one, and room for the table's actions.
 */
export function DataTableToolbar({
  search,
  children,
}: {
  search?: DataTableSearchProps | undefined
  children?: ReactNode
}) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      {search ? <DataTableSearch {...search} /> : null}
      <div className="ml-auto flex flex-wrap items-center gap-2">{children}</div>
    </div>
  )
}

/**
 * The search runs on the server (the API's `q`) after a short pause in typing, or at once on Enter; it
 * follows the URL on back/forward.
 */
function DataTableSearch({ query, onQueryChange, label, placeholder, inputRef }: DataTableSearchProps) {
  const id = useId()
  const { searchMax } = useApiLimits()
  const [draft, setDraft] = useState(query)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const latest = useRef(onQueryChange)
  latest.current = onQueryChange

  // Back/forward or a link changed the search: show it.
  useEffect(() => {
    setDraft(query)
  }, [query])
  useEffect(() => () => clearTimeout(timer.current), [])

  const commit = (value: string) => {
    clearTimeout(timer.current)
    if (value.trim() !== query) latest.current(value.trim())
  }

  return (
    <search className="relative w-full sm:w-72">
      <form
        onSubmit={(event) => {
          event.preventDefault()
          commit(draft)
        }}
      >
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
          fill="none"
          stroke="currentColor"
        >
          <path
            d="M9 15A6 6 0 1 0 9 3a6 6 0 0 0 0 12ZM17 17l-3.5-3.5"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
        <input
          ref={inputRef}
          id={id}
          type="search"
          aria-keyshortcuts="/"
          value={draft}
          maxLength={searchMax}
          placeholder={placeholder ?? label}
          onChange={(event) => {
            const value = event.target.value
            setDraft(value)
            clearTimeout(timer.current)
            timer.current = setTimeout(() => commit(value), SEARCH_DELAY_MS)
          }}
          className={`${inputStyles} pl-8`}
        />
      </form>
    </search>
  )
}
