import { useData } from 'vike-react/useData'
import { imageSources } from '#components/shared/responsive-image'
import { PageBanner, Section } from '#components/ui/PageBanner'
import { MailLink, StaticTable } from '#components/ui/StaticTable'
import type { Data } from './+data'

type Chapter = Data['chapters'][number]
type Contact = Chapter['chair']

/** A logo as 'Our Chapters' shows it: 112 px wide. */
const LOGO_SIZES = '112px'

function ChapterLink({ chapter }: { chapter: Chapter }) {
  return (
    <a href={`/chapter/${chapter.slug}`} className="font-medium text-brand-800 hover:underline">
      {chapter.name}
    </a>
  )
}

/** A missing chair or advisor: a dash for the eye, words for a screen reader. */
const notListed = (
  <span className="text-slate-400">
    <span aria-hidden="true">–</span>
    <span className="sr-only">not listed</span>
  </span>
)

const nameOf = (contact: Contact) => contact?.name ?? notListed
const emailOf = (contact: Contact) => (contact?.email ? <MailLink email={contact.email} /> : notListed)

/** On a phone: one card per chapter instead of a table six columns wide. */
function ChapterCard({ chapter }: { chapter: Chapter }) {
  const people = [
    { role: 'Chair', contact: chapter.chair },
    { role: 'Advisor', contact: chapter.advisor },
  ]
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="text-base leading-snug">
        <ChapterLink chapter={chapter} />
      </h3>
      <dl className="mt-3 grid gap-3 text-sm">
        {people.map(({ role, contact }) => (
          <div key={role} className="min-w-0">
            <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{role}</dt>
            <dd className="mt-0.5 text-slate-800">{nameOf(contact)}</dd>
            {contact?.email ? (
              <dd className="break-all">
                <MailLink email={contact.email} />
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
    </article>
  )
}

export function Page() {
  const { chapters } = useData<Data>()
  const withLogo = chapters.filter((chapter) => chapter.logo)
  return (
    <>
      <PageBanner title="Chapters" eyebrow="Student branches">
        <p>Student-branch chapters at universities across Bangladesh, with their chairs and advisors.</p>
      </PageBanner>
      <Section id="chapter-list" title="Student-branch chapters">
        {chapters.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
            No chapters yet.
          </p>
        ) : (
          <>
            <div className="hidden md:block">
              <StaticTable
                caption="Student-branch chapters with their chairs and advisors"
                rows={chapters}
                rowKey={(chapter) => chapter.slug}
                columns={[
                  { header: 'S/N', cell: (_, index) => index + 1, className: 'tabular-nums' },
                  {
                    header: 'University',
                    cell: (chapter) => <ChapterLink chapter={chapter} />,
                    className: 'min-w-56',
                  },
                  { header: 'Chair', cell: (chapter) => nameOf(chapter.chair), className: 'min-w-36' },
                  { header: 'Email', cell: (chapter) => emailOf(chapter.chair) },
                  { header: 'Advisor', cell: (chapter) => nameOf(chapter.advisor), className: 'min-w-40' },
                  { header: 'Email', cell: (chapter) => emailOf(chapter.advisor) },
                ]}
              />
            </div>
            <ul className="grid gap-4 md:hidden" aria-label="Student-branch chapters">
              {chapters.map((chapter) => (
                <li key={chapter.slug}>
                  <ChapterCard chapter={chapter} />
                </li>
              ))}
            </ul>
          </>
        )}
      </Section>
      {withLogo.length > 0 ? (
        <Section id="our-chapters" title="Our Chapters" tinted>
          <ul className="flex flex-wrap justify-center gap-6">
            {withLogo.map((chapter) => (
              <li key={chapter.slug} className="w-36">
                <a href={`/chapter/${chapter.slug}`} className="group flex flex-col items-center text-center">
                  {chapter.logo ? (
                    // The name under it says whose logo it is; the link reads as the name alone.
                    <img
                      {...imageSources(chapter.logo, LOGO_SIZES)}
                      width={112}
                      height={112}
                      alt=""
                      loading="lazy"
                      decoding="async"
                      className="size-28 rounded-full bg-white object-contain shadow-sm"
                    />
                  ) : null}
                  <span className="mt-3 text-sm font-medium text-slate-700 group-hover:text-brand-800 group-hover:underline">
                    {chapter.name}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  )
}
