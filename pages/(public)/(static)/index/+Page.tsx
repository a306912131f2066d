import { useData } from 'vike-react/useData'
import { EventGrid } from '#components/events/EventCard'
import { BenefitGrid } from '#components/home/BenefitGrid'
import { CounterStrip } from '#components/home/CounterStrip'
import { useSiteTexts } from '#components/layout/useSiteTexts'
import { Icon } from '#components/ui/icons'
import { ButtonLink, Section, SeeAllLink } from '#components/ui/PageBanner'
import { Picture } from '#components/ui/Picture'
import { site } from '#content/site'
import type { Data } from './+data'

/** How many benefits the home page shows (docs/product.md#constants): the first 6 of 9. */
const HOME_BENEFITS = 6

export function Page() {
  const { counters, latestEvents } = useData<Data>()
  const { home, about, membership } = useSiteTexts()
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-800 to-brand-600 text-white">
        <svg
          aria-hidden="true"
          className="absolute inset-0 h-full w-full opacity-10"
          preserveAspectRatio="none"
          viewBox="0 0 100 100"
        >
          <circle cx="85" cy="20" r="30" fill="white" />
          <circle cx="10" cy="95" r="22" fill="white" />
        </svg>
        <div className="relative mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28">
          <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">{site.chapterName}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
            {home.hero.headline}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-100">{home.hero.mission}</p>
          <p className="mt-10 flex flex-wrap gap-4">
            <ButtonLink href={site.links.membership} variant="accent" external>
              Join Now
            </ButtonLink>
            <a
              href="/events"
              className="inline-flex items-center gap-2 rounded-md px-5 py-2.5 font-semibold text-white ring-1 ring-white/40 hover:bg-white/10"
            >
              Upcoming events <Icon name="arrowRight" className="size-4" />
            </a>
          </p>
        </div>
      </section>

      <Section id="home-about" title="About Us">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h3 className="text-xl font-semibold text-brand-800">{home.about.title}</h3>
            <p className="mt-3 text-lg leading-relaxed text-slate-700">{home.about.text}</p>
            <p className="mt-4 text-slate-700">{about.mission}</p>
            <p className="mt-8">
              <ButtonLink href="/about">
                {/* The hidden words name where the link goes, for screen readers and search engines. */}
                Read More<span className="sr-only"> about us</span>{' '}
                <Icon name="arrowRight" className="size-4" />
              </ButtonLink>
            </p>
          </div>
          <Picture
            image={about.image.image}
            alt={about.image.alt}
            className="h-auto w-full rounded-2xl shadow-md"
          />
        </div>
      </Section>

      <Section
        id="home-benefits"
        title="Membership Benefits"
        intro={`What you get as one of more than ${home.memberCount} members of the ${site.societyName}.`}
        tinted
      >
        <BenefitGrid benefits={membership.benefits.slice(0, HOME_BENEFITS)} />
        <SeeAllLink href="/membership">View All</SeeAllLink>
      </Section>

      <Section id="home-events" title={home.activities.title} intro={home.activities.intro}>
        {counters.length > 0 ? <CounterStrip counters={counters} /> : null}
        <h3 className={`${counters.length > 0 ? 'mt-12' : ''} text-xl font-semibold text-slate-900`}>
          Latest events
        </h3>
        {latestEvents.length === 0 ? (
          <p className="mt-4 text-slate-600">No events yet.</p>
        ) : (
          <div className="mt-6">
            <EventGrid events={latestEvents} />
          </div>
        )}
        <SeeAllLink href="/events">All events</SeeAllLink>
      </Section>

      <Section id="home-gallery" title={home.gallery.title} tinted>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {home.gallery.images.map((item) => (
            <li key={item.image.src}>
              <Picture image={item.image} alt={item.alt} className="h-auto w-full rounded-xl shadow-sm" />
            </li>
          ))}
        </ul>
        <SeeAllLink href="/gallery">View Gallery</SeeAllLink>
      </Section>
    </>
  )
}
