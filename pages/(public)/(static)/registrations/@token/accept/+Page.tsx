import { useData } from 'vike-react/useData'
import { PageBanner } from '#components/ui/PageBanner'
import type { Data } from './+data'

/** Taking an offered seat in one step: the offer, and one button. Anything else links to the manage page. */
export function Page() {
  const data = useData<Data>()
  const manage = `/registrations/${data.token}`
  if (!data.found)
    return (
      <>
        <PageBanner title="This link is not valid" />
        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
          <a className="font-semibold text-brand-800 hover:underline" href="/events">
            See the events
          </a>
        </div>
      </>
    )
  return (
    <>
      <PageBanner title="Take your seat" eyebrow={data.title} />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-12">
        {data.offered ? (
          <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-950">
            <p className="text-lg font-semibold">A seat at {data.title} is free for you.</p>
            <p className="mt-1">
              It is held for you until {data.offerUntil}; after that it goes to the next in line.
            </p>
            <form method="post" action={`${manage}/accept`} className="mt-4">
              <button
                type="submit"
                className="inline-flex items-center justify-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
              >
                Take the seat
              </button>
            </form>
          </div>
        ) : (
          <p className="rounded-2xl border border-slate-200 bg-white p-6">
            This link no longer offers a seat.{' '}
            <a className="font-semibold text-brand-800 hover:underline" href={manage}>
              See your registration
            </a>
          </p>
        )}
      </div>
    </>
  )
}
