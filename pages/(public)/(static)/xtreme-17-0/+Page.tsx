import { PageBanner, Section } from '#components/ui/PageBanner'
import { Picture } from '#components/ui/Picture'
import { MailLink, StaticTable } from '#components/ui/StaticTable'
import { xtreme } from '#content/xtreme'

export function Page() {
  return (
    <>
      <PageBanner title={`Xtreme ${xtreme.edition} Ambassadors`} eyebrow="Programming contest">
        <p>{xtreme.intro[0]}</p>
      </PageBanner>
      <Section id="ambassadors" title="Our ambassadors" intro={<p>{xtreme.intro[1]}</p>}>
        <div className="grid gap-10 xl:grid-cols-[1fr_24rem]">
          <StaticTable
            caption={`Xtreme ${xtreme.edition} ambassadors`}
            rows={xtreme.ambassadors}
            rowKey={(row) => row.email}
            columns={[
              { header: 'Name', cell: (row) => row.name, className: 'min-w-36 font-medium text-slate-900' },
              { header: 'University', cell: (row) => row.university, className: 'min-w-56' },
              { header: 'Email', cell: (row) => <MailLink email={row.email} /> },
            ]}
          />
          <Picture
            image={xtreme.image}
            alt={`Xtreme ${xtreme.edition}: 24-hour programming contest`}
            className="h-auto w-full rounded-2xl shadow-md"
          />
        </div>
      </Section>
    </>
  )
}
