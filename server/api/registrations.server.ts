import express, { type Router } from 'express'
import { toCsv } from '#components/shared/csv'
import { toAttendeeDto, toRegistrationDto } from '#db/dto'
import { conflictScans } from '#db/queries/check-ins.server'
import { findEventById } from '#db/queries/events.server'
import {
  countRegistrationsByStatus,
  exportRegistrations,
  findRegistration,
  findRegistrationSettings,
  listRegistrationsPage,
  settingsInputOf,
  sharedTransactionIds,
} from '#db/queries/registrations.server'
import { LINK_REQUEST_ANSWER } from '#db/registration-fields'
import type { Event } from '#db/schema'
import {
  attendeeMessageSchema,
  idParamSchema,
  linkTokenSchema,
  PAYMENT_METHOD_LABELS,
  registrationBulkSchema,
  registrationLinkRequestSchema,
  registrationListQuerySchema,
  registrationStatusSchema,
} from '#db/validation'
import type { AppContext } from '../context.server'
import { ApiError } from '../errors.server'
import { principalOf, requirePermission, signedIn } from '../policy/require.server'
import { actorOf } from '../services/activity.server'
import type { RegistrationView } from '../services/links.server'
import type { RegistrationService } from '../services/registrations.server'
import { attendeesFileName } from '../services/reports.server'
import { found, readId, readJson, readJsonObject, readParam, readQuery } from './input.server'
import { registrationLinkLimit } from './rate-limits.server'

/** The most rows one CSV export of attendees holds. */
export const ATTENDEES_EXPORT_MAX = 50_000

const registrationsWord = (count: number) => (count === 1 ? '1 registration' : `${count} registrations`)

/**
 * The manage link's endpoints (docs/product.md#registration): anyone holding the link sees the
 * registration, cancels it, or accepts the seat offered to it.
 */
export function createRegistrationsRouter(_ctx: AppContext, registrations: RegistrationService): Router {
  const router = express.Router()
  const token = (req: express.Request) => readParam(req, 'token', linkTokenSchema)
  const dto = (view: RegistrationView) =>
    toRegistrationDto(view.registration, {
      ...view,
      manageUrl: registrations.manageUrlOf(view.registration.id),
    })

  router.get('/:token', (req, res) => {
    res.json({ success: true, registration: dto(registrations.view(token(req))) })
  })

  router.delete('/:token', (req, res) => {
    const view = registrations.cancelByAttendee(token(req))
    res.json({
      success: true,
      message: 'Registration cancelled',
      registration: dto(view),
    })
  })

  router.post('/:token/accept', (req, res) => {
    const view = registrations.acceptOffer(token(req))
    res.json({
      success: true,
      message: view.registration.status === 'confirmed' ? 'Your seat is confirmed' : 'Your seat is held',
      registration: dto(view),
    })
  })

  return router
}

/**
 * An event's registrations: anyone registers (rate-limited per address); its chapter's officers and the
 * administrators list, export, confirm and cancel them and write to the attendees.
 */
export function createEventRegistrationsRouter(
  ctx: AppContext,
  registrations: RegistrationService,
  registrationLimit: express.RequestHandler[],
): Router {
  const router = express.Router()
  const { db, clock } = ctx
  const loadEvent = (req: express.Request) => found(findEventById(db, readId(req)), 'Event')
  /** The event, once the caller may see its attendees. */
  const eventOfCaller = (req: express.Request): Event => {
    const event = loadEvent(req)
    requirePermission(req, 'see:registrations', event)
    return event
  }

  router.post('/:id/registrations', ...registrationLimit, async (req, res) => {
    const eventId = readId(req)
    // Checked by the service against the event's own questions (registrationInputSchemaFor); answered once
    // committed with the registrations that arrived with it.
    const { registration, position, manageUrl } = await registrations.registerSoon(
      eventId,
      readJsonObject(req),
    )
    const mailed = registrations.mailConfigured()
    const messages = {
      confirmed: 'You are registered',
      pending: 'Registration received: waiting for confirmation',
      waitlisted: `The event is full: you are on the waiting list, place ${position}`,
    } as const
    const status = registration.status as keyof typeof messages
    res.status(201).json({
      success: true,
      message: messages[status],
      registration: {
        status,
        ...(position === null ? {} : { position }),
        manageUrl,
        ...(mailed ? { mailedTo: registration.email } : {}),
      },
      // The seats left once this registration is counted, for the page that sent it.
      availability: registrations.availabilityOf(eventId),
    })
  })

  // "Send me my link": the same answer whether or not the address is registered for the event.
  router.post('/:id/registrations/link', registrationLinkLimit(ctx), (req, res) => {
    const event = loadEvent(req)
    const { email } = readJson(req, registrationLinkRequestSchema)
    registrations.sendManageLink(event.id, email)
    res.status(202).json({ success: true, message: LINK_REQUEST_ANSWER })
  })

  router.get('/:id/registrations', signedIn, (req, res) => {
    const event = eventOfCaller(req)
    const query = readQuery(req, registrationListQuerySchema)
    const { rows, total } = listRegistrationsPage(db, event.id, query)
    const settings = settingsInputOf(findRegistrationSettings(db, event.id))
    res.json({
      success: true,
      registrations: rows.map(toAttendeeDto),
      total,
      counts: countRegistrationsByStatus(db, event.id),
      capacity: settings.capacity,
      questions: settings.questions,
      // Tickets let in at two doors while the phones were offline: officers sort them out.
      conflicts: conflictScans(db, event.id).map((scan) => ({
        registrationId: scan.registrationId,
        name: scan.name,
        by: scan.principalName,
        scannedAt: scan.scannedAt.toISOString(),
      })),
      // One mobile-money payment claimed by two registrations or more: officers check it.
      sharedTransactionIds: sharedTransactionIds(db, event.id),
    })
  })

  /** A moment in a CSV file: the site's local time, 'YYYY-MM-DD HH:mm' (TIME_ZONE). */
  const csvTime = (moment: Date) => clock.dateTimeOf(moment.getTime()).replace('T', ' ')

  router.get('/:id/registrations/export', signedIn, (req, res) => {
    const event = eventOfCaller(req)
    const { status, q, sort, checkedIn } = readQuery(req, registrationListQuerySchema)
    const { questions } = settingsInputOf(findRegistrationSettings(db, event.id))
    const shared = new Set(
      sharedTransactionIds(db, event.id).flatMap((entry) => entry.registrations.map((row) => row.id)),
    )
    const rows = exportRegistrations(db, event.id, { status, q, sort, checkedIn }, ATTENDEES_EXPORT_MAX).map(
      (row) => {
        const answers = JSON.parse(row.answers) as Record<string, string | boolean>
        return [
          row.name,
          row.email,
          row.phone,
          row.status,
          row.place ?? '',
          csvTime(row.createdAt),
          row.paymentMethod ? PAYMENT_METHOD_LABELS[row.paymentMethod] : '',
          row.transactionId ?? '',
          shared.has(row.id) ? 'Yes' : '',
          row.checkedInAt ? csvTime(row.checkedInAt) : '',
          row.checkedInBy ?? '',
          ...questions.map((question) => {
            const answer = answers[question.id]
            return typeof answer === 'boolean' ? (answer ? 'Yes' : 'No') : (answer ?? '')
          }),
        ]
      },
    )
    const header = [
      'Name',
      'Email',
      'Phone',
      'Status',
      'Place in line',
      'Registered',
      'Payment method',
      'Transaction ID',
      'Transaction ID shared',
      'Checked in',
      'Checked in by',
      ...questions.map((question) => question.label),
    ]
    res
      .type('text/csv; charset=utf-8')
      .attachment(attendeesFileName(event))
      .send(`\uFEFF${toCsv(header, rows)}`)
  })

  router.post('/:id/registrations/bulk', signedIn, (req, res) => {
    const event = eventOfCaller(req)
    const { ids, status } = readJson(req, registrationBulkSchema)
    const count = registrations.setStatusByOfficer(
      event,
      [...new Set(ids)],
      status,
      actorOf(principalOf(req)),
    )
    const verb = status === 'confirmed' ? 'Confirmed' : 'Cancelled'
    res.json({ success: true, message: `${verb} ${registrationsWord(count)}`, count })
  })

  router.patch('/:id/registrations/:registrationId', signedIn, (req, res) => {
    const event = eventOfCaller(req)
    const registrationId = readParam(req, 'registrationId', idParamSchema)
    const before = found(findRegistration(db, event.id, registrationId), 'Registration')
    const { status, name } = readJson(req, registrationStatusSchema)
    if (before.status === 'cancelled' && status === 'confirmed')
      throw new ApiError(
        409,
        'A cancelled registration cannot be confirmed: the attendee may register again.',
      )
    const actor = actorOf(principalOf(req))
    // A confirmed registration's new name is on a new ticket, mailed to them.
    if (name !== undefined) registrations.reissueTicket(event, before.id, actor, name)
    if (status !== undefined) registrations.setStatusByOfficer(event, [before.id], status, actor)
    const after = found(findRegistration(db, event.id, registrationId), 'Registration')
    const renamed = after.name !== before.name
    const message =
      status === undefined || after.status === before.status
        ? renamed
          ? after.status === 'confirmed'
            ? 'Name changed: a new ticket is on its way'
            : 'Name changed'
          : `Already ${before.status}`
        : status === 'confirmed'
          ? 'Registration confirmed'
          : 'Registration cancelled'
    res.json({ success: true, message, registration: toAttendeeDto({ ...after, place: null }) })
  })

  router.post('/:id/registrations/:registrationId/ticket', signedIn, (req, res) => {
    const event = eventOfCaller(req)
    const registrationId = readParam(req, 'registrationId', idParamSchema)
    const after = registrations.reissueTicket(event, registrationId, actorOf(principalOf(req)))
    res.json({
      success: true,
      message: 'A new ticket is on its way; the old one no longer works',
      registration: toAttendeeDto({ ...after, place: null }),
    })
  })

  router.post('/:id/messages', signedIn, (req, res) => {
    const event = eventOfCaller(req)
    const input = readJson(req, attendeeMessageSchema)
    const { messageId, queued } = registrations.messageAttendees(event, input, actorOf(principalOf(req)))
    res.status(202).json({
      success: true,
      message:
        queued === 0
          ? 'No one to write to'
          : `Sending to ${queued === 1 ? '1 attendee' : `${queued} attendees`}`,
      queued,
      messageId,
    })
  })

  router.get('/:id/messages/:messageId', signedIn, (req, res) => {
    const event = eventOfCaller(req)
    const messageId = readParam(req, 'messageId', idParamSchema)
    res.json({ success: true, progress: registrations.messageProgress(event, messageId) })
  })

  return router
}
