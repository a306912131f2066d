import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createColumnHelper, useTable } from '@tanstack/react-table'
import { type ReactNode, useId, useState } from 'react'
import type { InvitationDto, MailDelivery, PersonDto } from '../../db/dto'
import { invitationInputSchema } from '../../db/validation'
import { BulkBar } from '../data-table/BulkBar'
import { DataTable } from '../data-table/DataTable'
import { ShortcutsButton, ShortcutsDialog } from '../data-table/ShortcutsDialog'
import { type ServerTableFeatures, serverTableFeatures } from '../data-table/serverTable'
import { useTableKeyboard } from '../data-table/useTableKeyboard'
import { ConfirmDialog } from '../dialogs/ConfirmDialog'
import { Modal } from '../dialogs/Modal'
import { TextField } from '../form/Field'
import { SubmitButton } from '../form/SubmitButton'
import { useApiForm } from '../form/useApiForm'
import { formatDateTime } from '../text/dates'
import { plural } from '../text/words'
import { buttonStyles, inputStyles } from '../ui/styles'
import { ApiRequestError, api } from './api'
import { notify } from './notify'
import { EmptyState } from './PageHeader'

/**
 * A group of people and its pending invitations: a chapter's officers (chapterSlug, or the signed-in
 * officer's own chapter without it) or the administrators. Invite, withdraw, disable and remove.
 */
type Props = {
  /** Which chapter's officers, for an administrator; none: the officer's own chapter, or the administrators. */
  chapterSlug?: string
  /** "officer" or "administrator": how the page names one of them. */
  noun: string
  /** An administrator's view: each person gets a "Reset link" action (for installations without email). */
  canMakeResetLinks?: boolean
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never')

const failureText = (failure: unknown) =>
  failure instanceof ApiRequestError ? failure.message : 'Something went wrong'

function ResetLinkAction({ person }: { person: PersonDto }) {
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null)
  const make = async () => {
    try {
      const answer = await api<{ resetLink: { url: string; expiresAt: string } }>(
        `/api/people/${person._id}/reset-link`,
        { method: 'POST' },
      )
      setLink(answer.resetLink)
    } catch (failure) {
      notify.error(failureText(failure))
    }
  }
  return (
    <>
      <button
        type="button"
        className={buttonStyles.rowAction}
        aria-label={`Make a password reset link for ${person.name}`}
        onClick={make}
      >
        Reset link
      </button>
      <Modal open={link !== null} onOpenChange={(open) => !open && setLink(null)} title="Password reset link">
        {link ? (
          <CopyableLink
            label="Password reset link"
            url={link.url}
            intro={
              <p>
                Give this link to <strong>{person.name}</strong> ({person.email}) yourself. They choose a new
                password with it.
              </p>
            }
            expiresAt={link.expiresAt}
          />
        ) : null}
      </Modal>
    </>
  )
}

function PersonActions({
  person,
  refresh,
  noun,
  canMakeResetLinks,
}: {
  person: PersonDto
  refresh: () => Promise<void>
  noun: string
  canMakeResetLinks: boolean
}) {
  if (person.isYou) return <span className="text-xs text-slate-500">You</span>
  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action()
      notify.success(success)
    } catch (failure) {
      notify.error(failureText(failure))
    }
    await refresh()
  }
  return (
    <div className="flex justify-end gap-1.5">
      {canMakeResetLinks ? <ResetLinkAction person={person} /> : null}
      <button
        type="button"
        className={buttonStyles.rowAction}
        aria-label={`${person.disabled ? 'Enable' : 'Disable'} ${person.name}`}
        onClick={() =>
          run(
            () => api(`/api/people/${person._id}`, { method: 'PATCH', json: { disabled: !person.disabled } }),
            person.disabled
              ? `${person.name} can sign in again`
              : `${person.name} is disabled and signed out`,
          )
        }
      >
        {person.disabled ? 'Enable' : 'Disable'}
      </button>
      <ConfirmDialog
        trigger={
          <button
            type="button"
            className={buttonStyles.rowDanger}
            aria-label={`Remove ${person.name}`}
            data-row-action="delete"
          >
            Remove
          </button>
        }
        title={`Remove this ${noun}?`}
        description={
          <p>
            <strong className="font-semibold text-slate-900">{person.name}</strong> ({person.email}) will no
            longer be able to sign in, and is signed out at once. What they made stays.
          </p>
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        onConfirm={() =>
          run(() => api(`/api/people/${person._id}`, { method: 'DELETE' }), `${person.name} removed`)
        }
      />
    </div>
  )
}

/** The keys a people table answers: it has no search box, and its rows open and edit nothing. */
const PEOPLE_SHORTCUTS: readonly (readonly [keys: string, what: string])[] = [
  ['j or ↓', 'Next row'],
  ['k or ↑', 'Previous row'],
  ['x', 'Select the row (Shift+x extends the selection)'],
  ['Delete', 'Remove the person (asks first)'],
  ['Ctrl+K or ⌘K', 'Go to a page or find anything'],
  ['?', 'This list of shortcuts'],
]

/**
 * Runs `change` for each person in turn, so one refusal (yourself, the last active administrator)
 * stops only that person; then says how many went through and, naming each, why the others did not.
 */
async function forEachPerson(
  people: PersonDto[],
  change: (person: PersonDto) => Promise<unknown>,
  done: (count: number) => string,
) {
  let changed = 0
  const refusals: string[] = []
  for (const person of people) {
    try {
      await change(person)
      changed++
    } catch (failure) {
      refusals.push(`${person.name}: ${failureText(failure)}`)
    }
  }
  if (changed > 0) notify.success(done(changed))
  if (refusals.length > 0) notify.error(refusals.join(' '))
}

const helper = createColumnHelper<ServerTableFeatures, PersonDto>()

function peopleColumns(refresh: () => Promise<void>, noun: string, canMakeResetLinks: boolean) {
  return helper.columns([
    helper.accessor('name', {
      header: 'Name',
      enableSorting: false,
      meta: { card: 'title' },
      cell: (info) => <span className="font-medium text-slate-900">{info.getValue()}</span>,
    }),
    helper.accessor('email', { header: 'Email', enableSorting: false }),
    helper.accessor('disabled', {
      header: 'Status',
      enableSorting: false,
      cell: (info) =>
        info.getValue() ? (
          <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-700">Disabled</span>
        ) : (
          <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs text-green-800">Active</span>
        ),
    }),
    helper.accessor('lastSignInAt', {
      header: 'Last sign-in',
      enableSorting: false,
      meta: { className: 'whitespace-nowrap' },
      cell: (info) => when(info.getValue()),
    }),
    helper.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'w-px', card: 'actions' },
      cell: (info) => (
        <PersonActions
          person={info.row.original}
          refresh={refresh}
          noun={noun}
          canMakeResetLinks={canMakeResetLinks}
        />
      ),
    }),
  ])
}

type Invited = { invitation: InvitationDto & { url: string }; email: MailDelivery }

function InviteDialog({ chapterSlug, noun, onInvited }: Props & { onInvited: () => Promise<void> }) {
  const [open, setOpen] = useState(false)
  const [invited, setInvited] = useState<Invited | null>(null)
  const {
    register,
    submit,
    reset,
    formState: { errors, isSubmitting },
  } = useApiForm(invitationInputSchema, {
    defaultValues: { email: '', chapterSlug },
    save: (input) => api<Invited>('/api/invitations', { method: 'POST', json: { ...input, chapterSlug } }),
    success: 'Invitation created',
    onSaved: async (answer) => {
      setInvited(answer)
      await onInvited()
    },
  })
  const close = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setInvited(null)
      reset({ email: '', chapterSlug })
    }
  }
  return (
    <>
      <button type="button" className={buttonStyles.primary} onClick={() => setOpen(true)}>
        Invite {noun}
      </button>
      <Modal open={open} onOpenChange={close} title={`Invite ${noun}`}>
        {invited ? (
          <InvitationLink invited={invited} />
        ) : (
          <form noValidate onSubmit={submit} className="space-y-4">
            <TextField
              label="Email address"
              type="email"
              autoComplete="off"
              hint="They choose their own name and password. The link works once, for 7 days."
              error={errors.email?.message}
              {...register('email')}
            />
            <SubmitButton pending={isSubmitting} label="Send invitation" pendingLabel="Inviting..." />
          </form>
        )}
      </Modal>
    </>
  )
}

/** A link to hand over: shown in a read-only field with a Copy button, and when it stops working. */
function CopyableLink({
  label,
  url,
  intro,
  expiresAt,
}: {
  label: string
  url: string
  intro: ReactNode
  expiresAt: string
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      notify.success('Link copied')
    } catch {
      notify.error('Copying failed: select the link and copy it')
    }
  }
  const id = useId()
  return (
    <div className="space-y-3 text-sm text-slate-700">
      {intro}
      <div className="flex gap-2">
        <label className="sr-only" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          readOnly
          value={url}
          className={`${inputStyles} font-mono text-xs`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className={buttonStyles.secondary} onClick={copy}>
          Copy link
        </button>
      </div>
      <p className="text-xs text-slate-500">It works once, until {when(expiresAt)}.</p>
    </div>
  )
}

function InvitationLink({ invited }: { invited: Invited }) {
  const { invitation, email } = invited
  const intro =
    email === 'sent' ? (
      <p role="status">
        Email sent to <strong>{invitation.email}</strong>. You can also send them this link yourself:
      </p>
    ) : email === 'failed' ? (
      <p role="alert" className="text-red-800">
        The email to <strong>{invitation.email}</strong> could not be sent. The invitation is saved: copy this
        link and send it to them yourself.
      </p>
    ) : (
      <p role="status">
        No mail server is set up. Copy this link and send it to <strong>{invitation.email}</strong> yourself.
      </p>
    )
  return (
    <CopyableLink
      label="Invitation link"
      url={invitation.url}
      intro={intro}
      expiresAt={invitation.expiresAt}
    />
  )
}

export function PeoplePanel({ chapterSlug, noun, canMakeResetLinks = false }: Props) {
  const queryClient = useQueryClient()
  const query = chapterSlug ? `?chapterSlug=${encodeURIComponent(chapterSlug)}` : ''
  const scope = chapterSlug ?? 'own'
  const people = useQuery({
    queryKey: ['people', scope],
    queryFn: ({ signal }) => api<{ people: PersonDto[] }>(`/api/people${query}`, { signal }),
  })
  const invitations = useQuery({
    queryKey: ['invitations', scope],
    queryFn: ({ signal }) => api<{ invitations: InvitationDto[] }>(`/api/invitations${query}`, { signal }),
  })
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['people'] })
    await queryClient.invalidateQueries({ queryKey: ['invitations'] })
  }
  const [columns] = useState(() => peopleColumns(refresh, noun, canMakeResetLinks))
  const rows = people.data?.people ?? []
  const table = useTable({
    features: serverTableFeatures,
    columns,
    data: rows,
    getRowId: (row) => row._id,
    manualSorting: true,
    manualPagination: true,
    rowCount: rows.length,
  })
  const keys = useTableKeyboard({ rows: table.getRowModel().rows, selectable: true })
  const setDisabled = (disabled: boolean) => async (selected: PersonDto[]) => {
    await forEachPerson(
      selected,
      (person) => api(`/api/people/${person._id}`, { method: 'PATCH', json: { disabled } }),
      (count) => `${plural(count, noun)} ${disabled ? 'disabled and signed out' : 'enabled'}`,
    )
    await refresh()
  }
  const pending = invitations.data?.invitations ?? []
  const nounPlural = `${noun}s`

  return (
    <div className="space-y-6">
      <div className="flex items-center justify-end gap-2">
        <ShortcutsButton onClick={() => keys.setHelpOpen(true)} />
        <InviteDialog chapterSlug={chapterSlug} noun={noun} onInvited={refresh} />
      </div>
      <div>
        <BulkBar
          rows={keys.selectedRows}
          actions={[
            { label: 'Disable selected', run: setDisabled(true) },
            { label: 'Enable selected', run: setDisabled(false) },
          ]}
          remove={{
            noun,
            verb: 'Remove',
            pendingLabel: 'Removing...',
            consequence: (selected) => (
              <p>
                {selected.map((person) => person.name).join(', ')} will no longer be able to sign in, and are
                signed out at once. What they made stays.
              </p>
            ),
            run: async (selected) => {
              await forEachPerson(
                selected,
                (person) => api(`/api/people/${person._id}`, { method: 'DELETE' }),
                (count) => `${plural(count, noun)} removed`,
              )
              await refresh()
            },
          }}
          onClear={keys.clearSelection}
        />
        <div ref={keys.tableBox}>
          <DataTable
            table={table}
            label={nounPlural[0]?.toUpperCase() + nounPlural.slice(1)}
            loading={people.isPending}
            updating={people.isFetching}
            error={people.error ? failureText(people.error) : null}
            empty={<EmptyState title={`No ${nounPlural} yet`} />}
            selection={keys.selection}
            focusedRow={keys.focused}
            onFocusRow={keys.setFocused}
          />
        </div>
      </div>
      <ShortcutsDialog open={keys.helpOpen} onOpenChange={keys.setHelpOpen} shortcuts={PEOPLE_SHORTCUTS} />
      <section aria-labelledby="pending-invitations">
        <h2 id="pending-invitations" className="mb-2 text-base font-semibold text-slate-900">
          Pending invitations
        </h2>
        {pending.length === 0 ? (
          <p className="text-sm text-slate-600">No pending invitations.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
            {pending.map((invitation) => (
              <li
                key={invitation._id}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-2"
              >
                <span>
                  <span className="font-medium text-slate-900">{invitation.email}</span>
                  <span className="text-slate-500">
                    {' '}
                    · invited by {invitation.invitedBy} · expires {when(invitation.expiresAt)}
                  </span>
                </span>
                <ConfirmDialog
                  trigger={
                    <button
                      type="button"
                      className={buttonStyles.rowDanger}
                      aria-label={`Withdraw the invitation to ${invitation.email}`}
                    >
                      Withdraw
                    </button>
                  }
                  title="Withdraw this invitation?"
                  description={<p>The link sent to {invitation.email} stops working at once.</p>}
                  confirmLabel="Withdraw"
                  pendingLabel="Withdrawing..."
                  onConfirm={async () => {
                    try {
                      await api(`/api/invitations/${invitation._id}`, { method: 'DELETE' })
                      notify.success('Invitation withdrawn')
                    } catch (failure) {
                      notify.error(failureText(failure))
                    }
                    await refresh()
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
