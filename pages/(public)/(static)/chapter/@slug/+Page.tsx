import { useData } from 'vike-react/useData'
import { EventCarousel } from '#components/chapter/EventCarousel'
import { VideoPoster } from '#components/chapter/VideoPoster'
import { CounterStrip } from '#components/home/CounterStrip'
import { imageSources, sizesFor } from '#components/shared/responsive-image'
import { toParagraphs } from '#components/shared/words'
import { Avatar } from '#components/ui/Avatar'
import { Icon, type UiIconName } from '#components/ui/icons'
import { Section } from '#components/ui/PageBanner'
import type { Data } from './+data'

type ExcomMember = Data['excom'][number]

function HeroLink({ href, icon, label }: { href: string; icon: UiIconName; label: string }) {
  const external = !href.startsWith('mailto:')
  return (
    <a
      href={href}
      {...(external ? { target: '_blank', rel: 'noopener' } : {})}
      className="inline-flex items-center gap-2 rounded-md bg-white/10 px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/25 hover:bg-white/20"
    >
      <Icon name={icon} className="size-4" />
      {label}
    </a>
  )
}

/** A member of the chapter's executive committee: photo (or initials), name and designation. */
function ExcomMemberCard({ member }: { member: ExcomMember }) {
  return (
    <li className="flex flex-col items-center rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      {member.image ? (
        <img
          {...imageSources(member.image, sizesFor.person)}
          width={256}
          height={256}
          alt={member.name}
          loading="lazy"
          decoding="async"
          className="size-28 rounded-full bg-slate-100 object-cover"
        />
      ) : (
        <Avatar name={member.name} className="size-28 text-3xl" />
      )}
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{member.name}</h3>
      <p className="mt-1 text-sm font-medium text-brand-700">{member.designation}</p>
    </li>
  )
}

export function Page() {
  const { chapter, growth, upcoming, past, excom, eventLinks } = useData<Data>()
  const candidates: { href: string; icon: UiIconName; label: string }[] = [
    { href: chapter.facebookUrl, icon: 'facebook', label: 'Facebook' },
    { href: chapter.linkedinUrl, icon: 'linkedin', label: 'LinkedIn' },
    { href: chapter.websiteUrl, icon: 'globe', label: 'Website' },
    { href: `mailto:${chapter.email}`, icon: 'mail', label: chapter.email },
  ]
  const links = candidates.filter((link) => link.href !== '')
  return (
    <>
      <section className="bg-gradient-to-br from-brand-950 via-brand-800 to-brand-600 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-[1fr_auto]">
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">
              Student branch chapter
            </p>
            <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words sm:text-5xl">
              {chapter.name}
            </h1>
            {chapter.shortDescription ? (
              <p className="mt-5 max-w-2xl text-lg text-brand-100">{chapter.shortDescription}</p>
            ) : null}
            <ul className="mt-8 flex flex-wrap gap-3">
              {links.map((link) => (
                <li key={link.href} className="min-w-0 max-w-full">
                  <HeroLink {...link} />
                </li>
              ))}
            </ul>
          </div>
          {chapter.logo ? (
            <img
              {...imageSources(chapter.logo, sizesFor.chapterLogo)}
              width={192}
              height={192}
              alt={`Logo of ${chapter.name}`}
              fetchPriority="high"
              className="size-40 rounded-3xl bg-white object-contain p-2 shadow-xl sm:size-48"
            />
          ) : (
            <Avatar name={chapter.name} className="size-40 text-5xl sm:size-48" />
          )}
        </div>
      </section>

      <Section id="chapter-about" title={`About ${chapter.name}`}>
        {/* Without a video of its own the about text stands alone (docs/decisions/069-true-counts.md). */}
        <div className={chapter.videoId ? 'grid items-start gap-10 lg:grid-cols-2' : 'max-w-3xl'}>
          {chapter.videoId ? (
            <VideoPoster videoId={chapter.videoId} title={`Video about ${chapter.name}`} />
          ) : null}
          <div className="space-y-4 text-lg leading-relaxed text-slate-700">
            {chapter.aboutUs ? (
              toParagraphs(chapter.aboutUs).map((paragraph, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order.
                <p key={index}>{paragraph}</p>
              ))
            ) : (
              <p>This chapter has not written about itself yet.</p>
            )}
          </div>
        </div>
      </Section>

      {growth.length > 0 ? (
        <section aria-label="Growth" className="mx-auto max-w-7xl px-4 sm:px-6">
          <CounterStrip counters={growth} />
        </section>
      ) : null}

      {upcoming.length > 0 ? (
        <Section id="chapter-upcoming" title="Coming up">
          <EventCarousel events={upcoming} />
        </Section>
      ) : null}

      <Section
        id="chapter-events"
        title="What we have done"
        intro={
          <p className="flex flex-wrap gap-x-6">
            <a
              href={eventLinks.calendar}
              className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline underline-offset-2"
            >
              <Icon name="calendar" className="size-4" /> {`Events calendar of ${chapter.name}`}
            </a>
            <a
              href={eventLinks.list}
              className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline underline-offset-2"
            >
              <Icon name="arrowRight" className="size-4" /> {`Upcoming events of ${chapter.name}`}
            </a>
          </p>
        }
      >
        {past.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
            No past events yet.
          </p>
        ) : (
          <EventCarousel events={past} />
        )}
      </Section>

      <Section id="chapter-excom" title="Our Executive Committee" tinted>
        {excom.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
            No committee members yet.
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {excom.map((member) => (
              <ExcomMemberCard key={member._id} member={member} />
            ))}
          </ul>
        )}
      </Section>
    </>
  )
}
