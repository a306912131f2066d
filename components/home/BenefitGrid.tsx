import type { Benefit } from '#content/schema'
import { Icon } from '../ui/icons'

/** Membership benefits as cards: icon, title, description. */
export function BenefitGrid({ benefits }: { benefits: readonly Benefit[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {benefits.map((benefit) => (
        <li key={benefit.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="inline-flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Icon name={benefit.icon} className="size-6" />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{benefit.title}</h3>
          <p className="mt-2 text-slate-600">{benefit.description}</p>
        </li>
      ))}
    </ul>
  )
}
