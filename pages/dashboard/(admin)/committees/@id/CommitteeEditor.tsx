import { type FormEvent, useRef, useState } from 'react'
import { useFieldArray, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { api } from '#components/console/api'
import { ConfirmDialog } from '#components/dialogs/ConfirmDialog'
import { TextField } from '#components/form/Field'
import { useApiForm } from '#components/form/useApiForm'
import { Spinner } from '#components/ui/Spinner'
import { buttonStyles } from '#components/ui/styles'
import type { CommitteeStatus } from '#db/schema-enums'
import { type CommitteeMember, committeeContentSchema } from '#db/validation'
import type { CommitteeDto } from '../types'
import { MemberDialog } from './MemberDialog'
import { type MemberRow, SortableMembers } from './SortableMembers'

type Content = z.input<typeof committeeContentSchema>
type MemberValues = Content['members'][number]

const contentOf = ({ title, status, intro, groups, members }: CommitteeDto): Content => ({
  title,
  status,
  intro,
  groups,
  members,
})

/** The toast of a save, by the status before and after it. */
const savedText = (before: CommitteeStatus, after: CommitteeStatus) => {
  if (after === 'published') return before === 'published' ? 'Committee saved' : 'Committee published'
  return before === 'published' ? 'Committee unpublished' : 'Draft saved'
}

/** The messages of a member's fields (an email's too), as the list shows them under the member. */
const messagesOf = (error: unknown): string[] => {
  if (!error || typeof error !== 'object') return []
  const { message } = error as { message?: unknown }
  if (typeof message === 'string' && message) return [message]
  return Object.entries(error).flatMap(([key, value]) => (key === 'ref' ? [] : messagesOf(value)))
}

/**
 * A committee's title, status and ordered members, saved whole with `PUT /api/committees/{id}` and checked
 * by the schema the API checks it with (db/validation.ts `committeeContentSchema`). Members are added and
 * edited in a dialog and re-ordered within their group, which is where the page shows them.
 */
export function CommitteeEditor({
  committee,
  onSaved,
}: {
  committee: CommitteeDto
  onSaved: (saved: CommitteeDto) => Promise<void>
}) {
  const statusBefore = useRef(committee.status)
  const [saving, setSaving] = useState<CommitteeStatus | null>(null)
  const form = useApiForm(committeeContentSchema, {
    defaultValues: contentOf(committee),
    save: (content) =>
      api<{ committee: CommitteeDto }>(`/api/committees/${committee._id}`, { method: 'PUT', json: content }),
    success: ({ committee: saved }) => savedText(statusBefore.current, saved.status),
    invalidate: ['committees'],
    onSaved: ({ committee: saved }) => onSaved(saved),
  })
  const {
    register,
    control,
    formState: { errors },
  } = form
  // The keys of the members (for React and the re-ordering); their values are watched, edits set them in place.
  const { fields, append, remove, move } = useFieldArray({ control, name: 'members' })
  const members = useWatch({ control, name: 'members' }) ?? []
  // The member the dialog edits (index null: a new one); kept while the dialog closes, so focus goes back.
  const [dialog, setDialog] = useState<{ index: number | null; member: MemberValues } | null>(null)
  const [dialogOpen, setDialogOpen] = useState(false)
  const openDialog = (index: number | null, member: MemberValues) => {
    setDialog({ index, member })
    setDialogOpen(true)
  }
  const addButtons = useRef(new Map<string, HTMLButtonElement>())

  const saveAs = async (status: CommitteeStatus) => {
    statusBefore.current = committee.status
    setSaving(status)
    form.setValue('status', status)
    await form.submit()
    // Refused (by the schema here or by the server): the status stays the saved one.
    form.setValue('status', form.formState.defaultValues?.status ?? committee.status)
    setSaving(null)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void saveAs(committee.status)
  }

  const done = (member: CommitteeMember) => {
    if (!dialog) return
    if (dialog.index === null) append(member)
    else {
      form.setValue(`members.${dialog.index}`, member, { shouldDirty: true })
      form.clearErrors(`members.${dialog.index}`)
    }
    setDialogOpen(false)
  }
  const removeMember = (row: MemberRow, groupId: string) => {
    remove(row.index)
    form.clearErrors('members')
    // The row and its buttons are gone: the group's Add button takes the focus.
    requestAnimationFrame(() => addButtons.current.get(groupId)?.focus())
  }

  const rowsOf = (groupId: string): MemberRow[] =>
    fields.flatMap((field, index) => {
      const member = members[index]
      if (!member || member.group !== groupId) return []
      return [{ id: field.id, index, member, errors: messagesOf(errors.members?.[index]) }]
    })
  const hasMemberErrors = fields.some((_, index) => messagesOf(errors.members?.[index]).length > 0)
  const pending = saving !== null
  const button = (status: CommitteeStatus, label: string, pendingLabel: string, primary: boolean) => (
    <button
      type={status === committee.status ? 'submit' : 'button'}
      className={primary ? buttonStyles.primary : buttonStyles.secondary}
      disabled={pending}
      onClick={status === committee.status ? undefined : () => void saveAs(status)}
    >
      {saving === status ? <Spinner /> : null}
      {saving === status ? pendingLabel : label}
    </button>
  )

  return (
    <>
      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-6">
        <TextField label="Title" error={errors.title?.message} {...register('title')} />
        <div className="grid grid-cols-1 gap-6">
          <h2 className="text-lg font-semibold text-slate-900">Members</h2>
          {committee.groups.map((group) => {
            const rows = rowsOf(group.id)
            return (
              <section
                key={group.id}
                aria-labelledby={`group-${group.id}`}
                className="grid grid-cols-1 gap-2"
              >
                <h3 id={`group-${group.id}`} className="text-base font-semibold text-slate-900">
                  {group.title}
                </h3>
                {group.featured ? (
                  <p className="text-sm text-slate-600">
                    The page shows the first member of this group, in the large card.
                  </p>
                ) : null}
                {rows.length > 0 ? (
                  <SortableMembers
                    groupId={group.id}
                    groupTitle={group.title}
                    rows={rows}
                    onMove={move}
                    onEdit={(row) => {
                      const member = members[row.index]
                      if (member) openDialog(row.index, member)
                    }}
                    onRemove={(row) => removeMember(row, group.id)}
                  />
                ) : (
                  <p className="text-sm text-slate-600">Nobody in this group yet.</p>
                )}
                <div>
                  <button
                    type="button"
                    ref={(element) => {
                      if (element) addButtons.current.set(group.id, element)
                      else addButtons.current.delete(group.id)
                    }}
                    className={buttonStyles.secondary}
                    onClick={() =>
                      openDialog(null, { name: '', designation: '', emails: [], group: group.id })
                    }
                  >
                    Add a member to {group.title}
                  </button>
                </div>
              </section>
            )
          })}
        </div>
        {hasMemberErrors || errors.members?.message ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors.members?.message ?? 'Some members need a change before this save: see the marked ones.'}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          {committee.status === 'draft' ? (
            <>
              {button('published', 'Publish', 'Publishing...', true)}
              {button('draft', 'Save as draft', 'Saving...', false)}
            </>
          ) : (
            <>
              {button('published', 'Save', 'Saving...', true)}
              <ConfirmDialog
                trigger={
                  <button type="button" className={buttonStyles.secondary} disabled={pending}>
                    {saving === 'draft' ? <Spinner /> : null}
                    {saving === 'draft' ? 'Unpublishing...' : 'Unpublish'}
                  </button>
                }
                title="Unpublish this committee?"
                description={
                  <p>
                    Its page {committee.path} answers "not found" to visitors and leaves the menu at once,
                    with the changes made here. Publish it again to bring it back.
                  </p>
                }
                confirmLabel="Unpublish"
                pendingLabel="Unpublishing..."
                tone="primary"
                onConfirm={() => saveAs('draft')}
              />
            </>
          )}
        </div>
      </form>
      {dialog ? (
        <MemberDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          member={{ ...dialog.member, isNew: dialog.index === null }}
          groups={committee.groups}
          onDone={done}
        />
      ) : null}
    </>
  )
}
