import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useId, useState } from 'react'
import { navigate } from 'vike/client/router'
import type { SearchResultDto } from '#db/dto'
import { useReturnFocus } from '../dialogs/Modal'
import type { ConsoleLink } from '../layout/consoleNavigation'
import { inputStyles } from '../ui/styles'
import { api } from './api'
import { confirmLeaving } from './leaveGuard'

/** How long typing may pause before the server is asked. */
const SEARCH_DELAY_MS = 250

type Item = { key: string; group: string; title: string; detail?: string; href: string }

const GROUPS: Record<SearchResultDto['kind'], string> = {
  event: 'Events',
  chapter: 'Chapters',
  message: 'Messages',
  member: 'Committee members',
  person: 'People',
  certificate: 'Certificates',
  attendee: 'Attendees',
}

/** The server's hits for `query`, asked after a pause in typing; the previous question is cancelled. */
function useSearch(query: string): { results: SearchResultDto[]; searching: boolean; failed: boolean } {
  const [state, setState] = useState({ results: [] as SearchResultDto[], searching: false, failed: false })
  useEffect(() => {
    const q = query.trim()
    if (!q) {
      setState({ results: [], searching: false, failed: false })
      return
    }
    setState((current) => ({ ...current, searching: true }))
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      try {
        const answer = await api<{ results: SearchResultDto[] }>(`/api/search?q=${encodeURIComponent(q)}`, {
          signal: controller.signal,
        })
        setState({ results: answer.results, searching: false, failed: false })
      } catch {
        if (!controller.signal.aborted) setState({ results: [], searching: false, failed: true })
      }
    }, SEARCH_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query])
  return state
}

/**
 * The command palette's dialog: jump to any console page the role may use, or find events, chapters,
 * committee members and messages through GET /api/search. A combobox over a listbox: the arrows move
 * the active option, Enter follows it, Escape closes and focus returns to where it was. Loaded on
 * first use (CommandPalette.tsx), so pages that never open it do not ship it.
 */
export default function PaletteDialog({
  links,
  open,
  setOpen,
  initialQuery = () => '',
}: {
  links: ConsoleLink[]
  open: boolean
  setOpen: (open: boolean) => void
  /** Takes what was typed between the shortcut and the focus reaching the input (the dialog was loading). */
  initialQuery?: () => string
}) {
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const listId = useId()
  const optionId = (index: number) => `${listId}-option-${index}`
  const { results, searching, failed } = useSearch(open ? query : '')
  // Opened by a key rather than a Dialog.Trigger: remember what had the focus to hand it back.
  const returnFocus = useReturnFocus()

  const term = query.trim().toLowerCase()
  const items: Item[] = [
    ...links
      .filter((link) => link.label.toLowerCase().includes(term))
      .map((link) => ({ key: link.href, group: 'Pages', title: link.label, href: link.href })),
    ...results.map((result) => ({
      key: `${result.kind}-${result.id}`,
      group: GROUPS[result.kind],
      title: result.title,
      detail: result.detail,
      href: result.href,
    })),
  ]
  const activeIndex = Math.min(active, Math.max(0, items.length - 1))

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list of options starts at the top.
  useEffect(() => setActive(0), [query, results])

  const change = (next: boolean) => {
    setOpen(next)
    if (!next) setQuery('')
  }
  const follow = (item: Item | undefined) => {
    if (!item) return
    change(false)
    // Unsaved changes on the page: ask first (the palette navigates by itself, not by a link).
    void confirmLeaving().then((leave) => {
      if (leave) void navigate(item.href)
    })
  }

  useEffect(() => {
    document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' })
  })

  let status = ''
  if (searching) status = 'Searching...'
  else if (failed) status = 'The search failed. Try again.'
  else if (items.length === 0) status = term ? `Nothing matches “${query.trim()}”.` : ''

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          aria-describedby={undefined}
          {...returnFocus}
          className="fixed inset-0 z-50 flex flex-col bg-white shadow-2xl focus:outline-none sm:inset-auto sm:top-[12vh] sm:left-1/2 sm:max-h-[70vh] sm:w-[calc(100vw-2rem)] sm:max-w-xl sm:-translate-x-1/2 sm:rounded-lg"
        >
          <Dialog.Title className="sr-only">Go to a page or find anything</Dialog.Title>
          <div className="flex items-center gap-2 border-b border-slate-200 p-3">
            <input
              type="text"
              role="combobox"
              aria-label="Go to a page, or find events, chapters, people and messages"
              aria-expanded={items.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={items.length > 0 ? optionId(activeIndex) : undefined}
              placeholder="Go to a page, or find events, chapters, people, messages..."
              value={query}
              maxLength={100}
              onChange={(event) => setQuery(event.target.value)}
              onFocus={() => {
                // Keys typed before the focus got here (the dialog was loading) come first. Taken as the focus
                // arrives, not when the dialog mounts: a key typed in between would otherwise replace them.
                const early = initialQuery()
                if (early) setQuery((current) => early + current)
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  event.preventDefault()
                  setActive((activeIndex + 1) % Math.max(1, items.length))
                } else if (event.key === 'ArrowUp') {
                  event.preventDefault()
                  setActive((activeIndex - 1 + items.length) % Math.max(1, items.length))
                } else if (event.key === 'Enter') {
                  event.preventDefault()
                  follow(items[activeIndex])
                }
              }}
              className={inputStyles}
            />
            <Dialog.Close className="inline-flex min-h-11 items-center rounded-md px-2 text-sm text-slate-600 hover:bg-slate-100 sm:min-h-0 sm:py-1.5">
              Close
            </Dialog.Close>
          </div>
          <div id={listId} role="listbox" aria-label="Results" className="flex-1 overflow-y-auto p-2">
            {items.map((item, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input takes the keys (aria-activedescendant).
              // biome-ignore lint/a11y/useFocusableInteractive: options are not focused; the combobox points at the active one.
              <div
                key={item.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                onMouseMove={() => setActive(index)}
                onClick={() => follow(item)}
                className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm aria-selected:bg-brand-50 aria-selected:text-brand-900"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{item.title}</span>
                  {item.detail ? (
                    <span className="block truncate text-xs text-slate-600">{item.detail}</span>
                  ) : null}
                </span>
                <span className="shrink-0 text-xs text-slate-600">{item.group}</span>
              </div>
            ))}
          </div>
          <p role="status" className="px-5 pb-3 text-sm text-slate-600 empty:hidden">
            {status}
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
