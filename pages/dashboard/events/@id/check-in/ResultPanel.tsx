import type { ResultPanel as Panel } from '#components/check-in/useCheckInDesk'

const TONES: Record<Panel['tone'], string> = {
  admit: 'border-green-800 bg-green-700 text-white',
  already: 'border-amber-500 bg-amber-300 text-amber-950',
  refuse: 'border-red-900 bg-red-700 text-white',
  neutral: 'border-slate-300 bg-slate-100 text-slate-900',
}

/**
 * The answer to the last scan, big and coloured for a glance at arm's length, and a live region so a
 * screen reader says it too. Always in the page (empty before the first scan): a live region must exist
 * before its text changes.
 */
export function ResultPanel({ panel }: { panel: Panel | null }) {
  return (
    <div
      aria-live="assertive"
      aria-atomic="true"
      data-testid="check-in-result"
      data-tone={panel?.tone ?? 'none'}
      className={`flex min-h-28 flex-col justify-center rounded-lg border-2 px-4 py-3 ${
        panel ? TONES[panel.tone] : 'border-dashed border-slate-300 bg-white text-slate-600'
      }`}
    >
      {panel ? (
        // One paragraph: a bold line over a plain one is not a heading (axe's p-as-heading).
        <p className="break-words">
          <span className="block text-2xl font-bold">{panel.title}</span>
          {panel.detail ? <span className="mt-1 block text-base font-medium">{panel.detail}</span> : null}
        </p>
      ) : (
        <p className="text-base">Scan a ticket, or find someone by name below.</p>
      )}
    </div>
  )
}
