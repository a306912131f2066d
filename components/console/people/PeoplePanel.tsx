import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { InvitationDto, PersonDto } from '#db/dto'
import type { Shortcut } from '../../data-table/keyboard'
import { ListTable } from '../../data-table/ListTable'
import { type BulkReport, eachRow, useBulkAction } from '../../data-table/useBulkAction'
import { useWholeConsoleList } from '../../data-table/useConsoleList'
import { plural } from '../../shared/words'
import { api } from '../api'
import { peopleColumns } from './columns'
import { InviteDialog } from './InviteDialog'
import { PendingInvitations } from './PendingInvitations'

type Props = {
  /** Which chapter's officers, for an administrator; none: the officer's own chapter, or the administrators. */
  chapterSlug?: string
  /** "officer" or "administrator": how the page names one of them. */
  noun: string
  /** An administrator's view: each person gets a "Reset link" action (for installations without email). */
  canMakeResetLinks?: boolean
}

/** The keys a people table answers: it has no search box, and its rows open and edit nothing. */
const PEOPLE_SHORTCUTS: readonly Shortcut[] = [
  ['j or ↓', 'Next row'],
  ['k or ↑', 'Previous row'],
  ['x', 'Select the row (Shift+x extends the selection)'],
  ['Delete', 'Remove the person (asks first)'],
  ['Ctrl+K or ⌘K', 'Go to a page or find anything'],
  ['?', 'This list of shortcuts'],
]

/**
 * Changes each selected person in turn (the API has no bulk endpoint for people), so one refusal
 * (yourself, the last active administrator) stops only that person; then says how many went through
 * and, naming each, why the others did not.
 */
const changeEach =
  (change: (person: PersonDto) => Promise<unknown>, done: (count: number) => string) =>
  async (people: PersonDto[]): Promise<BulkReport> => {
    const { done: changed, refused } = await eachRow(people, change)
    return {
      success: changed.length > 0 ? done(changed.length) : undefined,
      failure:
        refused.length > 0 ? refused.map(({ row, reason }) => `${row.name}: ${reason}`).join(' ') : undefined,
    }
  }

/**
 * A group of people and its pending invitations: a chapter's officers (chapterSlug, or the signed-in
 * officer's own chapter without it) or the administrators. Invite, withdraw, disable and remove.
 */
export function PeoplePanel({ chapterSlug, noun, canMakeResetLinks = false }: Props) {
  const queryClient = useQueryClient()
  const query = chapterSlug ? `?chapterSlug=${encodeURIComponent(chapterSlug)}` : ''
  const scope = chapterSlug ?? 'own'
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['people'] })
    await queryClient.invalidateQueries({ queryKey: ['invitations'] })
  }
  const [columns] = useState(() => peopleColumns({ refresh, noun, canMakeResetLinks }))
  const { status, table } = useWholeConsoleList<PersonDto, 'people'>({
    columns,
    queryKey: ['people', scope],
    path: `/api/people${query}`,
    rowsKey: 'people',
  })
  const invitations = useQuery({
    queryKey: ['invitations', scope],
    queryFn: ({ signal }) => api<{ invitations: InvitationDto[] }>(`/api/invitations${query}`, { signal }),
  })

  const changed = { invalidate: ['people', 'invitations'] } as const
  const setDisabled = (disabled: boolean) =>
    changeEach(
      (person) => api(`/api/people/${person._id}`, { method: 'PATCH', json: { disabled } }),
      (count) => `${plural(count, noun)} ${disabled ? 'disabled and signed out' : 'enabled'}`,
    )
  const disable = useBulkAction(setDisabled(true), changed)
  const enable = useBulkAction(setDisabled(false), changed)
  const remove = useBulkAction(
    changeEach(
      (person) => api(`/api/people/${person._id}`, { method: 'DELETE' }),
      (count) => `${plural(count, noun)} removed`,
    ),
    changed,
  )
  const nounPlural = `${noun}s`

  return (
    <div className="space-y-6">
      <div>
        <ListTable
          table={table}
          status={status}
          label={nounPlural[0]?.toUpperCase() + nounPlural.slice(1)}
          emptyTitle={`No ${nounPlural} yet`}
          actions={<InviteDialog chapterSlug={chapterSlug} noun={noun} onInvited={refresh} />}
          bulkActions={[
            { label: 'Disable selected', run: disable },
            { label: 'Enable selected', run: enable },
          ]}
          bulkDelete={{
            noun,
            verb: 'Remove',
            pendingLabel: 'Removing...',
            consequence: (selected) => (
              <p>
                {selected.map((person) => person.name).join(', ')} will no longer be able to sign in, and are
                signed out at once. What they made stays.
              </p>
            ),
            run: remove,
          }}
          shortcuts={PEOPLE_SHORTCUTS}
        />
      </div>
      <PendingInvitations invitations={invitations.data?.invitations ?? []} refresh={refresh} />
    </div>
  )
}
