import { useQueryClient } from '@tanstack/react-query'
import { failureText } from '../console/api'
import { notify } from '../console/notify'

/** What a bulk action tells the person: a toast for what went through, one for what did not (or neither). */
export type BulkReport = { success?: string | undefined; failure?: string | undefined }

/**
 * The one way a console list acts on its selected rows (BulkBar's buttons and bulk delete): `run` does
 * the work and says what to report; a throw reports `failure(error)` (the API's message by default).
 * Then the lists the action changed (the first parts of their query keys; 'all': every list) are fetched
 * again, whatever the outcome.
 */
export function useBulkAction<Row>(
  run: (rows: Row[]) => Promise<BulkReport>,
  options: { invalidate: readonly string[] | 'all'; failure?: (error: unknown) => string },
): (rows: Row[]) => Promise<void> {
  const queryClient = useQueryClient()
  return async (rows) => {
    let report: BulkReport
    try {
      report = await run(rows)
    } catch (error) {
      report = { failure: (options.failure ?? failureText)(error) }
    }
    if (report.success) notify.success(report.success)
    if (report.failure) notify.error(report.failure)
    if (options.invalidate === 'all') await queryClient.invalidateQueries()
    else for (const key of options.invalidate) await queryClient.invalidateQueries({ queryKey: [key] })
  }
}

/** A row the API refused, and its reason in words. */
type Refusal<Row> = { row: Row; reason: string }

/**
 * Each row's own request, one after the other, for lists whose API has no bulk endpoint (the write limit
 * counts each): a refusal stops only its own row. Answers the rows that went and why the others did not.
 */
export async function eachRow<Row>(
  rows: Row[],
  request: (row: Row) => Promise<unknown>,
): Promise<{ done: Row[]; refused: Refusal<Row>[] }> {
  const done: Row[] = []
  const refused: Refusal<Row>[] = []
  for (const row of rows) {
    try {
      await request(row)
      done.push(row)
    } catch (failure) {
      refused.push({ row, reason: failureText(failure) })
    }
  }
  return { done, refused }
}
