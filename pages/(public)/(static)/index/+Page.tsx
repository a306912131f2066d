import { useData } from 'vike-react/useData'
import { site } from '../../../../content/site'
import type { Data } from './+data'

export function Page() {
  const { latestEvents } = useData<Data>()
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            Empowering the future of computer science
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-100">{site.description}</p>
          <p className="mt-10">
            <a
              href={site.links.membership}
              className="inline-flex rounded-md bg-amber-400 px-6 py-3 font-semibold text-slate-950 hover:bg-amber-300"
            >
              Join Now
            </a>
          </p>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="latest-events">
        <h2 id="latest-events" className="text-2xl font-bold tracking-tight">
          Events and activities
        </h2>
        {latestEvents.length === 0 ? (
          <p className="mt-4 text-slate-600">No Events Found</p>
        ) : (
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {latestEvents.map((event) => (
              <li key={event._id} className="rounded-lg border border-slate-200 p-5">
                <p className="text-sm text-slate-600">
                  {event.eventDate} · {event.startTime} - {event.endTime}
                </p>
                <h3 className="mt-2 font-semibold">
                  <a className="hover:underline" href={`/events/${event._id}`}>
                    {event.title}
                  </a>
                </h3>
                <p className="mt-1 text-sm text-slate-600">Host: {event.host}</p>
              </li>
            ))}
          </ul>
        )}
        {/* Room to scroll until the public-pages issue fills the home page with its blocks. */}
        <div className="h-[100vh]" aria-hidden="true" />
      </section>
    </>
  )
}
