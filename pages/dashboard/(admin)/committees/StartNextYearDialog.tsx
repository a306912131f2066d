import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { navigate } from 'vike/client/router'
import { ApiRequestError, api, failureText } from '#components/console/api'
import { notify } from '#components/console/notify'
import { Modal } from '#components/dialogs/Modal'
import { SubmitButton } from '#components/form/SubmitButton'
import { buttonStyles } from '#components/ui/styles'
import { committeeKindInfo } from '#db/validation'
import type { CommitteeDto, CommitteeSummary } from './types'

/**
 * "Start next year's committee" (docs/decisions/101-committees-by-year.md): a draft of the same kind for the
 * next year, copied from this one with its groups and designations, its people kept or cleared as the
 * administrator chooses; the new draft's editor opens.
 */
export function StartNextYearDialog({ committee }: { committee: CommitteeSummary }) {
  const [open, setOpen] = useState(false)
  const year = committee.year + 1
  const name = `${committeeKindInfo[committee.kind].title} ${year}`
  return (
    <>
      <button
        type="button"
        className={buttonStyles.rowAction}
        data-row-action="next-year"
        aria-label={`Start next year from ${committee.title}`}
        onClick={() => setOpen(true)}
      >
        Start next year
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Start next year's committee"
        description={`${name}, as a draft copied from ${committee.title}: its groups and designations. Visitors see it once you publish it.`}
      >
        <StartForm committee={committee} year={year} onCancel={() => setOpen(false)} />
      </Modal>
    </>
  )
}

function StartForm({
  committee,
  year,
  onCancel,
}: {
  committee: CommitteeSummary
  year: number
  onCancel: () => void
}) {
  const queryClient = useQueryClient()
  const id = useId()
  const [keepPeople, setKeepPeople] = useState(true)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | undefined>()

  const start = async (event: FormEvent) => {
    event.preventDefault()
    setPending(true)
    setError(undefined)
    try {
      const answer = await api<{ committee: CommitteeDto }>('/api/committees', {
        method: 'POST',
        json: { kind: committee.kind, year, copyFrom: committee._id, keepPeople },
      })
      notify.success(`${answer.committee.title} started as a draft`)
      await queryClient.invalidateQueries({ queryKey: ['committees'] })
      await navigate(`/dashboard/committees/${answer.committee._id}`)
    } catch (failure) {
      const message = failureText(failure)
      // A 409 names the year: that committee exists already.
      setError(failure instanceof ApiRequestError ? (failure.errors?.year ?? message) : message)
      notify.error(message)
      setPending(false)
    }
  }

  const choice = (value: boolean, label: string, hint: string) => (
    <label className="flex items-start gap-2 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      <input
        type="radio"
        name={`${id}-people`}
        checked={keepPeople === value}
        onChange={() => setKeepPeople(value)}
        aria-describedby={`${id}-${value}`}
        className="mt-1"
      />
      <span>
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        <span id={`${id}-${value}`} className="block text-sm text-slate-600">
          {hint}
        </span>
      </span>
    </label>
  )

  return (
    <form noValidate onSubmit={start} className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">The people</legend>
        {choice(
          true,
          'Keep the people',
          'Names, contacts and photos are copied: change the ones who changed.',
        )}
        {choice(
          false,
          'Clear the people',
          'Only the designations are copied: name each person before publishing.',
        )}
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonStyles.secondary} onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <SubmitButton pending={pending} label={`Start ${year}`} pendingLabel="Starting..." />
      </div>
    </form>
  )
}
