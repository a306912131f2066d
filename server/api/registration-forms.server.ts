import express, { type RequestHandler, type Router } from 'express'
import { LINK_REQUEST_ANSWER, registrationBodyOf } from '#db/registration-fields'
import { idParamSchema, linkTokenSchema, registrationLinkRequestSchema, toFieldErrors } from '#db/validation'
import { attendeeCalendar } from '../mail/registration-mails.server'
import { PRIVATE_CACHE_CONTROL } from '../private-answers.server'
import {
  EVENT_STARTED_MESSAGE,
  RegistrationRefused,
  type RegistrationService,
} from '../services/registrations.server'
import type { RenderForVisitor } from './pages.server'

/** A form's fields as text (what a page shows back); anything else sent is left out. */
function textFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {}
  if (typeof body !== 'object' || body === null) return fields
  for (const [name, value] of Object.entries(body))
    if (typeof value === 'string' && name.length <= 60) fields[name] = value.slice(0, 10_000)
  return fields
}

/** Small forms only: the registration form and the manage page's buttons. */
const readForm = express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 100 })

/**
 * Registration without scripts (docs/product.md#registration): the event page's form posts here and is
 * answered with the visitor's manage page, or the event page again with their values and errors; the
 * manage page's buttons cancel and accept an offer; its calendar file is downloaded here. Each goes
 * through the same rules as the API (RegistrationService).
 */
export function createRegistrationPagesRouter(
  registrations: RegistrationService,
  options: {
    publicUrl: string
    timeZone: string
    /** The event and manage pages, rendered for this visitor; undefined when pages are off. */
    renderForVisitor: RenderForVisitor | undefined
    /** The registration limits, shared with the API so both count together. */
    limits: RequestHandler[]
    /** The "send me my link" limit, shared with the API likewise. */
    linkLimit: RequestHandler
  },
): Router {
  const router = express.Router()
  const { renderForVisitor } = options

  // A manage link is a secret and its page shows a name and an email: no page it links to learns it.
  router.use('/registrations/:token', (_req, res, next) => {
    res.setHeader('Referrer-Policy', 'no-referrer')
    next()
  })

  if (renderForVisitor) {
    router.post('/events/:id/register', readForm, ...options.limits, async (req, res, next) => {
      try {
        // Over the limit: the event page again, the visitor's values kept.
        const limited = res.locals.rateLimited as string | undefined
        if (limited) {
          await renderForVisitor(req, res, {
            urlOriginal: `/events/${req.params.id}`,
            status: 429,
            pageContext: { registrationForm: { values: textFields(req.body), errors: {}, message: limited } },
          })
          return
        }
        const id = idParamSchema.safeParse(req.params.id)
        const form = id.success ? registrations.formOf(id.data) : undefined
        if (!id.success || !form) {
          next()
          return
        }
        const eventId = id.data
        const values = textFields(req.body)
        const body = registrationBodyOf((name) => values[name], form)
        try {
          const { manageUrl } = await registrations.registerSoon(eventId, body)
          res.redirect(303, `${new URL(manageUrl).pathname}?registered=1`)
        } catch (error) {
          if (!(error instanceof RegistrationRefused)) throw error
          await renderForVisitor(req, res, {
            urlOriginal: `/events/${eventId}`,
            status: error.status,
            pageContext: {
              registrationForm: {
                values,
                errors: error.errors ?? {},
                message: error.status === 400 ? undefined : error.message,
              },
            },
          })
        }
      } catch (error) {
        next(error)
      }
    })
  }

  if (renderForVisitor) {
    // "Send me my link" without scripts: the event page again, with the answer (or the address's error) in its box.
    router.post('/events/:id/registration-link', readForm, options.linkLimit, async (req, res, next) => {
      try {
        const id = idParamSchema.safeParse(req.params.id)
        if (!id.success || !registrations.formOf(id.data)) {
          next()
          return
        }
        const email = textFields(req.body).email ?? ''
        const limited = res.locals.rateLimited as string | undefined
        const parsed = registrationLinkRequestSchema.safeParse({ email })
        if (!limited && parsed.success) registrations.sendManageLink(id.data, parsed.data.email)
        await renderForVisitor(req, res, {
          urlOriginal: `/events/${id.data}`,
          status: limited ? 429 : parsed.success ? 200 : 400,
          pageContext: {
            linkRequest: limited
              ? { email, message: limited, error: true }
              : parsed.success
                ? { email, message: LINK_REQUEST_ANSWER, error: false }
                : {
                    email,
                    message: toFieldErrors(parsed.error).email ?? 'Enter a valid email address',
                    error: true,
                  },
          },
        })
      } catch (error) {
        next(error)
      }
    })
  }

  /** The manage page's buttons: the change, then back to the page saying how it went. */
  const action =
    (change: (token: string) => unknown, done: string): RequestHandler =>
    (req, res, next) => {
      const token = linkTokenSchema.safeParse(req.params.token)
      if (!token.success) {
        next()
        return
      }
      let outcome = done
      try {
        change(token.data)
      } catch (error) {
        if (!(error instanceof RegistrationRefused)) throw error
        if (error.status === 404) {
          next()
          return
        }
        outcome =
          error.status === 410 ? 'expired' : error.message === EVENT_STARTED_MESSAGE ? 'started' : 'unchanged'
      }
      res.redirect(303, `/registrations/${token.data}?done=${outcome}`)
    }
  router.post('/registrations/:token/cancel', readForm, action(registrations.cancelByAttendee, 'cancelled'))
  router.post('/registrations/:token/accept', readForm, action(registrations.acceptOffer, 'accepted'))

  // The attendee's own calendar file, as their last mail had it (the same UID and SEQUENCE).
  router.get('/registrations/:token/calendar.ics', (req, res, next) => {
    const token = linkTokenSchema.safeParse(req.params.token)
    const view = token.success ? registrations.find(token.data) : undefined
    if (!view) {
      next()
      return
    }
    res
      .status(200)
      .setHeader('Cache-Control', PRIVATE_CACHE_CONTROL)
      .type('text/calendar; charset=utf-8')
      .attachment('event.ics')
      .send(attendeeCalendar(view.event, view.registration, options))
  })

  return router
}
