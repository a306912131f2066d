/** The console's sidebar (spec §2.4): who sees which entry. */
export type ConsoleRole = 'admin' | 'chapter'

export type ConsoleLink = {
  href: string
  label: string
  /** Who sees it; both when absent. */
  role?: ConsoleRole
  /** Other pages under which this entry counts as the current one (edit pages have no entry of their own). */
  covers?: string[]
}

export const consoleNavigation: ConsoleLink[] = [
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/dashboard/events', label: 'Events', covers: ['/dashboard/events/'] },
  { href: '/dashboard/add-new-event', label: 'Add New Event' },
  { href: '/dashboard/chapters', label: 'Chapters', role: 'admin', covers: ['/dashboard/chapter/'] },
  { href: '/dashboard/chapters/add-new-chapter', label: 'Add New Chapter', role: 'admin' },
  { href: '/dashboard/contact-list', label: 'Contact List', role: 'admin' },
  { href: '/dashboard/excom', label: 'Excom', role: 'chapter', covers: ['/dashboard/excom/edit-excom/'] },
  { href: '/dashboard/excom/add-new-excom', label: 'Add New Excom', role: 'chapter' },
  { href: '/dashboard/settings', label: 'Settings', role: 'chapter' },
]

export function consoleLinksFor(isAdmin: boolean): ConsoleLink[] {
  const role: ConsoleRole = isAdmin ? 'admin' : 'chapter'
  return consoleNavigation.filter((link) => link.role === undefined || link.role === role)
}

/** The entry to highlight for a path: its own page, or a page it covers. */
export function currentConsoleLink(links: ConsoleLink[], pathname: string): ConsoleLink | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return (
    links.find((link) => link.href === path) ??
    links.find((link) => link.covers?.some((prefix) => path.startsWith(prefix)))
  )
}
