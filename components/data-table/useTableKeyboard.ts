import { type RefObject, useEffect, useRef, useState } from 'react'
import type { RowSelection } from './DataTable'
import { dialogOpen, isTypingTarget } from './keyboard'

/** The part of a TanStack row the selection and the keys need. */
type KeyedRow<Row> = { id: string; original: Row }

/** A row's own control for `action`, marked in its cells with data-row-action. */
const rowControl = (row: Element | null | undefined, action: 'open' | 'edit' | 'delete') =>
  row?.querySelector<HTMLElement>(`[data-row-action="${action}"]`) ?? null

/**
 * Row selection, row focus and the console's table keys (listed in keyboard.ts) for a DataTable
 * shown inside `tableBox`. Shared by the paged lists and the people tables so both answer alike.
 */
export function useTableKeyboard<Row>({
  rows,
  selectable,
  onRowClick,
  resetKey,
}: {
  rows: KeyedRow<Row>[]
  selectable: boolean
  onRowClick?: ((row: Row) => void) | undefined
  /** When it changes (another page, order or search), the selection and the row focus start again. */
  resetKey?: string
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const anchor = useRef<string | null>(null)
  const [focused, setFocused] = useState(-1)
  const [helpOpen, setHelpOpen] = useState(false)
  const search: RefObject<HTMLInputElement | null> = useRef<HTMLInputElement>(null)
  const tableBox = useRef<HTMLDivElement>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: the reset key is the trigger.
  useEffect(() => {
    setSelected(new Set())
    setFocused(-1)
  }, [resetKey])

  const toggle = (id: string, extend: boolean) => {
    const ids = rows.map((row) => row.id)
    const from = anchor.current ? ids.indexOf(anchor.current) : -1
    anchor.current = id
    setSelected((current) => {
      const next = new Set(current)
      if (extend && from >= 0) {
        const to = ids.indexOf(id)
        for (const between of ids.slice(Math.min(from, to), Math.max(from, to) + 1)) next.add(between)
      } else if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  }
  const toggleAll = () =>
    setSelected((current) =>
      rows.every((row) => current.has(row.id)) ? new Set() : new Set(rows.map((row) => row.id)),
    )

  const rowElement = (index: number) =>
    tableBox.current?.querySelector<HTMLElement>(`tbody tr[data-row-index="${index}"]`)
  const focusRow = (index: number) => {
    const bounded = Math.max(0, Math.min(rows.length - 1, index))
    setFocused(bounded)
    const element = rowElement(bounded)
    element?.focus({ preventScroll: true })
    element?.scrollIntoView({ block: 'nearest' })
  }

  const latest = useRef({ focusRow, toggle, focused, rows, selectable, onRowClick })
  latest.current = { focusRow, toggle, focused, rows, selectable, onRowClick }

  // biome-ignore lint/correctness/useExhaustiveDependencies: one listener, reading the latest state through a ref.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
      if (isTypingTarget(event.target) || dialogOpen()) return
      const { focusRow, toggle, focused, rows, selectable, onRowClick } = latest.current
      const current = focused >= 0 ? rows[focused] : undefined
      const handled = () => event.preventDefault()
      switch (event.key) {
        case '/':
          // A table without a search box leaves `/` to the page.
          if (!search.current) return
          handled()
          search.current.focus()
          return
        case '?':
          handled()
          setHelpOpen(true)
          return
        case 'j':
        case 'ArrowDown':
          if (rows.length === 0) return
          handled()
          focusRow(focused + 1)
          return
        case 'k':
        case 'ArrowUp':
          if (rows.length === 0) return
          handled()
          focusRow(focused < 0 ? 0 : focused - 1)
          return
      }
      if (!current) return
      const element = rowElement(focused)
      switch (event.key) {
        case 'Enter': {
          // A focused link or button inside the row does its own thing.
          if (
            event.target instanceof HTMLElement &&
            event.target !== element &&
            event.target !== document.body
          )
            return
          handled()
          if (onRowClick) onRowClick(current.original)
          else (rowControl(element, 'open') ?? element?.querySelector<HTMLElement>('a[href]'))?.click()
          return
        }
        case 'x':
        case 'X':
          if (!selectable) return
          handled()
          toggle(current.id, event.shiftKey)
          return
        case 'e':
          handled()
          rowControl(element, 'edit')?.click()
          return
        case 'Delete':
          handled()
          rowControl(element, 'delete')?.click()
          return
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  const selection: RowSelection | undefined = selectable ? { selected, toggle, toggleAll } : undefined
  return {
    /** The selected rows, in the table's order. */
    selectedRows: rows.filter((row) => selected.has(row.id)).map((row) => row.original),
    clearSelection: () => setSelected(new Set()),
    /** For DataTable's `selection`, `focusedRow` and `onFocusRow`. */
    selection,
    focused,
    setFocused,
    helpOpen,
    setHelpOpen,
    /** The list's search box, which `/` focuses. */
    search,
    /** Wraps the DataTable, so the keys find its rows. */
    tableBox,
  }
}
