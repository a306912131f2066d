import { useData } from 'vike-react/useData'
import { PageBanner } from '#components/ui/PageBanner'
import type { Data } from './+data'

/**
 * Whether a certificate is genuine (docs/product.md#certificates): the page its QR code opens. Rendered on
 * the server, no script; kept by the front cache until a revocation drops it.
 */
export function Page() {
  const data = useData<Data>()
  const valid = data.status === 'valid'
  return (
    <>
      <PageBanner title={`Certificate ${data.serial}`} eyebrow="Certificate check" />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6 sm:py-12">
        <div
          className={`rounded-xl border p-5 ${valid ? 'border-emerald-200 bg-emerald-50 text-emerald-950' : 'border-red-200 bg-red-50 text-red-950'}`}
        >
          <p className="text-lg font-semibold">
            {valid
              ? 'This certificate is valid.'
              : 'This certificate has been revoked: it is no longer valid.'}
          </p>
          <p className="mt-1">
            {valid
              ? `It was issued by ${data.chapter}. Check that the details below match the certificate you were shown.`
              : `${data.chapter} withdrew it.`}
          </p>
        </div>
        <section
          aria-labelledby="certificate-details"
          className="rounded-2xl border border-slate-200 bg-white p-6"
        >
          <h2 id="certificate-details" className="text-xl font-bold text-slate-900">
            What the certificate says
          </h2>
          <dl className="mt-4 space-y-3 text-slate-800">
            <div>
              <dt className="text-sm text-slate-600">Name</dt>
              <dd className="font-semibold break-words">{data.name}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Role</dt>
              <dd className="font-semibold">
                {data.role}
                {data.place ? ` (${data.place})` : null}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Event</dt>
              <dd className="font-semibold break-words">{data.event}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Date</dt>
              <dd className="font-semibold">{data.date}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Issued by</dt>
              <dd className="font-semibold break-words">{data.chapter}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Serial</dt>
              <dd className="font-mono font-semibold">{data.serial}</dd>
            </div>
          </dl>
        </section>
      </div>
    </>
  )
}
