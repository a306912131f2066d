import { useData } from 'vike-react/useData'
import { PageHeader } from '#components/console/PageHeader'
import { SelectField, TextField } from '#components/form/Field'
import { formatDate } from '#components/shared/dates'
import { buttonStyles } from '#components/ui/styles'
import type { Data } from './+data'
import { ChaptersCompared, PrintButton, SectionTable, TotalsList, TotalsNote } from './ReportParts'

const queryOf = (values: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])))

/**
 * Attendance reports (docs/product.md#attendance-reports): a chapter's events of a period with their
 * registrations, check-ins, no-shows, members and guests, and totals; printable, and as CSV for the
 * society's annual report. The form is a plain GET form: the URL is the report.
 */
export function Page() {
  const { values, presets, chapters, isAdmin, errors, report } = useData<Data>()
  const chapterSlug = values.chapterSlug ?? ''
  const csvHref = report
    ? `/api/reports/attendance?${queryOf({ chapterSlug, from: report.from, to: report.to, format: 'csv' })}`
    : undefined
  const scopeName = report ? (report.chapter?.name ?? 'All chapters') : ''

  return (
    <>
      <PageHeader
        title="Attendance reports"
        description="Every event of a period with its attendance, for the society's meeting and annual reports."
        actions={
          report ? (
            <span className="flex flex-wrap gap-2 print:hidden">
              <PrintButton />
              <a className={buttonStyles.secondary} href={csvHref} download>
                Download CSV
              </a>
            </span>
          ) : null
        }
      />
      <form
        method="get"
        action="/dashboard/reports"
        className="mb-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm print:hidden"
        aria-label="Report period"
      >
        <div className="grid gap-3 sm:grid-cols-4">
          {isAdmin ? (
            <SelectField
              label="Chapter"
              name="chapterSlug"
              defaultValue={chapterSlug}
              error={errors.chapterSlug}
              fieldClassName="sm:col-span-2"
            >
              <option value="">All chapters</option>
              {chapters.map((chapter) => (
                <option key={chapter.slug} value={chapter.slug}>
                  {chapter.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          <TextField
            label="From"
            name="from"
            type="date"
            defaultValue={values.from}
            error={errors.from}
            required
          />
          <TextField label="To" name="to" type="date" defaultValue={values.to} error={errors.to} required />
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button type="submit" className={buttonStyles.primary}>
            Show report
          </button>
          <nav aria-label="Periods" className="flex flex-wrap gap-1.5">
            {presets.map((preset) => {
              const current = preset.from === values.from && preset.to === values.to
              return (
                <a
                  key={preset.label}
                  href={`/dashboard/reports?${queryOf({ chapterSlug, from: preset.from, to: preset.to })}`}
                  aria-current={current ? 'page' : undefined}
                  className={`${buttonStyles.secondary} aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900`}
                >
                  {preset.label}
                </a>
              )
            })}
          </nav>
        </div>
        <p className="mt-2 text-xs text-slate-600">
          An academic year runs from 1 July to 30 June. At most 5 years at once.
        </p>
      </form>

      {report ? (
        <article aria-labelledby="report-heading" className="space-y-6">
          <header>
            <h2 id="report-heading" className="text-lg font-semibold text-slate-900">
              {scopeName}: {formatDate(report.from)} to {formatDate(report.to)}
            </h2>
            <p className="text-sm text-slate-600">
              Checked in: let in at the door. No-shows: confirmed but not checked in, once the event is over.
              Members: checked in with a membership number.
            </p>
          </header>
          {report.chapter === null ? (
            <section
              aria-labelledby="all-totals"
              className="rounded-lg border border-slate-200 bg-white p-3 print:border-0 print:p-0"
            >
              <h3 id="all-totals" className="mb-2 text-base font-semibold text-slate-900">
                All chapters
              </h3>
              <TotalsList totals={report.totals} />
              <ChaptersCompared sections={report.sections} totals={report.totals} />
              <TotalsNote totals={report.totals} />
              {report.chaptersWithoutEvents.length > 0 ? (
                <p className="mt-2 text-sm text-slate-700">
                  No events in this period:{' '}
                  {report.chaptersWithoutEvents.map((chapter) => chapter.name).join(', ')}.
                </p>
              ) : null}
            </section>
          ) : null}
          {report.sections.map((section) => {
            const name = section.chapter?.name ?? 'The branch'
            const id = `section-${section.chapter?.slug ?? 'branch'}`
            return (
              <section key={id} aria-labelledby={id} className="break-inside-avoid-page">
                <h3 id={id} className="mb-2 text-base font-semibold text-slate-900">
                  {name}
                </h3>
                {section.events.length === 0 ? (
                  <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-700">
                    No events in this period.
                  </p>
                ) : (
                  <>
                    <SectionTable section={section} caption={`Events of ${name}`} />
                    <TotalsNote totals={section.totals} />
                  </>
                )}
              </section>
            )
          })}
          {report.sections.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-700">
              No events in this period.
            </p>
          ) : null}
        </article>
      ) : (
        <p role="status" className="text-sm text-slate-700">
          Correct the period to see its report.
        </p>
      )}
    </>
  )
}
