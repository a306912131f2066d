import { useState } from 'react'
import { useData } from 'vike-react/useData'
import { FormCard, PageHeader } from '#components/console/PageHeader'
import { RevisionList } from '#components/console/RevisionList'
import { useRevisions } from '#components/console/useRevisions'
import type { RevisionDto } from '#db/dto'
import type { Data } from './+data'
import { AboutForm } from './AboutForm'
import { AchievementsForm } from './AchievementsForm'
import { AwardsForm } from './AwardsForm'
import { ContactForm } from './ContactForm'
import { FooterForm } from './FooterForm'
import { HomeForm } from './HomeForm'
import { MembershipForm } from './MembershipForm'
import { SocialForm } from './SocialForm'
import type { Saved, SectionProps } from './section'

/** The page's sections, in the order of the public site; each its own form (docs/decisions/099-site-texts-in-the-console.md). */
const sections: { id: string; title: string; Form: (props: SectionProps) => React.ReactNode }[] = [
  { id: 'home', title: 'Home page', Form: HomeForm },
  { id: 'about', title: 'About', Form: AboutForm },
  { id: 'membership', title: 'Membership benefits', Form: MembershipForm },
  { id: 'awards', title: 'Awards', Form: AwardsForm },
  { id: 'achievements', title: 'Achievements', Form: AchievementsForm },
  { id: 'contact', title: 'Contact details', Form: ContactForm },
  { id: 'social', title: 'Social links', Form: SocialForm },
  { id: 'footer', title: 'Footer', Form: FooterForm },
]
const linkStyles =
  'inline-flex items-center rounded-full border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-brand-800 hover:bg-slate-50 max-sm:min-h-11'

export function Page() {
  const initial = useData<Data>()
  const [texts, setTexts] = useState(initial.texts)
  const { revisions, reload, restore } = useRevisions(initial.revisions, '/api/site/revisions')
  // A new key after a restore: the form starts again from the restored texts.
  const [version, setVersion] = useState(0)

  // The texts and the list set together, after the request: one render of the page's forms, not two.
  const saved = (answer: Saved) => reload(() => setTexts(answer.site))
  const restoreRevision = (revision: RevisionDto) =>
    restore<Saved>(revision, async (answer) => {
      await saved(answer)
      setVersion((value) => value + 1)
    })

  return (
    <>
      <PageHeader
        title="Site"
        description="The texts of the public pages. A save shows on the site at once and keeps a revision."
      />
      <nav aria-label="Sections" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {[...sections, { id: 'revisions', title: 'Revisions' }].map((section) => (
            <li key={section.id}>
              <a href={`#section-${section.id}`} className={linkStyles}>
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-4">
        {sections.map(({ id, title, Form }) => (
          <section key={id} id={`section-${id}`} aria-labelledby={`site-${id}`} className="scroll-mt-20">
            <FormCard>
              <h2 id={`site-${id}`} className="mb-4 text-lg font-semibold text-slate-900">
                {title}
              </h2>
              <Form key={version} texts={texts} onSaved={saved} />
            </FormCard>
          </section>
        ))}
        <div id="section-revisions" className="max-w-3xl scroll-mt-20">
          <RevisionList
            revisions={revisions}
            restoring={(revision) => (
              <p>
                The site shows the texts of revision {revision.number} at once. They are saved as a new
                revision: restoring the current one later undoes this.
              </p>
            )}
            onRestore={restoreRevision}
          />
        </div>
      </div>
    </>
  )
}
