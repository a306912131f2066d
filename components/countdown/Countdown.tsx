import { formatLocalDateTime } from '#components/shared/dates'
import { site } from '#content/site'
import { type CountdownParts, countdownParts, formatPart, localTime } from './countdown-parts'

const parts: { name: keyof CountdownParts; label: string }[] = [
  { name: 'days', label: 'days' },
  { name: 'hours', label: 'hours' },
  { name: 'mins', label: 'mins' },
  { name: 'secs', label: 'secs' },
]

/**
 * The countdown page of docs/decisions/003-countdown-page.md. The server writes the numbers as of now (zeros once the target
 * has passed); the chrome script ([data-countdown-target]) recounts them every second in the
 * visitor's own clock.
 */
export function Countdown({ target = site.countdownTarget }: { target?: string }) {
  const now = countdownParts(localTime(target), Date.now())
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 text-white">
      <div className="mx-auto flex min-h-[70vh] max-w-5xl flex-col items-center justify-center px-4 py-20 text-center sm:px-6">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">We are Almost there!</h1>
        <p className="mt-4 text-lg text-brand-100 sm:text-xl">Stay tuned for something amazing!!!</p>
        <ul
          data-countdown-target={target}
          aria-label="Time left"
          className="mt-12 grid w-full max-w-2xl grid-cols-2 gap-4 sm:grid-cols-4"
        >
          {parts.map((part) => (
            <li
              key={part.name}
              className="rounded-xl bg-white/10 px-4 py-6 ring-1 ring-white/20 backdrop-blur"
            >
              <span
                data-countdown-part={part.name}
                className="block text-4xl font-bold tabular-nums sm:text-5xl"
              >
                {formatPart(part.name, now[part.name])}
              </span>
              <span className="mt-2 block text-sm tracking-wide text-brand-100 uppercase">{part.label}</span>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-sm text-brand-200">
          Counting down to <time dateTime={target}>{formatLocalDateTime(target)}</time>, your local time.
        </p>
      </div>
    </section>
  )
}
