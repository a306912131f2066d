import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { site } from '#content/site'
import { CommandPalette } from '../console/CommandPalette'
import { type ConsoleLink, consoleLinksFor, currentConsoleLink } from './consoleNavigation'

type Props = {
  /** A count beside a sidebar entry, by its href (the inbox's unread messages). */
  badges?: Record<string, number | undefined>
  email: string
  isAdmin: boolean
  pathname: string
  onLogout: () => void
  loggingOut: boolean
  children: ReactNode
}

function NavIcon({ path }: { path: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  )
}

function Sidebar({
  links,
  current,
  badges = {},
}: {
  links: ConsoleLink[]
  current: ConsoleLink | undefined
  badges?: Props['badges']
}) {
  return (
    <nav aria-label="Console" className="p-2">
      <ul className="space-y-0.5">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              aria-current={link === current ? 'page' : undefined}
              className="flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm max-lg:min-h-11 text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800 aria-[current=page]:shadow-[inset_3px_0_0_var(--color-brand-700)]"
            >
              <NavIcon path={link.icon} />
              {link.label}
              {badges[link.href] ? (
                <span className="ml-auto rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white tabular-nums">
                  {badges[link.href]}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * The signed-in console (docs/product.md#console-layout): a top bar with the account and Logout, a sidebar of the
 * entries the role may use (a drawer behind a button on small screens), and the page.
 */
export function ConsoleLayout({ badges, email, isAdmin, pathname, onLogout, loggingOut, children }: Props) {
  const links = consoleLinksFor(isAdmin)
  const current = currentConsoleLink(links, pathname)
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const sidebarId = useId()

  // A followed link closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not a value read.
  useEffect(() => setMenuOpen(false), [pathname])

  useEffect(() => {
    if (!menuOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      menuButton.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [menuOpen])

  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 print:min-h-0 print:bg-white">
      <a
        href="#console-main"
        className="sr-only z-[60] print:hidden rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 flex h-12 print:hidden items-center gap-3 border-b border-brand-950 bg-brand-900 px-3 text-white sm:px-4">
        <button
          ref={menuButton}
          type="button"
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-brand-800 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={sidebarId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor">
            <path
              d={menuOpen ? 'M5 5l10 10M15 5 5 15' : 'M3 6h14M3 10h14M3 14h14'}
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          Menu
        </button>
        <a href="/dashboard" className="flex min-w-0 items-center gap-2 rounded-md font-semibold">
          <span className="grid size-7 shrink-0 place-items-center rounded-md bg-white text-xs font-bold text-brand-800">
            {site.shortName.slice(0, 2)}
          </span>
          <span className="hidden truncate sm:inline">{site.shortName} Console</span>
        </a>
        <div className="ml-auto flex min-w-0 items-center gap-1 text-sm sm:gap-2">
          <p className="hidden min-w-0 truncate text-brand-100 md:block">
            Signed in as <span className="font-medium text-white">{email}</span>
          </p>
          <CommandPalette links={links} />
          <a
            href="/dashboard"
            className="inline-flex min-h-11 items-center rounded-md px-2 py-1.5 font-medium hover:bg-brand-800 sm:min-h-0"
          >
            Dashboard
          </a>
          <button
            type="button"
            onClick={onLogout}
            disabled={loggingOut}
            className="rounded-md border border-brand-700 px-2.5 py-1 font-medium hover:bg-brand-800 disabled:opacity-60"
          >
            {loggingOut ? 'Logging out...' : 'Logout'}
          </button>
        </div>
      </header>
      <div className="lg:flex">
        <aside
          id={sidebarId}
          className={`${menuOpen ? 'block' : 'hidden'} print:hidden border-b border-slate-200 bg-white shadow-sm lg:sticky lg:top-12 lg:block lg:h-[calc(100dvh-3rem)] lg:w-56 lg:shrink-0 lg:overflow-y-auto lg:border-r lg:border-b-0 lg:shadow-none`}
        >
          <Sidebar links={links} current={current} badges={badges} />
        </aside>
        <main
          id="console-main"
          tabIndex={-1}
          className="min-w-0 flex-1 p-3 focus:outline-none sm:p-5 print:p-0"
        >
          {/* Where the header has no room for it; inside a landmark, as all content is. */}
          <p className="-mx-3 -mt-3 mb-3 print:hidden border-b border-slate-200 bg-white px-3 py-1 text-xs text-slate-600 sm:-mx-5 sm:-mt-5 sm:mb-5 md:hidden">
            Signed in as <span className="font-medium text-slate-900">{email}</span>
          </p>
          {children}
        </main>
      </div>
    </div>
  )
}
