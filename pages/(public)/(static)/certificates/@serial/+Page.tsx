import type { ReactNode } from 'react'
import { useData } from 'vike-react/useData'
import { PageBanner } from '#components/ui/PageBanner'
import { CardSection } from '../../CardSection'
import type { Data } from './+data'

/**
 * Whether a certificate is genuine (docs/product.md#certificates): the page its QR code opens. Rendered on
 * the server, no script; kept by the front cache until a revocation drops it.
 */
export function Page() {
  const data = useData<Data>()
  const valid = data.status === 'valid'
  // What the certificate says, line by line: the name, the class its value is printed in, the value.
  const details: [string, string, ReactNode][] = [
    ['Name', 'font-semibold break-words', data.name],
    [
      'Role',
      'font-semibold',
      <>
        {data.role}
        {data.place ? ` (${data.place})` : null}
      </>,
    ],
    ['Event', 'font-semibold break-words', data.event],
    ['Date', 'font-semibold', data.date],
    ['Issued by', 'font-semibold break-words', data.chapter],
    ['Serial', 'font-mono font-semibold', data.serial],
  ]
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
        <CardSection id="certificate-details" title="What the certificate says">
          <dl className="mt-4 space-y-3 text-slate-800">
            {details.map(([label, className, value]) => (
              <div key={label}>
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className={className}>{value}</dd>
              </div>
            ))}
          </dl>
        </CardSection>
      </div>
    </>
  )
}
