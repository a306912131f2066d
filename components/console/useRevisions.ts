import { useState } from 'react'
import type { RevisionDto } from '#db/dto'
import { api, failureText } from './api'
import { notify } from './notify'

/**
 * An item's revisions in a console page (a post, a committee, the site's texts), for RevisionList: the
 * list, `reload` after a save, and `restore`, which posts `{base}/revisions/{id}/restore` and hands the
 * answer to `restored`. Every item's endpoints answer the one RevisionDto.
 */
export function useRevisions<Answer>(
  initial: RevisionDto[],
  /** The item's API address: `/api/posts/{id}`, `/api/site`. */
  base: string,
  restored: (answer: Answer) => void | Promise<void>,
) {
  const [revisions, setRevisions] = useState(initial)

  /** Reads the list again; `alongside` runs in the same tick as the list is set, so the page renders once. */
  const reload = async (alongside?: () => void) => {
    const { revisions: list } = await api<{ revisions: RevisionDto[] }>(`${base}/revisions`)
    alongside?.()
    setRevisions(list)
  }

  const restore = async (revision: RevisionDto) => {
    try {
      const answer = await api<Answer>(`${base}/revisions/${revision._id}/restore`, { method: 'POST' })
      // Told first: the page's forms start again from the restored item, which takes a moment on a slow phone.
      notify.success(`Revision ${revision.number} restored`)
      await restored(answer)
    } catch (failure) {
      notify.error(failureText(failure, 'Could not restore the revision'))
    }
  }

  return { revisions, reload, restore }
}
