import { useData } from 'vike-react/useData'
import { PageBanner } from '#components/ui/PageBanner'
import type { Data } from './+data'

const CLOSED_TEXT = {
  expired: 'This door link has expired: door links work until the end of the event day.',
  revoked: 'This door link was revoked. Ask the organisers for a new one.',
} as const

/**
 * A door link (docs/decisions/080-door-links.md): the volunteer types the PIN the organiser said aloud, and
 * goes on to the event's check-in page. A plain form: works without scripts.
 */
export function Page() {
  const { door } = useData<Data>()
  if (!door)
    return (
      <>
        <PageBanner title="This link is not valid" />
        <p className="mx-auto max-w-xl px-4 py-12 text-lg text-slate-700 sm:px-6">
          Open the whole door link the organisers gave you.
        </p>
      </>
    )
  return (
    <>
      <PageBanner title="Door check-in" eyebrow={door.label} />
      <div className="mx-auto max-w-md px-4 py-10 sm:px-6">
        {door.state === 'expired' || door.state === 'revoked' ? (
          <p role="alert" className="rounded-xl border border-slate-300 bg-slate-50 p-4 text-lg">
            {CLOSED_TEXT[door.state]}
          </p>
        ) : door.state === 'not-yet' ? (
          <p role="status" className="rounded-xl border border-slate-300 bg-slate-50 p-4 text-lg">
            {door.message}
          </p>
        ) : (
          <form method="post" className="space-y-4" noValidate>
            {door.message ? (
              <p
                id="door-pin-error"
                role="alert"
                className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-semibold text-red-900"
              >
                {door.message}
              </p>
            ) : null}
            {door.state === 'locked' ? null : (
              <>
                <div>
                  <label htmlFor="door-pin" className="block text-lg font-semibold text-slate-900">
                    PIN
                  </label>
                  <p id="door-pin-hint" className="text-slate-700">
                    The six digits the organiser told you.
                  </p>
                  <input
                    id="door-pin"
                    name="pin"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9]{6}"
                    maxLength={6}
                    required
                    aria-describedby={door.message ? 'door-pin-hint door-pin-error' : 'door-pin-hint'}
                    aria-invalid={door.message ? true : undefined}
                    className="mt-2 w-full rounded-md border border-slate-400 px-4 py-3 text-center font-mono text-3xl tracking-[0.5em]"
                  />
                </div>
                <button
                  type="submit"
                  className="w-full rounded-md bg-brand-700 px-5 py-3 text-lg font-semibold text-white hover:bg-brand-800"
                >
                  Open the door check-in
                </button>
              </>
            )}
          </form>
        )}
      </div>
    </>
  )
}
