import { useQueryClient } from '@tanstack/react-query'
import { api } from './api'
import { notify } from './notify'

/** What a failed delete says, whatever the reason (spec §8). */
const DELETE_FAILED = 'Something went wrong'

/**
 * The confirmed delete of a list's row (spec §8): DELETE `path`, toast `success` or the spec's failure
 * text, then refetch the lists (first part of their query keys) the delete changed, whatever the outcome.
 */
export function useDeleteAction(path: string, options: { success: string; invalidate: readonly string[] }) {
  const queryClient = useQueryClient()
  return async () => {
    try {
      await api(path, { method: 'DELETE' })
      notify.success(options.success)
    } catch {
      notify.error(DELETE_FAILED)
    }
    for (const key of options.invalidate) await queryClient.invalidateQueries({ queryKey: [key] })
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
  const queryClient = useQueryClient()
  return async (rows: Row[]) => {
    let failed = 0
    for (const row of rows) {
      try {
        await api(pathOf(row), { method: 'DELETE' })
      } catch {
        failed++
      }
    }
    if (failed === 0) notify.success(options.success(rows.length))
    else notify.error(DELETE_FAILED)
    for (const key of options.invalidate) await queryClient.invalidateQueries({ queryKey: [key] })
  }
}
