import { api } from '#components/console/api'
import { TextAreaField } from '#components/form/Field'
import { SubmitButton } from '#components/form/SubmitButton'
import { useApiForm } from '#components/form/useApiForm'
import type { ContactMessageDto } from '#db/dto'
import { contactReplySchema, LIMITS } from '#db/validation'

type Answer = { message: string; contact: ContactMessageDto }

/** Writes an answer, mailed to the sender with their message quoted (POST /api/contact/{id}/reply). */
export default function ReplyForm({
  message,
  replyTo,
  onSent,
}: {
  message: ContactMessageDto
  replyTo: string
  onSent: (contact: ContactMessageDto) => void
}) {
  const {
    field,
    submit,
    reset,
    formState: { isSubmitting },
  } = useApiForm(contactReplySchema, {
    defaultValues: { text: '' },
    save: (input) => api<Answer>(`/api/contact/${message._id}/reply`, { method: 'POST', json: input }),
    success: 'Reply on its way',
    invalidate: ['contacts', 'contact'],
    onSaved: (answer) => {
      reset({ text: '' })
      onSent(answer.contact)
    },
  })
  return (
    <form noValidate onSubmit={submit} className="mt-5 space-y-3 border-t border-slate-200 pt-4">
      <TextAreaField
        label="Your reply"
        rows={6}
        maxLength={LIMITS.reply}
        hint={`Mailed to ${message.email} with their message quoted; their answer comes to ${replyTo}.`}
        {...field('text')}
      />
      <SubmitButton pending={isSubmitting} label="Send reply" pendingLabel="Sending..." />
    </form>
  )
}
