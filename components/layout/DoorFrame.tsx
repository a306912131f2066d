import type { ReactNode } from 'react'
import { site } from '#content/site'

/**
 * The console's frame for a door volunteer without an account: the site's name and the page, nothing
 * that leads to the rest of the console (which a door link does not open).
 */
export function DoorFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="flex h-12 items-center border-b border-brand-950 bg-brand-900 px-3 text-white sm:px-4">
        <span className="truncate text-sm font-semibold">{site.shortName} door</span>
      </header>
      <main id="console-main" tabIndex={-1} className="min-w-0 p-3 focus:outline-none sm:p-5">
        {children}
      </main>
    </div>
  )
}
