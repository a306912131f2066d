import { longDateTime } from '#components/shared/dates'
import type { Queryable } from '#db/client.server'
import { localDateOf, localDateTimeOf } from '#db/clock'
import { eventOfficerEmails } from '#db/queries/notifications.server'
import { enqueueOutboxMails, type OutboxMailFields } from '#db/queries/outbox.server'
import {
  lastOfficersToldAt,
  markOfficersTold,
  pendingNotToldOfficers,
} from '#db/queries/registrations.server'
import type { Event, Registration } from '#db/schema'
import { PAYMENT_METHOD_LABELS } from '#db/validation'

/**
 * The event's officers' daily mail of new pending registrations (docs/decisions/097-officers-told-of-pending-registrations.md):
 * one a day at most per event, listing the registrations that became pending since the last one; none
 * when there are none.
 */

/** An event's officers get their list of new pending registrations at most this often. */
export const OFFICERS_DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000

export const OFFICERS_DIGEST_MAIL = 'registration-pending-digest'

type DigestContext = { publicUrl: string; timeZone: string }

/** Where officers confirm them: the event's attendees, filtered to the pending ones. */
export const pendingAttendeesPath = (eventId: string) =>
  `/dashboard/events/${eventId}/attendees?status=pending`

/** One officer's mail listing an event's new pending registrations. */
export function officersDigestMail(
  event: Event,
  pending: Registration[],
  to: string,
  context: DigestContext,
): OutboxMailFields {
  const lines = pending.map((registration) => {
    const paying = registration.paymentMethod
      ? `pays by ${PAYMENT_METHOD_LABELS[registration.paymentMethod]}`
      : 'to approve'
    const at = longDateTime(localDateTimeOf(registration.createdAt.getTime(), context.timeZone))
    return `- ${registration.name} <${registration.email}>, ${paying}, registered ${at}`
  })
  const count = pending.length
  return {
    kind: OFFICERS_DIGEST_MAIL,
    subjectId: event.id,
    to,
    subject: `${count} new pending registration${count === 1 ? '' : 's'}: ${event.title}`,
    text: [
      `${count === 1 ? 'This registration' : `These ${count} registrations`} for ${event.title} (${event.eventDate}) wait for you to confirm ${count === 1 ? 'it' : 'them'} (times in ${context.timeZone}):`,
      lines.join('\n'),
      `Confirm or cancel them: ${new URL(pendingAttendeesPath(event.id), context.publicUrl).href}`,
      'You get this mail at most once a day per event, and only when there is something new.',
    ].join('\n\n'),
  }
}

/**
 * Queues each event's officers their list of the pending registrations they have not been told of, for
 * the events whose last list is at least a day old, and marks those registrations told. Returns the
 * registrations listed. `queuedAt` is the outbox's clock.
 */
export function queueOfficersDigests(
  tx: Queryable,
  now: number,
  context: DigestContext,
  queuedAt = new Date(now),
): number {
  const byEvent = new Map<string, { event: Event; pending: Registration[] }>()
  for (const { event, registration } of pendingNotToldOfficers(tx, localDateOf(now, context.timeZone))) {
    const entry = byEvent.get(event.id) ?? { event, pending: [] }
    entry.pending.push(registration)
    byEvent.set(event.id, entry)
  }
  let listed = 0
  for (const { event, pending } of byEvent.values()) {
    const last = lastOfficersToldAt(tx, event.id)
    if (last !== undefined && now - last < OFFICERS_DIGEST_INTERVAL_MS) continue
    const mails = eventOfficerEmails(tx, event.ownerId).map((to) =>
      officersDigestMail(event, pending, to, context),
    )
    enqueueOutboxMails(tx, mails, queuedAt)
    markOfficersTold(
      tx,
      pending.map((registration) => registration.id),
      new Date(now),
    )
    listed += pending.length
  }
  return listed
}
