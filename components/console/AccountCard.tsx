import type { ReactNode } from 'react'
import { ConsoleToaster } from './ConsoleToaster'

/**
 * The narrow card of the pages a person uses before they are signed in: sign-in, forgot password, an
 * invitation, a password reset. The title is the page's one heading.
 */
export function AccountCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="flex justify-center bg-slate-50 px-4 py-16 sm:py-24">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children}
      </div>
      <ConsoleToaster />
    </section>
  )
}

/** The card's closing link (to sign in, to ask for a new link …). */
export function AccountCardLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="mt-4 text-center text-sm">
      <a href={href} className="font-medium text-brand-700 hover:underline">
        {children}
      </a>
    </p>
  )
}

/**
 * The card of an account page whose link cannot be used: gone (expired, used or withdrawn) or not valid
 * at all. It says why, and where to go instead.
 */
export function UnusableLinkCard({
  gone,
  goneTitle = 'This link no longer works',
  why,
  link,
}: {
  gone: boolean
  goneTitle?: string
  why: { gone: string; invalid: string }
  link: { href: string; label: string }
}) {
  return (
    <AccountCard title={gone ? goneTitle : 'This link is not valid'}>
      <p className="mt-3 text-center text-sm text-slate-600">{gone ? why.gone : why.invalid}</p>
      <AccountCardLink href={link.href}>{link.label}</AccountCardLink>
    </AccountCard>
  )
}
