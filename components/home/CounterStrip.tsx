type Counter = { value: number; label: string }

/** Columns from small screens up, by how many counters there are (a class Tailwind can see whole). */
const columns = ['', 'sm:grid-cols-1', 'sm:grid-cols-2', 'sm:grid-cols-3', 'sm:grid-cols-4'] as const

/**
 * Big numbers in a row (the home page's event counts, a chapter landing's growth strip). The server
 * writes the final values; the chrome script counts them up from 0 over 5 seconds when they scroll into
 * view ([data-count-to], components/layout/chrome.ts). Callers leave out counts of zero.
 */
export function CounterStrip({ counters }: { counters: readonly Counter[] }) {
  return (
    <dl
      className={`grid gap-4 rounded-2xl bg-brand-900 p-6 text-center text-white sm:p-8 ${columns[counters.length] ?? 'sm:grid-cols-3'}`}
    >
      {counters.map((counter) => (
        <div key={counter.label} className="flex flex-col-reverse">
          <dt className="mt-1 text-sm font-medium tracking-wide text-brand-100 uppercase">{counter.label}</dt>
          <dd className="text-4xl font-extrabold text-amber-300 tabular-nums sm:text-5xl">
            <span data-count-to={counter.value}>{counter.value}</span>
          </dd>
        </div>
      ))}
    </dl>
  )
}
