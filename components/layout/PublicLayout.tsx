import type { ReactNode } from 'react'
import { useSiteClock } from '../ui/LocalTime'
import { BetaBadge } from './BetaBadge'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'

/** Header, main content, footer, badge and scroll-to-top of every public page (docs/product.md#public-layout). */
export function PublicLayout({ pathname, children }: { pathname: string; children: ReactNode }) {
  // The site's year, in TIME_ZONE: the front cache keeps the page until the site's day ends.
  const clock = useSiteClock()
  return (
    // Printed (a ticket, a page kept on paper), only the content: no header, badge or footer.
    <div className="flex min-h-dvh flex-col print:block print:min-h-0 print:[&>aside]:hidden print:[&>footer]:hidden print:[&>header]:hidden">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <BetaBadge />
      <SiteHeader pathname={pathname} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter year={Number(clock.today().slice(0, 4))} />
    </div>
  )
}
