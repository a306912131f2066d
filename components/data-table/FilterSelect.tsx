import { useId } from 'react'
import { inputStyles } from '../ui/styles'

/**
 * A list's filter beside its search box (the events' Type, the posts' Status), kept in the URL by
 * useUrlFilters: '' is everything (`allLabel`), otherwise one of `options`.
 */
export function FilterSelect({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string
  allLabel: string
  options: readonly { value: string; label: string }[]
  value: string
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputStyles}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
