import { type ReactNode, useId } from 'react'
import type { RevisionDto } from '#db/dto'
import { ConfirmDialog } from '../dialogs/ConfirmDialog'
import { LocalTime } from '../ui/LocalTime'
import { buttonStyles } from '../ui/styles'

/**
 * An item's revisions, newest first (the first is the current one): who saved each and when, and Restore
 * behind a confirm that says what a restore does (`restoring`). Every item's revisions endpoint answers
 * the one RevisionDto (docs/decisions/098-site-content-in-the-database.md), handed here as it comes.
 */
export function RevisionList({
  revisions,
  restoring,
  onRestore,
}: {
  revisions: readonly RevisionDto[]
  /** The confirm's text for a revision. */
  restoring: (revision: RevisionDto) => ReactNode
  onRestore: (revision: RevisionDto) => Promise<void>
}) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white">
      <h2 id={headingId} className="px-4 pt-4 text-lg font-semibold text-slate-900">
        Revisions
      </h2>
      <ul className="divide-y divide-slate-100">
        {revisions.map((revision, index) => (
          <li key={revision._id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
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
                description={restoring(revision)}
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
