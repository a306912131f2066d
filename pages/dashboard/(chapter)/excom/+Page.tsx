import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { api, listPath } from '#components/console/api'
import { EmptyState, PageHeader } from '#components/console/PageHeader'
import { useDeleteAction } from '#components/console/useDeleteAction'
import { ConfirmDialog } from '#components/dialogs/ConfirmDialog'
import { Modal } from '#components/dialogs/Modal'
import { plural } from '#components/shared/words'
import { Avatar } from '#components/ui/Avatar'
import { buttonStyles } from '#components/ui/styles'
import type { ExcomMemberDto } from '#db/dto'
import { PAGE_SIZE_MAX } from '#db/list-params'
import { ExcomForm } from './ExcomForm'

const addMember = (
  <a href="/dashboard/excom/add-new-excom" className={buttonStyles.primary}>
    Add New Excom
  </a>
)

function MemberCard({ member, onEdit }: { member: ExcomMemberDto; onEdit: () => void }) {
  const remove = useDeleteAction(`/api/excom/${member._id}`, {
    success: 'Member deleted successfully',
    invalidate: ['excom'],
  })
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {member.image ? (
        <img
          src={member.image}
          alt={member.name}
          loading="lazy"
          className="aspect-[4/3] w-full bg-slate-100 object-cover"
        />
      ) : (
        // No photo: the initials, on the same area the photo would take.
        <div className="grid aspect-[4/3] w-full place-items-center bg-slate-50">
          <Avatar name={member.name} className="size-24 text-3xl" />
        </div>
      )}
      <div className="flex flex-1 flex-col p-3">
        <h2 className="font-semibold text-slate-900">{member.name}</h2>
        <p className="text-sm font-medium text-brand-700">{member.designation}</p>
        <p className="mt-1 text-sm text-slate-600">{member.affiliation}</p>
        {member.email ? (
          <a
            href={`mailto:${member.email}`}
            className="mt-1 truncate text-sm text-slate-700 hover:text-brand-700 hover:underline"
          >
            {member.email}
          </a>
        ) : null}
        <div className="mt-auto flex gap-1.5 pt-3">
          <button
            type="button"
            className={buttonStyles.rowAction}
            onClick={onEdit}
            aria-label={`Edit ${member.name}`}
          >
            Edit
          </button>
          <ConfirmDialog
            trigger={
              <button type="button" className={buttonStyles.rowDanger} aria-label={`Delete ${member.name}`}>
                Delete
              </button>
            }
            title="Delete this member?"
            description={
              <p>
                <strong className="font-semibold text-slate-900">{member.name}</strong> ({member.designation})
                will be removed from your executive committee and from your chapter page.
              </p>
            }
            onConfirm={remove}
          />
        </div>
      </div>
    </li>
  )
}

/** The whole committee: the API answers at most PAGE_SIZE_MAX members at a time. */
async function fetchCommittee(signal: AbortSignal): Promise<{ excoms: ExcomMemberDto[] }> {
  const excoms: ExcomMemberDto[] = []
  for (let page = 1; ; page++) {
    const answer = await api<{ excoms: ExcomMemberDto[]; total: number }>(
      listPath('/api/excom', { page, pageSize: PAGE_SIZE_MAX }),
      { signal },
    )
    excoms.push(...answer.excoms)
    if (answer.excoms.length === 0 || excoms.length >= answer.total) return { excoms }
  }
}

export function Page() {
  // docs/product.md#constants: the excom list is fetched without retries.
  const excom = useQuery({
    queryKey: ['excom'],
    queryFn: ({ signal }) => fetchCommittee(signal),
    retry: false,
  })
  const [editing, setEditing] = useState<ExcomMemberDto | null>(null)
  const members = excom.data?.excoms ?? []

  let content: React.ReactNode
  if (excom.isPending) content = <p className="py-10 text-center text-sm text-slate-600">Loading...</p>
  else if (excom.isError)
    content = <p className="py-10 text-center text-sm text-red-700">{excom.error.message}</p>
  else if (members.length === 0) content = <EmptyState title="No members yet">{addMember}</EmptyState>
  else
    content = (
      <ul
        aria-label="Executive committee"
        className="grid gap-4 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      >
        {members.map((member) => (
          <MemberCard key={member._id} member={member} onEdit={() => setEditing(member)} />
        ))}
      </ul>
    )

  return (
    <>
      <PageHeader
        title="Executive Committee"
        description={members.length > 0 ? plural(members.length, 'member') : undefined}
        actions={addMember}
      />
      {content}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title="Edit Member"
        description={editing?.name}
        size="lg"
      >
        {editing ? <ExcomForm key={editing._id} member={editing} onSaved={() => setEditing(null)} /> : null}
      </Modal>
    </>
  )
}
