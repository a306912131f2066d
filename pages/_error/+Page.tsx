import { usePageContext } from 'vike-react/usePageContext'
import { PublicLayout } from '#components/layout/PublicLayout'
import { NO_ACCESS } from '../dashboard/no-access'
import { DOOR_LINK_ENDED, doorLinkEnded } from './door-link'

/**
 * 404 page, 403 page (docs/decisions/014-console-guards.md: the reason the guard gave, its NO_ACCESS when none) and the error
 * page. Error details never reach the browser: the message shown for a 500 is fixed (docs/decisions/008-api-errors.md).
 */
export function Page() {
  const pageContext = usePageContext()
  const { is404, abortStatusCode, urlPathname } = pageContext
  const status = is404 ? 404 : (abortStatusCode ?? 500)

  const doorLink = doorLinkEnded(pageContext.abortReason)
  let content: React.ReactNode
  if (status === 403 && doorLink) {
    content = (
      <>
        <p className="text-sm font-semibold text-brand-700">403</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{DOOR_LINK_ENDED[doorLink]}</h1>
        <p className="mt-4 text-slate-600">
          This phone can no longer check people in with it. Ask an officer for a new door link.
        </p>
      </>
    )
  } else if (status === 404) {
    content = (
      <>
        <p className="text-sm font-semibold text-brand-700">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Page not found</h1>
        <p className="mt-4 text-slate-600">Sorry, we couldn't find the page you're looking for.</p>
        <p className="mt-8">
          <a
            href="/"
            className="rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            Go back home
          </a>
        </p>
      </>
    )
  } else if (status === 403) {
    content = (
      <>
        <p className="text-sm font-semibold text-brand-700">403</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
          {typeof pageContext.abortReason === 'string' ? pageContext.abortReason : NO_ACCESS}
        </h1>
        <p className="mt-4 text-slate-600">This page belongs to another kind of account.</p>
        <p className="mt-8">
          <a
            href="/dashboard"
            className="rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            Back to the dashboard
          </a>
        </p>
      </>
    )
  } else {
    content = (
      <>
        <p className="text-sm font-semibold text-red-700">{status}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Unexpected Application Error!</h1>
        <p className="mt-4 text-slate-600">
          {typeof pageContext.abortReason === 'string'
            ? pageContext.abortReason
            : 'Something went wrong while loading this page. Please try again in a moment.'}
        </p>
        <p className="mt-8">
          <a
            href="/"
            className="rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            Go back home
          </a>
        </p>
      </>
    )
  }

  return (
    <PublicLayout pathname={urlPathname}>
      <section className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">{content}</section>
    </PublicLayout>
  )
}
