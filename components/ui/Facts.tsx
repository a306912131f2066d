import type { ReactNode } from 'react'

/** A few labelled facts, each label small above its value (an event's when and where, who registered). */
export function Facts({ items }: { items: ReadonlyArray<readonly [label: string, value: ReactNode]> }) {
  return (
    <dl className="mt-4 space-y-3 text-slate-800">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="font-semibold break-words">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
