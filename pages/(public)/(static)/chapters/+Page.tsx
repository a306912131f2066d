import { PageBanner, Section } from '../../../../components/ui/PageBanner'
import { Picture } from '../../../../components/ui/Picture'
import { MailLink, StaticTable } from '../../../../components/ui/StaticTable'
import { chapterDirectory } from '../../../../content/chapters'

export function Page() {
  return (
    <>
      <PageBanner title="Chapters" eyebrow="Student branches">
        <p>Student-branch chapters at universities across Bangladesh, with their chairs and advisors.</p>
      </PageBanner>
      <Section id="chapter-list" title="Student-branch chapters">
        <StaticTable
          caption="Student-branch chapters with their chairs and advisors"
          rows={chapterDirectory.rows}
          rowKey={(row) => row.university}
          columns={[
            { header: 'S/N', cell: (_, index) => index + 1, className: 'tabular-nums' },
            {
              header: 'University',
              cell: (row) => row.university,
              className: 'min-w-56 font-medium text-slate-900',
            },
            { header: 'Chair', cell: (row) => row.chair, className: 'min-w-36' },
            { header: 'Email', cell: (row) => <MailLink email={row.email} /> },
            { header: 'Advisor', cell: (row) => row.advisor, className: 'min-w-40' },
            { header: 'Email', cell: (row) => <MailLink email={row.advisorEmail} /> },
          ]}
        />
      </Section>
      <div className="bg-slate-50">
        <Section id="our-chapters" title="Our Chapters">
          <ul className="flex flex-wrap justify-center gap-6">
            {chapterDirectory.logos.map((logo) => (
              <li key={logo.title} className="flex w-36 flex-col items-center text-center">
                <Picture
                  image={logo.image}
                  alt={`Logo of ${logo.title}`}
                  className="size-28 rounded-full bg-white shadow-sm"
                />
                <p className="mt-3 text-sm font-medium text-slate-700">{logo.title}</p>
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </>
  )
}
