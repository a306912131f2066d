import { eventWhenText, longDateTime } from '#components/shared/dates'
import { markdownToPlainText } from '#components/shared/markdown'
import { eventTimes, localDateTimeOf } from '#db/clock'
import type { MailAttachment, OutboxMailFields } from '#db/queries/outbox.server'
import { EVENT_CANCELLED_MAIL } from '#db/queries/registrations.server'
import type { Event, OutboxMailKind, Registration } from '#db/schema'
import { PAYMENT_METHOD_LABELS } from '#db/validation'
import { buildAttendeeCalendar } from '../ical.server'
import { buttonHtml, escapeHtml, framedHtml, linkHtml, paragraphHtml } from './frame.server'

/** The inline QR code of a ticket: its content id in the mail, and how wide it is shown. */
export const TICKET_QR_CID = 'ticket-qr'
const TICKET_QR_WIDTH = 240

/**
 * The mails an attendee gets (docs/product.md#registration-mails), through the outbox: plain text and the
 * same as simple HTML, each with the event's details, "add to calendar" links, the private manage link
 * and, but for a message from the officers, the attendee's own calendar file.
 */

export type RegistrationMailKind =
  | 'confirmed'
  | 'pending'
  | 'waitlisted'
  | 'offer'
  | 'update'
  | 'event-cancelled'
  | 'event-restored'
  | 'cancelled'
  | 'reminder'
  | 'message'
  | 'ticket'
  | 'link'

/** The outbox kind of each mail. */
export const REGISTRATION_MAIL_KINDS: Record<RegistrationMailKind, OutboxMailKind> = {
  confirmed: 'registration-confirmed',
  pending: 'registration-pending',
  waitlisted: 'registration-waitlisted',
  offer: 'registration-offer',
  update: 'registration-update',
  'event-cancelled': EVENT_CANCELLED_MAIL,
  'event-restored': 'registration-event-restored',
  cancelled: 'registration-cancelled',
  reminder: 'registration-reminder',
  message: 'registration-message',
  ticket: 'registration-ticket',
  link: 'registration-link',
}

export type MailContext = { publicUrl: string; timeZone: string }

export type RegistrationMailInput = {
  kind: RegistrationMailKind
  event: Event
  registration: Registration
  manageUrl: string
  /** A waiting registration's place in line. */
  place?: number
  /** An officer's message: its subject and text (kind 'message'). */
  message?: { subject: string; text: string }
  /** A confirmed registration's ticket (`PUBLIC_URL/t/<code>`): its link and inline QR code go in the mail. */
  ticketUrl?: string
  /** Where and how to pay (registration.paymentInstructions), for the mail of a registration that pays. */
  paymentInstructions?: string
  /** The event's date, times and place before an officer changed them (kind 'update'): the mail says old → new. */
  previous?: Pick<Event, 'eventDate' | 'startTime' | 'endTime' | 'location'>
  /** A cancellation's registration held a seat (confirmed or pending) before: its calendar file is taken back. */
  hadSeat?: boolean
  /** Where an answer goes (an officer's message: the chapter's address). */
  replyTo?: string
  /** The outbox row the mail is about, when not the registration (an event, a message to attendees). */
  subjectId?: string
  notBefore?: Date
}

const compactUtc = (moment: number) =>
  new Date(moment)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/** "Add to Google Calendar" and Outlook links for the event (UTC times: no zone to get wrong). */
export function calendarLinks(
  event: Event,
  context: MailContext,
): { google: string; outlook: string; eventUrl: string } {
  const { start, end } = eventTimes(event, context.timeZone)
  const eventUrl = `${context.publicUrl}/events/${event.id}`
  const details = `${eventUrl}`
  const google = new URL('https://calendar.google.com/calendar/render')
  google.search = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${compactUtc(start)}/${compactUtc(end)}`,
    details,
    location: event.location,
  }).toString()
  const outlook = new URL('https://outlook.live.com/calendar/0/deeplink/compose')
  outlook.search = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: new Date(start).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    enddt: new Date(end).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    location: event.location,
    body: details,
  }).toString()
  return { google: google.href, outlook: outlook.href, eventUrl }
}

/** The UID of a registration's calendar entry: the same in every mail, so a later one replaces it. */
export const calendarUid = (registration: Pick<Registration, 'id'>, publicUrl: string) =>
  `registration-${registration.id}@${new URL(publicUrl).hostname}`

/** The attendee's calendar file at the registration's current SEQUENCE. */
export function attendeeCalendar(
  event: Event,
  registration: Registration,
  context: MailContext,
  cancelled = registration.status === 'cancelled',
): string {
  const { start, end } = eventTimes(event, context.timeZone)
  const status = cancelled ? 'CANCELLED' : registration.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE'
  return buildAttendeeCalendar({
    uid: calendarUid(registration, context.publicUrl),
    sequence: registration.icsSequence,
    status,
    title: event.title,
    description: `${markdownToPlainText(event.description)}\n\n${context.publicUrl}/events/${event.id}`,
    location: event.location,
    start: new Date(start),
    end: new Date(end),
    url: `${context.publicUrl}/events/${event.id}`,
    stamp: registration.updatedAt,
  })
}

/** What an officer changed, old → new: the time, the place, or both. */
function changedLines(input: RegistrationMailInput, context: MailContext): string[] {
  const { previous, event } = input
  if (!previous) return []
  const before = eventWhenText(previous, context.timeZone)
  const after = eventWhenText(event, context.timeZone)
  return [
    ...(before === after ? [] : [`When: ${before} → ${after}`]),
    ...(previous.location === event.location ? [] : [`Where: ${previous.location} → ${event.location}`]),
  ]
}

/** What each mail says first, and its subject. */
function opening(input: RegistrationMailInput, context: MailContext): { subject: string; lead: string[] } {
  const { event, registration } = input
  const title = event.title
  const paid = registration.paymentMethod
    ? // Not the transaction ID: a mail to the address given carries nothing else its sender typed (decision 091).
      ` We will confirm your seat once we have checked your payment (${PAYMENT_METHOD_LABELS[registration.paymentMethod]}).`
    : ' The organisers confirm each registration; you will get another mail when they have.'
  switch (input.kind) {
    case 'confirmed':
      return {
        subject: `You're registered: ${title}`,
        lead: [`Your seat at ${title} is confirmed. See you there!`],
      }
    case 'pending':
      return {
        subject: `Registration received: ${title}`,
        lead: [
          `We have your registration for ${title}, and a seat is held for you.${paid}`,
          ...(registration.paymentMethod && input.paymentInstructions
            ? [`How to pay:\n${input.paymentInstructions}`]
            : []),
        ],
      }
    case 'waitlisted':
      return {
        subject: `Waiting list, place ${input.place ?? '?'}: ${title}`,
        lead: [
          `${title} is full, so you are on its waiting list, in place ${input.place ?? '?'}.`,
          'When a seat frees up, the first in line is offered it by mail. Your manage page always shows your current place.',
        ],
      }
    case 'offer': {
      const until = registration.offerExpiresAt
        ? longDateTime(localDateTimeOf(registration.offerExpiresAt.getTime(), context.timeZone))
        : ''
      return {
        subject: `A seat is free for you: ${title}`,
        lead: [
          `A seat at ${title} has come free, and it is yours if you want it.`,
          `Accept it on your manage page before ${until} (${context.timeZone} time); after that it goes to the next in line.`,
        ],
      }
    }
    case 'update':
      return {
        subject: `Changed: ${title}`,
        lead: [
          `The organisers have changed the date, time or place of ${title}.`,
          ...changedLines(input, context),
          'The details below are as it is now; the calendar file attached replaces the one you had.',
        ],
      }
    case 'event-cancelled':
      return {
        subject: `Cancelled: ${title}`,
        lead: [`We are sorry: ${title} has been cancelled, and your registration with it.`],
      }
    case 'event-restored':
      return {
        subject: `Back on: ${title}`,
        lead: [
          `Good news: ${title} is back on after all, and your registration with it, as it was before. The calendar file attached puts the event back in your calendar.`,
        ],
      }
    case 'cancelled':
      return {
        subject: `Registration cancelled: ${title}`,
        lead: [
          registration.cancelReason === 'officer'
            ? `The organisers have cancelled your registration for ${title}.`
            : registration.cancelReason === 'offer-expired'
              ? `The seat we offered you at ${title} was not taken in time, so it has gone to the next in line and your registration has ended. If seats are left, you can register again on the event page.`
              : `Your registration for ${title} is cancelled.`,
        ],
      }
    case 'reminder':
      return {
        subject: `Reminder: ${title} is tomorrow`,
        lead: [`A reminder: ${title} starts in about 24 hours, and your seat is waiting.`],
      }
    case 'ticket':
      return {
        subject: `Your new ticket: ${title}`,
        lead: [`Here is your new ticket for ${title}. The one you had before no longer works at the door.`],
      }
    case 'link':
      return {
        subject: `Your registration link: ${title}`,
        lead: [
          `Someone, we hope you, asked on the event page for the link to your registration for ${title}. Here it is: it shows where your registration stands${registration.status === 'confirmed' ? ' and your ticket' : ''}. If it was not you, there is nothing to do.`,
        ],
      }
    case 'message':
      return {
        subject: input.message?.subject ?? title,
        lead: [input.message?.text ?? '', `(A message from the organisers of ${title}.)`],
      }
  }
}

/** A seat given (confirmed, or pending an officer's check): what a calendar file is sent for. */
export const isSeated = (status: Registration['status']) => status === 'confirmed' || status === 'pending'

/** One attendee's mail, ready for the outbox. */
export function registrationMail(input: RegistrationMailInput, context: MailContext): OutboxMailFields {
  const { event, registration } = input
  const { subject, lead } = opening(input, context)
  const links = calendarLinks(event, context)
  const off = input.kind === 'event-cancelled' || input.kind === 'cancelled'
  const details = [
    event.title,
    `When: ${eventWhenText(event, context.timeZone)}`,
    `Where: ${event.location}`,
    `Event page: ${links.eventUrl}`,
  ]
  const calendarLines = off
    ? []
    : [`Add to Google Calendar: ${links.google}`, `Add to Outlook: ${links.outlook}`]
  const manage = off
    ? `Your registration: ${input.manageUrl}`
    : `See your status, download the calendar file or cancel: ${input.manageUrl}`
  // An offer's main button leads to a page whose one button takes the seat (nothing changes on opening it).
  const takeSeatUrl = input.kind === 'offer' ? `${input.manageUrl}/accept` : undefined
  const takeSeatLines = takeSeatUrl ? [`Take the seat: ${takeSeatUrl}`] : []
  const ticketLines = input.ticketUrl
    ? [`Your ticket (show its QR code at the door): ${input.ticketUrl}`]
    : []
  const text = [
    `Hello ${registration.name},`,
    ...lead,
    details.join('\n'),
    ...takeSeatLines,
    ...ticketLines,
    ...calendarLines,
    manage,
  ].join('\n\n')
  const link = linkHtml
  const html = framedHtml([
    paragraphHtml(`Hello ${registration.name},`),
    ...lead.map(paragraphHtml),
    `<p><strong>${escapeHtml(event.title)}</strong><br>When: ${escapeHtml(eventWhenText(event, context.timeZone))}<br>Where: ${escapeHtml(event.location)}<br>${link(links.eventUrl, 'Event page')}</p>`,
    input.ticketUrl
      ? `<p><strong>Your ticket</strong>: show this code at the door.<br><img src="cid:${TICKET_QR_CID}" width="${TICKET_QR_WIDTH}" height="${TICKET_QR_WIDTH}" alt="QR code of your ticket"><br>${link(input.ticketUrl, 'Open your ticket')}</p>`
      : '',
    off
      ? ''
      : `<p>${link(links.google, 'Add to Google Calendar')} · ${link(links.outlook, 'Add to Outlook')}</p>`,
    buttonHtml(
      takeSeatUrl ?? input.manageUrl,
      takeSeatUrl ? 'Take the seat' : off ? 'Your registration' : 'Manage your registration',
    ),
    takeSeatUrl ? `<p>${link(input.manageUrl, 'Manage your registration')}</p>` : '',
  ])
  // A calendar file only for a seat (confirmed or pending), or to take back the one a lost seat came with.
  const withCalendar =
    input.kind !== 'message' &&
    input.kind !== 'ticket' &&
    input.kind !== 'link' &&
    (isSeated(registration.status) || (input.kind === 'cancelled' && input.hadSeat === true))
  const attachments: MailAttachment[] = withCalendar
    ? [
        {
          filename: 'event.ics',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: attendeeCalendar(event, registration, context, off),
        },
      ]
    : []
  if (input.ticketUrl)
    attachments.push({
      filename: 'ticket.png',
      contentType: 'image/png',
      content: '',
      qrCodeOf: input.ticketUrl,
      cid: TICKET_QR_CID,
    })
  return {
    kind: REGISTRATION_MAIL_KINDS[input.kind],
    subjectId: input.subjectId ?? registration.id,
    to: registration.email,
    subject,
    text,
    html,
    attachments,
    ...(input.notBefore ? { notBefore: input.notBefore } : {}),
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
  }
}

/**
 * What a registration's mail queued without its text is made from when it is sent (docs/decisions/087-registration-burst-costs.md):
 * its kind, the place in line, and the registration's status and calendar SEQUENCE as they were when it
 * was queued. The event and the attendee's name are read when it is sent.
 */
export type RegistrationMailRecipe = {
  kind: 'confirmed' | 'pending' | 'waitlisted'
  place?: number
  status: Registration['status']
  icsSequence: number
}

/** The outbox row of a registration's first mail, to be made when sent (registrationMail then). */
export function registrationMailToMake(
  input: Omit<RegistrationMailInput, 'manageUrl' | 'kind'> & { kind: RegistrationMailRecipe['kind'] },
  context: MailContext,
): OutboxMailFields {
  const recipe: RegistrationMailRecipe = {
    kind: input.kind,
    place: input.place,
    status: input.registration.status,
    icsSequence: input.registration.icsSequence,
  }
  return {
    kind: REGISTRATION_MAIL_KINDS[input.kind],
    subjectId: input.registration.id,
    to: input.registration.email,
    subject: opening({ ...input, manageUrl: '' }, context).subject,
    text: '',
    recipe: JSON.stringify(recipe),
  }
}

export const recipeOf = (json: string) => JSON.parse(json) as RegistrationMailRecipe
