import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useData } from 'vike-react/useData'
import { ApiRequestError, api } from '#components/console/api'
import { notify } from '#components/console/notify'
import { PageHeader } from '#components/console/PageHeader'
import { AskFirstButton } from '#components/data-table/RowParts'
import { LocalTime } from '#components/ui/LocalTime'
import { buttonStyles } from '#components/ui/styles'
import type { IssuedCertificateDto } from '#db/dto'
import { CERTIFICATE_ROLE_LABELS } from '#db/validation'
import type { Data } from './+data'

type Answer = { certificates: IssuedCertificateDto[] }

/** The table's headings and their widths, before the actions' (24%). */
const HEADINGS = [
  ['Name', 'w-[24%]'],
  ['Role', 'w-[12%]'],
  ['Serial', 'w-[15%]'],
  ['Issued', 'w-[15%]'],
  ['Status', 'w-[10%]'],
] as const

/** The serial as the API takes it in a path (without its hyphens). */
const pathSerial = (serial: string) => serial.replaceAll('-', '')

/**
 * An event's issued certificates (docs/product.md#certificates): who has one, as what, its serial, when it
 * was issued and whether it stands; each may be revoked, mailed again or downloaded. Reached from the
 * Attendees page.
 */
export function Page() {
  const { event, mailConfigured } = useData<Data>()
  const queryClient = useQueryClient()
  const queryKey = ['certificates', event._id]
  const list = useQuery({
    queryKey,
    queryFn: ({ signal }) => api<Answer>(`/api/events/${event._id}/certificates`, { signal }),
  })
  const act = async (run: () => Promise<{ message: string }>) => {
    try {
      notify.success((await run()).message)
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : 'Something went wrong')
    }
    await queryClient.invalidateQueries({ queryKey })
  }
  const certificates = list.data?.certificates ?? []
  return (
    <>
      <PageHeader
        title="Certificates"
        description={`${event.title}, ${event.eventDate}`}
        back={{ href: `/dashboard/events/${event._id}/attendees`, label: 'Attendees' }}
      />
      {list.isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The certificates could not be loaded.
        </p>
      ) : certificates.length === 0 ? (
        <p className="rounded-md border border-slate-200 bg-white px-4 py-6 text-center text-slate-700">
          No certificates issued yet: issue them from the Attendees page.
        </p>
      ) : (
        <section
          aria-label="Issued certificates"
          className="overflow-hidden rounded-lg border border-slate-200 bg-white"
        >
          <table className="w-full table-fixed border-collapse text-sm max-md:block">
            <caption className="sr-only">Issued certificates of {event.title}</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-left text-slate-700 max-md:hidden">
              <tr>
                {HEADINGS.map(([label, width]) => (
                  <th key={label} scope="col" className={`${width} px-3 py-2 font-semibold`}>
                    {label}
                  </th>
                ))}
                <th scope="col" className="w-[24%] px-3 py-2 text-right font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 max-md:block">
              {certificates.map((certificate) => (
                <tr
                  key={certificate.serial}
                  className="align-top max-md:grid max-md:grid-cols-2 max-md:gap-1 max-md:p-3"
                >
                  <td className="px-3 py-2 font-medium break-words text-slate-900 max-md:col-span-2 max-md:p-0">
                    {certificate.name}
                  </td>
                  <td className="px-3 py-2 text-slate-700 max-md:p-0">
                    {CERTIFICATE_ROLE_LABELS[certificate.role]}
                    {certificate.place ? ` (${certificate.place})` : ''}
                  </td>
                  <td className="px-3 py-2 font-mono text-slate-800 max-md:p-0">{certificate.serial}</td>
                  <td className="px-3 py-2 text-slate-700 tabular-nums max-md:p-0">
                    <LocalTime at={certificate.issuedAt} style="numeric" />
                  </td>
                  <td className="px-3 py-2 max-md:p-0">
                    {certificate.revokedAt ? (
                      <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
                        Revoked
                      </span>
                    ) : (
                      <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                        Valid
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2 max-md:col-span-2 max-md:p-0">
                    <div className="flex flex-wrap justify-end gap-1.5 max-md:justify-start">
                      <a
                        className={buttonStyles.rowAction}
                        href={`/api/certificates/${pathSerial(certificate.serial)}/pdf`}
                        download
                        aria-label={`Download the certificate of ${certificate.name}`}
                      >
                        Download
                      </a>
                      {certificate.revokedAt ? null : (
                        <>
                          <button
                            type="button"
                            className={buttonStyles.rowAction}
                            disabled={!mailConfigured}
                            title={mailConfigured ? undefined : 'No mail server is set up (SMTP_URL)'}
                            aria-label={`Re-send the certificate of ${certificate.name}`}
                            onClick={() =>
                              act(() =>
                                api(`/api/certificates/${pathSerial(certificate.serial)}/mail`, {
                                  method: 'POST',
                                }),
                              )
                            }
                          >
                            Re-send
                          </button>
                          <AskFirstButton
                            label="Revoke"
                            ariaLabel={`Revoke the certificate of ${certificate.name}`}
                            title="Revoke this certificate?"
                            description={
                              <p>
                                {certificate.name}'s certificate {certificate.serial} will show as revoked to
                                anyone who checks it. Issuing it again makes it valid once more.
                              </p>
                            }
                            confirmLabel="Revoke"
                            pendingLabel="Revoking..."
                            onConfirm={() =>
                              act(() =>
                                api(`/api/certificates/${pathSerial(certificate.serial)}`, {
                                  method: 'DELETE',
                                }),
                              )
                            }
                          />
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  )
}
