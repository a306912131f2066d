import type { ReactNode } from 'react'
import { ConfirmDialog } from '../dialogs/ConfirmDialog'
import { LocalTime } from '../ui/LocalTime'
import { buttonStyles } from '../ui/styles'

/** A saved version of an item (docs/decisions/098-site-content-in-the-database.md), newest first. */
type Revision = { number: number; authorName: string; savedAt: string }

/**
 * An item's revisions (who saved, when), the newest marked current, each earlier one with Restore behind a
 * confirm that says what restoring it does (`consequence`).
 */
export function RevisionList<R extends Revision>({
  revisions,
  consequence,
  onRestore,
}: {
  revisions: readonly R[]
  consequence: (revision: R) => ReactNode
  onRestore: (revision: R) => Promise<void>
}) {
  return (
    <section aria-labelledby="revisions" className="rounded-xl border border-slate-200 bg-white">
      <h2 id="revisions" className="px-4 pt-4 text-lg font-semibold text-slate-900">
        Revisions
      </h2>
      <ul className="divide-y divide-slate-100">
        {revisions.map((revision, index) => (
          <li key={revision.number} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
            <span>
              <span className="font-medium text-slate-900">Revision {revision.number}</span>
              <span className="text-slate-600">
                {' '}
                · {revision.authorName} · <LocalTime at={revision.savedAt} />
                {index === 0 ? ' · current' : ''}
              </span>
            </span>
            {index === 0 ? null : (
              <ConfirmDialog
                trigger={
                  <button
                    type="button"
                    className={buttonStyles.secondary}
                    aria-label={`Restore revision ${revision.number}`}
                  >
                    Restore
                  </button>
                }
                title={`Restore revision ${revision.number}?`}
                description={consequence(revision)}
                confirmLabel="Restore"
                pendingLabel="Restoring..."
                tone="primary"
                onConfirm={() => onRestore(revision)}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
