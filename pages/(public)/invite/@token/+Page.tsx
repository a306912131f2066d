import { useData } from 'vike-react/useData'
import { ConsoleToaster } from '../../../../components/console/ConsoleToaster'
import type { Data } from './+data'
import { AcceptForm } from './AcceptForm'

export function Page() {
  const { status, token, invitation } = useData<Data>()
  return (
    <section className="flex justify-center bg-slate-50 px-4 py-16 sm:py-24">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {invitation ? (
          <>
            <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">
              Accept the invitation
            </h1>
            <p className="mt-2 text-center text-sm text-slate-600">
              {invitation.invitedBy} invited <strong>{invitation.email}</strong> to join{' '}
              {invitation.chapter ? `the officers of ${invitation.chapter.name}` : 'the administrators'}.
            </p>
            <AcceptForm token={token} />
          </>
        ) : (
          <>
            <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">
              {status === 'gone' ? 'This invitation no longer works' : 'This link is not valid'}
            </h1>
            <p className="mt-3 text-center text-sm text-slate-600">
              {status === 'gone'
                ? 'It has expired, was already used, or was withdrawn. Ask whoever invited you for a new one.'
                : 'Check that you copied the whole link, or ask whoever invited you for a new one.'}
            </p>
            <p className="mt-4 text-center text-sm">
              <a href="/login" className="font-medium text-brand-700 hover:underline">
                Go to sign in
              </a>
            </p>
          </>
        )}
      </div>
      <ConsoleToaster />
    </section>
  )
}
