/** The console's sidebar (docs/product.md#console-layout): who sees which entry. */
type ConsoleRole = 'admin' | 'officer'

export type ConsoleLink = {
  href: string
  label: string
  /** Its icon in the sidebar: the `d` of an SVG path on a 20 × 20 grid, drawn as a stroke. */
  icon: string
  /** Who sees it; both when absent. */
  role?: ConsoleRole
  /** Other pages under which this entry counts as the current one (edit pages have no entry of their own). */
  covers?: string[]
}

const ADD_ICON = 'M10 5v10M5 10h10'

export const consoleNavigation: ConsoleLink[] = [
  { href: '/dashboard', label: 'Dashboard', icon: 'M3 10.5 10 4l7 6.5M5 9v7h4v-4h2v4h4V9' },
  {
    href: '/dashboard/events',
    label: 'Events',
    icon: 'M4 5h12v11H4zM4 8h12M7 3v3M13 3v3',
    covers: ['/dashboard/events/'],
  },
  { href: '/dashboard/add-new-event', label: 'Add New Event', icon: ADD_ICON },
  {
    href: '/dashboard/posts',
    label: 'Posts',
    icon: 'M5 3h7l3 3v11H5zM12 3v3h3M8 10h4M8 13h4',
    covers: ['/dashboard/posts/'],
  },
  {
    href: '/dashboard/chapters',
    label: 'Chapters',
    icon: 'M3 16V8l7-4 7 4v8M7 16v-5h6v5',
    role: 'admin',
    covers: ['/dashboard/chapter/'],
  },
  { href: '/dashboard/chapters/add-new-chapter', label: 'Add New Chapter', icon: ADD_ICON, role: 'admin' },
  {
    href: '/dashboard/contact-list',
    label: 'Contact List',
    icon: 'M3 5h14v10H3zM3 5l7 6 7-6',
    role: 'admin',
  },
  {
    href: '/dashboard/site',
    label: 'Site',
    icon: 'M3 4h14v12H3zM3 8h14M7 12h6',
    role: 'admin',
  },
  {
    href: '/dashboard/committees',
    label: 'Committees',
    icon: 'M6 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM14 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM2.5 15a3.5 3.5 0 0 1 7 0M10.5 15a3.5 3.5 0 0 1 7 0',
    role: 'admin',
    covers: ['/dashboard/committees/'],
  },
  {
    href: '/dashboard/notifications',
    label: 'Notifications',
    icon: 'M5 14V9a5 5 0 0 1 10 0v5l1.5 2h-13L5 14ZM8 16.5a2 2 0 0 0 4 0',
    role: 'admin',
  },
  {
    href: '/dashboard/excom',
    label: 'Excom',
    icon: 'M7 9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM2.5 16a4.5 4.5 0 0 1 9 0M14 9a2 2 0 1 0 0-4M14 12a4 4 0 0 1 3.5 4',
    role: 'officer',
    covers: ['/dashboard/excom/edit-excom/'],
  },
  { href: '/dashboard/excom/add-new-excom', label: 'Add New Excom', icon: ADD_ICON, role: 'officer' },
  {
    href: '/dashboard/reports',
    label: 'Reports',
    icon: 'M4 16V9M8 16V4M12 16v-5M16 16V7M3 16.5h14',
  },
  {
    href: '/dashboard/certificates',
    label: 'Certificates',
    icon: 'M4 4h12v9H4zM7 7h6M7 10h4M8 13l-1 4 3-1.5 3 1.5-1-4',
    covers: ['/dashboard/certificates/'],
  },
  {
    href: '/dashboard/trash',
    label: 'Trash',
    icon: 'M4 6h12M8 6V4h4v2M6 6l1 10h6l1-10',
  },
  {
    href: '/dashboard/activity',
    label: 'Activity',
    icon: 'M3 10h3l2-5 4 10 2-5h3',
  },
  {
    href: '/dashboard/settings',
    label: 'Settings',
    icon: 'M10 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM10 2.5v2M10 15.5v2M2.5 10h2M15.5 10h2M4.7 4.7l1.4 1.4M13.9 13.9l1.4 1.4M4.7 15.3l1.4-1.4M13.9 6.1l1.4-1.4',
    role: 'officer',
  },
  {
    href: '/dashboard/officers',
    label: 'Officers',
    icon: 'M10 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM4 17a6 6 0 0 1 12 0',
    role: 'officer',
  },
  {
    href: '/dashboard/administrators',
    label: 'Administrators',
    icon: 'M10 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM4 17a6 6 0 0 1 12 0',
    role: 'admin',
  },
  {
    href: '/dashboard/account',
    label: 'Account',
    icon: 'M10 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM3.5 17a6.5 6.5 0 0 1 13 0',
  },
]

export function consoleLinksFor(isAdmin: boolean): ConsoleLink[] {
  const role: ConsoleRole = isAdmin ? 'admin' : 'officer'
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
