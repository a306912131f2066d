import { useState } from 'react'
import { ConfirmDialog } from '#components/dialogs/ConfirmDialog'
import { formatDate } from '#components/shared/dates'
import { useSiteClock } from '#components/ui/LocalTime'

/**
 * The event form's question before it saves an event dated before today (by the site's calendar, TIME_ZONE): a
 * past date is more often a slip than a record of what happened, so the form asks. An event already saved
 * with that date is not asked about again.
 */
export function usePastDateConfirm(savedDate: string | undefined) {
  const clock = useSiteClock()
  const [asking, setAsking] = useState<{ date: string; answer: (save: boolean) => void } | null>(null)

  const confirm = ({ eventDate }: { eventDate: string }): Promise<boolean> => {
    if (eventDate >= clock.today() || eventDate === savedDate) return Promise.resolve(true)
    return new Promise((answer) => setAsking({ date: eventDate, answer }))
  }
  const settle = (save: boolean) => {
    asking?.answer(save)
    setAsking(null)
  }

  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      onOpenChange={(open) => {
        if (!open) settle(false)
      }}
      title="Save an event in the past?"
      description={
        <p>
          The event's date,{' '}
          <strong className="font-semibold text-slate-900">{asking ? formatDate(asking.date) : null}</strong>,
          is before today. The public site will list it among the past events.
        </p>
      }
      tone="primary"
      cancelLabel="Change the date"
      confirmLabel="Save anyway"
      pendingLabel="Saving..."
      onConfirm={() => settle(true)}
    />
  )
  return { confirm, dialog }
}
