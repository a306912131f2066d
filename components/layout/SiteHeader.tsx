import { usePageContext } from 'vike-react/usePageContext'
import type { Link } from '#content/schema'
import { ChromeGlyph } from './ChromeGlyph'
import { type SiteMenuItem, siteNavigation } from './navigation'
import { SiteLogo } from './SiteLogo'

type Props = { pathname: string }
type NavigationItem = SiteMenuItem

const isCurrent = (href: string, pathname: string) => href === pathname
const menuContains = (item: NavigationItem, pathname: string) =>
  'children' in item && item.children.some((child) => isCurrent(child.href, pathname))

function NavLink({ link, pathname, className }: { link: Link; pathname: string; className: string }) {
  return (
    <a
      href={link.href}
      aria-current={isCurrent(link.href, pathname) ? 'page' : undefined}
      className={className}
    >
      {link.label}
    </a>
  )
}

const chevron = (
  <svg aria-hidden="true" viewBox="0 0 20 20" className="menu-chevron size-4 transition" fill="currentColor">
    <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
  </svg>
)

const desktopLinkClass =
  'block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:text-brand-700 aria-[current=page]:bg-brand-50'
const menuLinkClass =
  'block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700'

/**
 * Sticky header. Menus are native <details> so they open without JavaScript; the chrome script
 * (components/layout/chrome.ts) adds hide-on-scroll, Escape and click-outside.
 */
export function SiteHeader({ pathname }: Props) {
  const navigation = siteNavigation(usePageContext().publishedCommittees ?? [])
  return (
    <header
      data-site-header
      className="site-header sticky top-0 z-50 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <SiteLogo />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navigation.map((item) => (
              <li key={item.label} className="relative">
                {'children' in item ? (
                  <details className="nav-menu group">
                    <summary
                      className={`${desktopLinkClass} flex cursor-pointer list-none items-center gap-1 ${menuContains(item, pathname) ? 'text-brand-700' : ''}`}
                    >
                      {item.label}
                      {chevron}
                    </summary>
                    <ul className="absolute left-0 mt-1 w-64 rounded-lg border border-slate-200 bg-white p-1.5 shadow-xl">
                      {item.children.map((child) => (
                        <li key={child.href}>
                          <NavLink link={child} pathname={pathname} className={menuLinkClass} />
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : (
                  <NavLink link={item} pathname={pathname} className={desktopLinkClass} />
                )}
              </li>
            ))}
            <li className="signed-in-only">
              <a
                href="/dashboard"
                className="ml-2 block rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              >
                Dashboard
              </a>
            </li>
          </ul>
        </nav>
        <details className="nav-menu mobile-menu lg:hidden">
          <summary
            aria-label="Menu"
            className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800"
          >
            <ChromeGlyph d="M4 7h16M4 12h16M4 17h16" strokeWidth="2" />
            Menu
          </summary>
          <nav
            aria-label="Main"
            className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 shadow-xl"
          >
            <ul className="divide-y divide-slate-100">
              {navigation.map((item) => (
                <li key={item.label} className="py-2">
                  {'children' in item ? (
                    <>
                      <p className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                        {item.label}
                      </p>
                      <ul>
                        {item.children.map((child) => (
                          <li key={child.href}>
                            <NavLink link={child} pathname={pathname} className={menuLinkClass} />
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : (
                    <NavLink link={item} pathname={pathname} className={menuLinkClass} />
                  )}
                </li>
              ))}
              <li className="signed-in-only py-2">
                <a href="/dashboard" className={`${menuLinkClass} font-semibold`}>
                  Dashboard
                </a>
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  )
}
