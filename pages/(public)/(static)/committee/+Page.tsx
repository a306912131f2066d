import { useData } from 'vike-react/useData'
import { CommitteePage, ExcomYears } from '#components/people/CommitteePage'
import type { Data } from './+data'

export function Page() {
  const committee = useData<Data>()
  return (
    <CommitteePage
      title={committee.title}
      eyebrow={committee.eyebrow}
      intro={
        committee.intro ? (
          <p>
            {committee.intro.text}
            {committee.intro.link ? (
              <>
                {' '}
                <a className="underline" href={committee.intro.link.href}>
                  {committee.intro.link.label}
                </a>
              </>
            ) : null}
          </p>
        ) : undefined
      }
      groups={committee.groups}
      after={
        committee.kind === 'excom' ? (
          <ExcomYears years={committee.otherYears} current={committee.year} />
        ) : undefined
      }
    />
  )
}
