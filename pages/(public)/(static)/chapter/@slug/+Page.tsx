import { useData } from 'vike-react/useData'
import { EventCarousel } from '../../../../../components/chapter/EventCarousel'
import { VideoPoster } from '../../../../../components/chapter/VideoPoster'
import { toParagraphs } from '../../../../../components/text/words'
import { Avatar } from '../../../../../components/ui/Avatar'
import { Icon, type UiIconName } from '../../../../../components/ui/icons'
import { Section } from '../../../../../components/ui/PageBanner'
import { imageSources, sizesFor } from '../../../../../components/ui/responsive-image'
import type { Data } from './+data'

/** The landing's static growth strip (docs/product.md#constants). */
const GROWTH = [
  { value: '20+', label: 'Members' },
  { value: '10+', label: 'Events' },
  { value: '9+', label: 'Workshops' },
]

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

export function Page() {
  const { chapter, events, excom } = useData<Data>()
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
        <div className="grid items-start gap-10 lg:grid-cols-2">
          <VideoPoster videoId={chapter.videoId} title={`Video about ${chapter.name}`} />
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

      <section aria-label="Growth" className="mx-auto max-w-7xl px-4 sm:px-6">
        <dl className="grid grid-cols-3 gap-4 rounded-2xl bg-brand-900 p-6 text-center text-white sm:p-8">
          {GROWTH.map((item) => (
            <div key={item.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-xs font-medium tracking-wide text-brand-100 uppercase sm:text-sm">
                {item.label}
              </dt>
              <dd className="text-3xl font-extrabold text-amber-300 sm:text-5xl">{item.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Section id="chapter-events" title="What we have done">
        {events.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
            No Event Found
          </p>
        ) : (
          <EventCarousel events={events} />
        )}
      </Section>

      <div className="bg-slate-50">
        <Section id="chapter-excom" title="Our Executive Committee">
          {excom.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
              No Executive Committee Found
            </p>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {excom.map((member) => (
                <li
                  key={member._id}
                  className="flex flex-col items-center rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm"
                >
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
              ))}
            </ul>
          )}
        </Section>
      </div>
    </>
  )
}
