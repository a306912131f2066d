import type { ReactNode } from 'react'
import { BetaBadge } from './BetaBadge'
import { ScrollToTop } from './ScrollToTop'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'

/** Header, main content, footer, badge and scroll-to-top of every public page (docs/product.md#public-layout). */
export function PublicLayout({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      {/* Where "scroll to top" lands; hidden from screen readers, so nothing sits outside a landmark. */}
      <span id="top" tabIndex={-1} aria-hidden="true" className="sr-only" />
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader pathname={pathname} />
      <main id="main" className="flex-1">
        {children}
      </main>
      {/* The badge is fixed on screen; inside the footer's landmark for screen readers. */}
      <SiteFooter year={new Date().getFullYear()}>
        <BetaBadge />
      </SiteFooter>
      <ScrollToTop />
    </div>
  )
}
