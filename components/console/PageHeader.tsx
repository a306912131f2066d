import type { ReactNode } from 'react'

/** A console page's heading, with an optional 'Go Back' link above it and actions beside it. */
export function PageHeader({
  title,
  description,
  back,
  actions,
}: {
  title: string
  description?: ReactNode
  back?: { href: string; label?: string }
  actions?: ReactNode
}) {
  return (
    <div className="mb-4">
      {back ? (
        <a
          href={back.href}
          className="mb-2 inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:text-brand-900 hover:underline"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor">
            <path d="M12 5 7 10l5 5" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {back.label ?? 'Go Back'}
        </a>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </div>
  )
}

/** What a list shows when it has nothing (docs/product.md#console-screens: 'No Events Found', 'No Chapters Found', ...). */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="text-base font-semibold text-slate-800">{title}</p>
      {children ? (
        <div className="mt-3 flex flex-col items-center gap-3 text-sm text-slate-600">{children}</div>
      ) : null}
    </div>
  )
}

/** A form's frame in the console. */
export function FormCard({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-3xl rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      {children}
    </div>
  )
}
