import type { ReactNode } from 'react'
import { Icon } from './icons'

type Props = { title: string; eyebrow?: string; children?: ReactNode }

/**
 * The band at the top of every public page: its one <h1>, an optional kicker and intro (a console page's
 * heading is components/console/PageHeader.tsx).
 */
export function PageBanner({ title, eyebrow, children }: Props) {
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 max-w-4xl text-3xl font-extrabold tracking-tight break-words sm:text-4xl">
          {title}
        </h1>
        {children ? <div className="mt-4 max-w-3xl text-lg text-brand-100">{children}</div> : null}
      </div>
    </section>
  )
}

/**
 * A titled block of a page; the id ties the heading to the section for screen readers. A tinted one stands
 * on a full-width grey band, which sets it off from the white sections around it.
 */
export function Section({
  id,
  title,
  intro,
  children,
  className = '',
  tinted = false,
}: {
  id: string
  title: string
  intro?: ReactNode
  children: ReactNode
  className?: string
  tinted?: boolean
}) {
  const section = (
    <section aria-labelledby={id} className={`mx-auto max-w-7xl px-4 py-12 sm:px-6 ${className}`}>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {intro ? <div className="mt-3 max-w-3xl text-slate-600">{intro}</div> : null}
      <div className="mt-8">{children}</div>
    </section>
  )
  return tinted ? <div className="bg-slate-50">{section}</div> : section
}

const buttonStyles = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  accent: 'bg-amber-400 text-slate-950 hover:bg-amber-300',
  outline: 'border border-brand-700 text-brand-800 hover:bg-brand-50',
} as const

/** A link styled as a button; external links open in a new tab. */
export function ButtonLink({
  href,
  children,
  variant = 'primary',
  external = false,
}: {
  href: string
  children: ReactNode
  variant?: keyof typeof buttonStyles
  external?: boolean
}) {
  return (
    <a
      href={href}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-5 py-2.5 font-semibold ${buttonStyles[variant]}`}
      {...(external ? { target: '_blank', rel: 'noopener' } : {})}
    >
      {children}
    </a>
  )
}

/**
 * Under a section that shows a few of something, centred: the way to the page with all of them. The blog's
 * stands where its pager would otherwise be, as far off (mt-10).
 */
export function SeeAllLink({
  href,
  children,
  margin = 'mt-8',
}: {
  href: string
  children: ReactNode
  margin?: 'mt-8' | 'mt-10'
}) {
  return (
    <p className={`${margin} text-center`}>
      <ButtonLink href={href} variant="outline">
        {children}
      </ButtonLink>
    </p>
  )
}

/** "← All events" and the like: back to the list a detail page belongs to. */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      className="inline-flex items-center gap-2 text-sm font-semibold text-brand-800 hover:underline"
    >
      <Icon name="arrowLeft" className="size-4" /> {children}
    </a>
  )
}
