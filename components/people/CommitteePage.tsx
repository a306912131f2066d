import type { ReactNode } from 'react'
import { excom } from '#content/committees'
import { publicPages } from '#content/public-pages'
import { type ExcomYear, excomYears } from '#content/schema'
import { PageBanner, Section } from '../ui/PageBanner'
import { FeaturedPerson, PeopleGrid, type PersonCardData } from './PersonCard'

type Group = { id: string; title: string; people: readonly PersonCardData[]; featured?: boolean }

/** A committee page: a header, then groups of people, a featured card for single leaders. */
export function CommitteePage({
  title,
  eyebrow,
  intro,
  groups,
  after,
}: {
  title: string
  eyebrow: string
  intro?: ReactNode
  groups: Group[]
  after?: ReactNode
}) {
  return (
    <>
      <PageBanner title={title} eyebrow={eyebrow}>
        {intro}
      </PageBanner>
      {groups.map((group, index) => (
        <div key={group.id} className={index % 2 === 1 ? 'bg-slate-50' : undefined}>
          <Section id={group.id} title={group.title}>
            {group.featured && group.people[0] ? (
              <FeaturedPerson person={group.people[0]} />
            ) : (
              <PeopleGrid people={group.people} />
            )}
          </Section>
        </div>
      ))}
      {after}
    </>
  )
}

/** The executive committee of one year (/excom-23 ... /excom-18), with links to the other years. */
export function ExcomPage({ year }: { year: ExcomYear }) {
  const committee = excom[year]
  return (
    <CommitteePage
      title={`Executive Committee ${committee.year}`}
      eyebrow="Executive Committee"
      intro={<p>The volunteers who led the chapter in {committee.year}.</p>}
      groups={[
        { id: 'chair', title: 'Chair', people: [committee.chair], featured: true },
        { id: 'members', title: 'Committee members', people: committee.members },
      ]}
      after={
        <nav aria-label="Executive committees by year" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
          <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Other years</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {excomYears.map((other) => {
              const path = `/excom-${other}` as const
              return (
                <li key={other}>
                  <a
                    href={path}
                    aria-current={other === year ? 'page' : undefined}
                    className="inline-block rounded-full border border-slate-300 px-4 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-600 hover:text-brand-800 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
                  >
                    {publicPages[path].title.replace('Executive Committee ', '')}
                  </a>
                </li>
              )
            })}
          </ul>
        </nav>
      }
    />
  )
}
