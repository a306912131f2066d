import type { ReactNode } from 'react'
import { committeePath } from '#db/validation'
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

/** The executive committee's links to its other published years, newest first (/excom-23 ... /excom-18). */
export function ExcomYears({ years, current }: { years: readonly number[]; current: number }) {
  return (
    <nav aria-label="Executive committees by year" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Other years</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {years.map((year) => (
          <li key={year}>
            <a
              href={committeePath('excom', year)}
              aria-current={year === current ? 'page' : undefined}
              className="inline-block rounded-full border border-slate-300 px-4 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-600 hover:text-brand-800 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
            >
              {year}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
