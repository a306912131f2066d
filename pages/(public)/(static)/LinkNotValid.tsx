import type { ReactNode } from 'react'
import { PageBanner } from '#components/ui/PageBanner'

/** A private link's page (a ticket, a registration) when its link leads nowhere: the title, then what to do. */
export function LinkNotValid({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageBanner title={title} />
      <div className="mx-auto max-w-3xl px-4 py-12 text-lg text-slate-700 sm:px-6">{children}</div>
    </>
  )
}
