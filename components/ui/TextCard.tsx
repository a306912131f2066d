import type { ReactNode } from 'react'

/** A white card of a public page: a heading in the brand colour over a short text (a mission, an offer). */
export function TextCard({
  as: Tag = 'div',
  title,
  children,
}: {
  /** `li` when the card is one of a list. */
  as?: 'div' | 'li'
  title: string
  children: ReactNode
}) {
  return (
    <Tag className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 className="text-lg font-semibold text-brand-800">{title}</h3>
      <p className="mt-2 text-slate-700">{children}</p>
    </Tag>
  )
}
