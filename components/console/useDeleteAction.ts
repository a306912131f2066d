import { useQueryClient } from '@tanstack/react-query'
import { UNDO_WINDOW_MS } from '#db/limits'
import { eachRow, useBulkAction } from '../data-table/useBulkAction'
import { api, failureText, SOMETHING_WENT_WRONG } from './api'
import { notify } from './notify'

/** What a failed delete says, whatever the reason (the product's fixed failure text). */
const DELETE_FAILED = SOMETHING_WENT_WRONG

/** What a delete answers besides its own fields: the trash item it made. */
type TrashedAnswer = { trashId?: string; trashTitle?: string }

/**
 * The confirmed delete of a list's row: DELETE `path`, toast `success` naming what went to the trash with
 * an Undo button for 10 seconds (Undo restores it), or the fixed failure text; then refetch
 * the lists (first part of their query keys) the delete or the undo changed, whatever the outcome.
 */
export function useDeleteAction(path: string, options: { success: string; invalidate: readonly string[] }) {
  const queryClient = useQueryClient()
  const refetch = async () => {
    for (const key of [...options.invalidate, 'trash', 'activity'])
      await queryClient.invalidateQueries({ queryKey: [key] })
  }
  const undo = async (trashId: string, title: string) => {
    try {
      await api(`/api/trash/${trashId}/restore`, { method: 'POST' })
      notify.success(`Restored "${title}"`)
    } catch (error) {
      notify.error(failureText(error, DELETE_FAILED))
    }
    await refetch()
  }
  return async () => {
    try {
      const answer = await api<TrashedAnswer>(path, { method: 'DELETE' })
      const { trashId, trashTitle = '' } = answer
      if (trashId)
        notify.undoable(options.success, {
          description: `"${trashTitle}" is in the trash.`,
          duration: UNDO_WINDOW_MS,
          onUndo: () => void undo(trashId, trashTitle),
        })
      else notify.success(options.success)
    } catch {
      notify.error(DELETE_FAILED)
    }
    await refetch()
  }
}

/**
 * The confirmed delete of several rows: the API has no bulk delete for these lists, so each row's own
 * DELETE is called, one after the other (the write limit counts each). Toasts how many went, or the
 * failure text when any did not; then refetches the lists the deletes changed.
 */
export function useBulkDeleteAction<Row>(
  pathOf: (row: Row) => string,
  options: { success: (count: number) => string; invalidate: readonly string[] },
) {
  return useBulkAction(
    async (rows: Row[]) => {
      const { refused } = await eachRow(rows, (row) => api(pathOf(row), { method: 'DELETE' }))
      return refused.length === 0 ? { success: options.success(rows.length) } : { failure: DELETE_FAILED }
    },
    { invalidate: options.invalidate },
  )
}
