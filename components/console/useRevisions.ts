import { useEffect, useState } from 'react'
import type { RevisionDto } from '#db/dto'
import { api, failureText } from './api'
import { notify } from './notify'

/**
 * An item's revisions on its console page (the Site page, a committee, a post; every revisions endpoint
 * answers RevisionDto, docs/decisions/098-site-content-in-the-database.md): the list, fetched again after
 * a save, and a restore. A restore is told once the page has rendered what it restored: told before, the
 * toast's two seconds could pass while a slow phone rebuilds the forms, and nobody would see it.
 */
export function useRevisions(initial: readonly RevisionDto[], revisionsPath: string) {
  const [revisions, setRevisions] = useState(initial)
  const [restored, setRestored] = useState<{ number: number } | null>(null)
  useEffect(() => {
    if (restored) notify.success(`Revision ${restored.number} restored`)
  }, [restored])

  /** Fetches the list again; `alongside` sets the page's own state in the same render as the list. */
  const reload = async (alongside?: () => void) => {
    const answer = await api<{ revisions: RevisionDto[] }>(revisionsPath)
    alongside?.()
    setRevisions(answer.revisions)
  }

  /** Restores `revision`, hands the API's answer to `apply` (which sets the page's state), then tells it. */
  const restore = async <Answer>(revision: RevisionDto, apply: (answer: Answer) => Promise<void> | void) => {
    try {
      const answer = await api<Answer>(`${revisionsPath}/${revision._id}/restore`, { method: 'POST' })
      await apply(answer)
      setRestored({ number: revision.number })
    } catch (failure) {
      notify.error(failureText(failure, 'Could not restore the revision'))
    }
  }

  return { revisions, reload, restore }
}
