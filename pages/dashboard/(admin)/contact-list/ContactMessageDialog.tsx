import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useId } from 'react'
import { api } from '#components/console/api'
import { Modal } from '#components/dialogs/Modal'
import { LocalTime, useSiteTimeZone } from '#components/ui/LocalTime'
import { buttonStyles, inputStyles } from '#components/ui/styles'
import type { ContactMessageDto, ContactReplyDto, PersonDto } from '#db/dto'
import type { ContactUpdate } from '#db/validation'
import { formatReceived, StatusBadge } from './columns'
import { replyLink } from './reply'

/** How often an open message asks whether its replies' mails have gone. */
const PENDING_POLL_MS = 2_000

type Detail = { contact: ContactMessageDto; replies: ContactReplyDto[] }

// With the schema and the form library it validates by: loaded when a message is first opened, not with the list.
const ReplyForm = lazy(() => import('./ReplyForm'))

/** Why a message is in the spam, in words. */
const SPAM_REASONS: Record<NonNullable<ContactMessageDto['spamReason']>, string> = {
  honeypot: "The form's hidden field was filled in, which only bots do.",
  'too-fast': 'It was sent sooner after the form appeared than a person can fill it in.',
  marked: 'An administrator marked it as spam.',
}

/** A reply's mail: on its way, gone, or given up with the last error. */
function Delivery({ reply }: { reply: ContactReplyDto }) {
  if (reply.delivery === 'sent') return <span className="text-emerald-800">Sent</span>
  if (reply.delivery === 'failed')
    return (
      <span className="font-medium text-red-700">
        Not sent{reply.deliveryError ? `: ${reply.deliveryError}` : ''}
      </span>
    )
  return (
    <span className="text-amber-800">
      {reply.deliveryError ? `Sending (retrying: ${reply.deliveryError})` : 'Sending…'}
    </span>
  )
}

/** The answers sent so far, oldest first, each with who wrote it, when and whether its mail went. */
function Thread({ replies }: { replies: ContactReplyDto[] }) {
  const headingId = useId()
  if (replies.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Replies
      </h3>
      <ol className="mt-2 space-y-3">
        {replies.map((reply) => (
          <li key={reply._id} className="rounded-md border border-emerald-200 bg-emerald-50/50 p-3">
            <p className="flex flex-wrap gap-x-2 text-xs text-slate-700">
              <span className="font-semibold text-slate-900">{reply.author.name}</span>
              <span>
                <LocalTime at={reply.createdAt} />
              </span>
              <Delivery reply={reply} />
            </p>
            <p className="mt-1.5 text-sm whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
              {reply.text}
            </p>
          </li>
        ))}
      </ol>
    </section>
  )
}

/**
 * One message: the sender, the text, who looks after it, the replies and a form to answer; a message in
 * the spam says why and offers 'Not spam'. Without a mail server the form gives way to a mail link.
 */
export function ContactMessageDialog({
  message,
  onClose,
  previous,
  next,
  onOpen,
  mailConfigured,
  replyTo,
  administrators,
  update,
}: {
  message: ContactMessageDto | null
  onClose: () => void
  previous?: ContactMessageDto
  next?: ContactMessageDto
  onOpen: (message: ContactMessageDto) => void
  mailConfigured: boolean
  replyTo: string
  administrators: PersonDto[]
  /** PATCH /api/contact/{id}; `close` shuts the dialog after it. */
  update: (message: ContactMessageDto, changes: ContactUpdate, close?: boolean) => Promise<void>
}) {
  const assigneeId = useId()
  const timeZone = useSiteTimeZone()
  const detail = useQuery({
    queryKey: ['contact', message?._id],
    queryFn: ({ signal }) => api<Detail>(`/api/contact/${message?._id}`, { signal }),
    enabled: message !== null,
    // While a reply's mail is on its way, the thread follows the outbox until it is sent or given up.
    refetchInterval: (query) =>
      query.state.data?.replies.some((reply) => reply.delivery === 'pending') ? PENDING_POLL_MS : false,
  })
  const replies = detail.data?.contact._id === message?._id ? (detail.data?.replies ?? []) : []
  const lastReply = replies.at(-1)
  // The assignee may be disabled since: still shown, among those who can be chosen.
  const choices = administrators.filter((person) => !person.disabled || person._id === message?.assignee?._id)
  return (
    <Modal
      open={message !== null}
      onOpenChange={(open) => !open && onClose()}
      title={message ? `Message from ${message.name}` : ''}
      description={message ? `Received ${formatReceived(message.receivedAt, timeZone)}` : undefined}
      size="lg"
    >
      {message ? (
        <>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600">
            <a className="font-medium text-brand-700 hover:underline" href={`mailto:${message.email}`}>
              {message.email}
            </a>
            <StatusBadge status={message.status} />
            {lastReply ? (
              <span>
                Replied by {lastReply.author.name}, <LocalTime at={lastReply.createdAt} />
              </span>
            ) : null}
          </div>
          {message.status === 'spam' ? (
            <div className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              <p className="font-semibold">In the spam: nobody was notified.</p>
              <p className="mt-1">
                {message.spamReason ? SPAM_REASONS[message.spamReason] : null} Spam is deleted for good after
                30 days.
              </p>
            </div>
          ) : null}
          <p className="mt-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
            {message.message}
          </p>
          <div className="mt-4 max-w-xs">
            <label htmlFor={assigneeId} className="mb-1 block text-sm font-medium text-slate-800">
              Assigned to
            </label>
            <select
              id={assigneeId}
              className={inputStyles}
              value={message.assignee?._id ?? ''}
              onChange={(event) => update(message, { assigneeId: event.target.value || null })}
            >
              <option value="">Nobody</option>
              {choices.map((person) => (
                <option key={person._id} value={person._id}>
                  {person.isYou ? `${person.name} (you)` : person.name}
                </option>
              ))}
            </select>
          </div>
          <Thread replies={replies} />
          {message.status === 'spam' ? null : mailConfigured ? (
            <Suspense fallback={<p className="mt-5 text-sm text-slate-500">Loading...</p>}>
              <ReplyForm
                key={message._id}
                message={message}
                replyTo={replyTo}
                onSent={(contact) => onOpen(contact)}
              />
            </Suspense>
          ) : (
            <p className="mt-5 border-t border-slate-200 pt-4 text-sm text-slate-700">
              This site cannot send email (SMTP_URL is not set), so answer from your own mail program:{' '}
              <a className="font-medium text-brand-700 hover:underline" href={replyLink(message, timeZone)}>
                Reply by email
              </a>
            </p>
          )}
          <div className="mt-5 flex flex-wrap items-center justify-end gap-2">
            <div className="mr-auto flex gap-2">
              <button
                type="button"
                className={buttonStyles.secondary}
                disabled={!previous}
                onClick={() => previous && onOpen(previous)}
              >
                Previous
              </button>
              <button
                type="button"
                className={buttonStyles.secondary}
                disabled={!next}
                onClick={() => next && onOpen(next)}
              >
                Next
              </button>
            </div>
            {message.status === 'spam' ? (
              <button
                type="button"
                className={buttonStyles.primary}
                onClick={() => update(message, { spam: false })}
              >
                Not spam
              </button>
            ) : (
              <>
                <button
                  type="button"
                  className={buttonStyles.secondary}
                  onClick={() => update(message, { read: false }, true)}
                >
                  Mark as unread
                </button>
                <button
                  type="button"
                  className={buttonStyles.secondary}
                  onClick={() => update(message, { spam: true }, true)}
                >
                  Mark as spam
                </button>
              </>
            )}
          </div>
        </>
      ) : null}
    </Modal>
  )
}
