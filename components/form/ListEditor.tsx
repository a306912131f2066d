import { Fragment, type ReactNode } from 'react'
import { buttonStyles } from '../ui/styles'

export type ListEditorProps<Item> = {
  /** The list's name, as its fieldset's legend ("Hours", "Benefits"). */
  legend: string
  /** A hint under the legend. */
  hint?: ReactNode
  /** The list as the form holds it now (useWatch). */
  items: readonly Item[]
  /** Sets the whole list (the form's setValue with the options the form wants). */
  onChange: (items: Item[]) => void
  /** A new, empty row. */
  newItem: () => Item
  /** One row's fields; `index` names them (`hours.${index}`). */
  renderItem: (index: number) => ReactNode
  /** A row's name in the buttons' labels, "hours line 2": "Remove hours line 2", "Move hours line 2 up". */
  itemName: (index: number) => string
  /** Each row in its own box, titled by this ("Benefit 2"), for rows of several fields; else a row beside its buttons. */
  itemTitle?: (index: number) => string
  addLabel: string
  /** What an empty list says. */
  empty?: string
  /** The list's own error (too few rows, say). */
  error?: string | undefined
  /** No more rows than this: the add button is held. */
  max?: number
  /** Whether rows move up and down (buttons beside Remove). */
  reorder?: boolean
}

const arrow = (direction: 'up' | 'down') => (
  <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor">
    <path
      d={direction === 'up' ? 'M5 12l5-5 5 5' : 'M5 8l5 5 5-5'}
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
)

/** The list with row `from` moved to `to`. */
const moved = <Item,>(items: readonly Item[], from: number, to: number): Item[] => {
  const next = [...items]
  const [item] = next.splice(from, 1)
  if (item !== undefined) next.splice(to, 0, item)
  return next
}

/**
 * A form's list of rows (docs/decisions/099-site-texts-in-the-console.md): add, remove and move up or down,
 * each button named after its row. The rows are react-hook-form fields named by index (`hours.2`); a change
 * sets the whole list, which puts the values into the fields by their new index.
 */
export function ListEditor<Item>({
  legend,
  hint,
  items,
  onChange,
  newItem,
  renderItem,
  itemName,
  itemTitle,
  addLabel,
  empty,
  error,
  max,
  reorder = true,
}: ListEditorProps<Item>) {
  const buttons = (index: number) => (
    <div className="flex shrink-0 gap-1">
      {reorder ? (
        <>
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={index === 0}
            onClick={() => onChange(moved(items, index, index - 1))}
            aria-label={`Move ${itemName(index)} up`}
          >
            {arrow('up')}
          </button>
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={index === items.length - 1}
            onClick={() => onChange(moved(items, index, index + 1))}
            aria-label={`Move ${itemName(index)} down`}
          >
            {arrow('down')}
          </button>
        </>
      ) : null}
      <button
        type="button"
        className={`${buttonStyles.secondary} min-h-9`}
        onClick={() => onChange(items.filter((_, other) => other !== index))}
        aria-label={`Remove ${itemName(index)}`}
      >
        Remove
      </button>
    </div>
  )

  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {hint ? <p className="-mt-1 text-xs text-slate-500">{hint}</p> : null}
      {items.length === 0 && empty ? <p className="text-sm text-slate-600">{empty}</p> : null}
      {items.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: react-hook-form names the fields by index too.
        <Fragment key={index}>
          {itemTitle ? (
            <fieldset className="grid min-w-0 grid-cols-[1fr_auto] items-center gap-3 rounded-md border border-slate-200 p-3">
              {/* Floated, the legend is a grid cell beside the buttons (and still names its fieldset). */}
              <legend className="float-left text-sm font-semibold text-slate-900">{itemTitle(index)}</legend>
              {buttons(index)}
              <div className="col-span-2 grid min-w-0 gap-3">{renderItem(index)}</div>
            </fieldset>
          ) : (
            // With three buttons, a phone puts them under the field; Remove alone stays beside it.
            <div className={`flex items-start gap-2 ${reorder ? 'flex-wrap sm:flex-nowrap' : ''}`}>
              <div className={`min-w-0 flex-1 ${reorder ? 'basis-full sm:basis-auto' : ''}`}>
                {renderItem(index)}
              </div>
              <div className={reorder ? 'sm:mt-6' : 'mt-6'}>{buttons(index)}</div>
            </div>
          )}
        </Fragment>
      ))}
      {error ? (
        <p role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div>
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={() => onChange([...items, newItem()])}
          disabled={max !== undefined && items.length >= max}
        >
          {addLabel}
        </button>
      </div>
    </fieldset>
  )
}
