import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { api, failureText } from '#components/console/api'
import { notify } from '#components/console/notify'
import { PageHeader } from '#components/console/PageHeader'
import { ListTable } from '#components/data-table/ListTable'
import { useBulkAction } from '#components/data-table/useBulkAction'
import { useConsoleList } from '#components/data-table/useConsoleList'
import { plural } from '#components/shared/words'
import { buttonStyles } from '#components/ui/styles'
import type { TrashItemDto } from '#db/dto'
import { trashSortFields } from '#db/list-params'
import { trashColumns } from './columns'

/** Deleted items for 30 days: restore them, one or the selected ones; administrators may purge. */
export function Page() {
  const { user } = usePageContext()
  const isAdmin = user?.isAdmin === true
  const queryClient = useQueryClient()
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())

  const refetch = async () => {
    // What a restore brings back shows in every list.
    await queryClient.invalidateQueries()
  }
  // One row's Restore, or the selected ones'.
  const restore = useBulkAction(
    async (items: TrashItemDto[]) => {
      await api('/api/trash/restore', { method: 'POST', json: { ids: items.map((item) => item._id) } })
      setSelected(new Set())
      return {
        success:
          items.length === 1 ? `Restored "${items[0]?.title}"` : `Restored ${plural(items.length, 'item')}`,
      }
    },
    { invalidate: 'all' },
  )
  const purge = async (item: TrashItemDto) => {
    try {
      await api(`/api/trash/${item._id}`, { method: 'DELETE' })
      notify.success(`Deleted "${item.title}" permanently`)
    } catch (error) {
      notify.error(failureText(error))
    }
    await refetch()
  }
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (!next.delete(id)) next.add(id)
      return next
    })

  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers only read state through setters.
  const columns = useMemo(
    () => trashColumns({ isAdmin, selected, toggle, restore, purge }),
    [isAdmin, selected],
  )
  const view = useConsoleList<TrashItemDto, 'items'>({
    sortFields: trashSortFields,
    columns,
    queryKey: ['trash'],
    path: '/api/trash',
    rowsKey: 'items',
  })
  const chosen = view.status.rows.filter((item) => selected.has(item._id))

  return (
    <>
      <PageHeader
        title="Trash"
        description="Deleted items stay here for 30 days, then they are deleted for good."
      />
      <ListTable
        {...view}
        label="Trash"
        noun="items"
        searchLabel="Search the trash"
        searchPlaceholder="Title or who deleted it"
        emptyTitle="The Trash Is Empty"
        actions={
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => void restore(chosen)}
            disabled={chosen.length === 0}
          >
            Restore selected{chosen.length > 0 ? ` (${chosen.length})` : ''}
          </button>
        }
      />
    </>
  )
}
