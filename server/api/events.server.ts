import express, { type Router } from 'express'
import type { Queryable } from '#db/client.server'
import { toHostedEventDto } from '#db/dto'
import { chapterNamesById, findChapterById, findChapterBySlug } from '#db/queries/accounts.server'
import { changedFields } from '#db/queries/activity.server'
import {
  createEvent,
  deleteEvent,
  findEventById,
  listEventsPage,
  updateEvent,
} from '#db/queries/events.server'
import type { ListPage } from '#db/queries/list.server'
import {
  countRegistrationsByStatus,
  findRegistrationSettings,
  registrationCountsOf,
  seatsLeftOf,
  settingsInputOf,
} from '#db/queries/registrations.server'
import type { Event } from '#db/schema'
import {
  EVENT_LINK_REQUIRED,
  type EventInputData,
  eventInputSchema,
  eventListQuerySchema as eventListQuery,
  type RegistrationSettingsInput,
  registrationOff,
} from '#db/validation'
import { keptUntilDataChanges } from '../answer-cache.server'
import type { AppContext } from '../context.server'
import { ApiError, INVALID_INPUT } from '../errors.server'
import { principalOf, requirePermission, signedIn } from '../policy/require.server'
import { chapterScopeOf } from '../policy/rules.server'
import { itemOf, recordChange } from '../services/activity.server'
import type { RegistrationService } from '../services/registrations.server'
import { moveToTrash, trashed } from '../services/trash.server'
import { found, readId, readJson, readQuery } from './input.server'

/** A page of events, each with the chapter that hosts it (one query for the page's chapters). */
function eventList(db: Queryable, { rows, total }: ListPage<Event>) {
  const chapters = chapterNamesById(
    db,
    rows.map((event) => event.ownerId),
  )
  return {
    success: true,
    events: rows.map((event) => toHostedEventDto(event, event.ownerId ? chapters.get(event.ownerId) : null)),
    total,
  }
}

/** One event as the API answers it, with its chapter. */
const hostedEvent = (db: Queryable, event: Event) =>
  toHostedEventDto(event, event.ownerId ? findChapterById(db, event.ownerId) : null)

/**
 * Where the input puts the event: `chapterSlug` named (null: the branch), or the `fallback` owner when it
 * is left out. An unknown slug is a field error.
 */
function ownerFrom(
  db: Queryable,
  chapterSlug: EventInputData['chapterSlug'],
  fallback: string | null,
): string | null {
  if (chapterSlug === undefined) return fallback
  if (chapterSlug === null) return null
  const chapter = findChapterBySlug(db, chapterSlug)
  if (!chapter) throw new ApiError(400, INVALID_INPUT, { chapterSlug: 'No chapter has this slug' })
  return chapter.id
}

/** Chapter names in the log, not ids: the branch itself is "Branch". */
function ownerChange(db: Queryable, before: string | null, after: string | null) {
  if (before === after) return {}
  const name = (id: string | null) => (id ? (findChapterById(db, id)?.name ?? id) : 'Branch')
  return { chapter: [name(before), name(after)] }
}

/** An event's own fields: the body without its registration settings. */
const eventFieldsOf = ({ registration: _registration, ...fields }: EventInputData) => fields

/** Registration settings in a few words, for the activity log. */
const registrationSummary = (settings: RegistrationSettingsInput) =>
  settings.enabled
    ? [
        `on, ${settings.capacity ?? 'unlimited'} seats`,
        settings.waitlist ? 'waiting list' : 'no waiting list',
        settings.approval ? 'approval' : '',
        `${settings.questions.length} questions`,
      ]
        .filter(Boolean)
        .join(', ')
    : 'off'

/** The event with its registration settings and seats left (never anything about the attendees). */
function withRegistration(db: Queryable, event: Event) {
  const registration = settingsInputOf(findRegistrationSettings(db, event.id))
  const seatsLeft = registration.enabled
    ? seatsLeftOf(registration.capacity, countRegistrationsByStatus(db, event.id))
    : null
  return { ...hostedEvent(db, event), registration, seatsLeft }
}

/** An event without registration on this site needs its outside link (the schema checks a body that has settings). */
function needsLinkUnlessRegistering(input: { eventLink: string }, settings: RegistrationSettingsInput) {
  if (input.eventLink === '' && !settings.enabled)
    throw new ApiError(400, INVALID_INPUT, { eventLink: EVENT_LINK_REQUIRED })
}

export function createEventsRouter({ db }: AppContext, registrations: RegistrationService): Router {
  const router = express.Router()
  const loadEvent = (req: express.Request) => found(findEventById(db, readId(req)), 'Event')

  // The same for every caller: made once per set of parameters until the data changes.
  router.get('/', (req, res) => {
    const query = readQuery(req, eventListQuery)
    const body = keptUntilDataChanges(db, `GET /api/events ${JSON.stringify(query)}`, () =>
      JSON.stringify(eventList(db, listEventsPage(db, query))),
    )
    res.type('json').send(body)
  })

  router.get('/myevents', signedIn, (req, res) => {
    const ownerId = chapterScopeOf(principalOf(req))
    const list = eventList(db, listEventsPage(db, { ...readQuery(req, eventListQuery), ownerId }))
    // The console's list: each event's registration counts (none for the public list).
    const counts = registrationCountsOf(
      db,
      list.events.map((event) => event._id),
    )
    res.json({
      ...list,
      events: list.events.map((event) => ({ ...event, registrations: counts.get(event._id) ?? null })),
    })
  })

  router.get('/:id', (req, res) => {
    res.json({ success: true, event: withRegistration(db, loadEvent(req)) })
  })

  router.post('/', signedIn, (req, res) => {
    const principal = principalOf(req)
    const { chapterSlug, ...input } = readJson(req, eventInputSchema)
    needsLinkUnlessRegistering(input, input.registration ?? registrationOff)
    const ownerId = ownerFrom(db, chapterSlug, principal.chapterId)
    requirePermission(req, 'add-event-at', ownerId)
    let queued = 0
    const event = recordChange(
      db,
      principal,
      (tx) => {
        const created = createEvent(tx, ownerId, eventFieldsOf(input))
        if (input.registration) queued = registrations.saveSettingsIn(tx, created, input.registration)
        return created
      },
      (created) => ({
        action: 'create',
        item: itemOf.event(created),
        // Its image, so the log can show the upload it used with it.
        details: { banner: created.banner },
      }),
    )
    registrations.committed(queued)
    res.status(201).json({ success: true, message: 'Event added', event: withRegistration(db, event) })
  })

  router.put('/:id', signedIn, (req, res) => {
    const event = loadEvent(req)
    const principal = requirePermission(req, 'update:event', event)
    const { chapterSlug, ...input } = readJson(req, eventInputSchema)
    const ownerId = ownerFrom(db, chapterSlug, event.ownerId)
    requirePermission(req, 'move-event-to', ownerId)
    const settingsBefore = settingsInputOf(findRegistrationSettings(db, event.id))
    needsLinkUnlessRegistering(input, input.registration ?? settingsBefore)
    let queued = 0
    const updated = found(
      recordChange(
        db,
        principal,
        (tx) => {
          const after = updateEvent(tx, event.id, { ...eventFieldsOf(input), ownerId })
          if (!after) return after
          // Without `registration` the settings stay as they are.
          if (input.registration) queued += registrations.saveSettingsIn(tx, after, input.registration)
          queued += registrations.eventChangedIn(tx, event, after)
          return after
        },
        (after) =>
          after && {
            action: 'update',
            item: itemOf.event(after),
            details: {
              ...changedFields({ ...event, ownerId: null }, { ...after, ownerId: null }),
              ...ownerChange(db, event.ownerId, after.ownerId),
              ...(input.registration && JSON.stringify(input.registration) !== JSON.stringify(settingsBefore)
                ? {
                    registration: [
                      registrationSummary(settingsBefore),
                      registrationSummary(input.registration),
                    ],
                  }
                : {}),
            },
          },
      ),
      'Event',
    )
    registrations.committed(queued)
    res.json({ success: true, message: 'Event updated', event: withRegistration(db, updated) })
  })

  router.delete('/:id', signedIn, (req, res) => {
    const event = loadEvent(req)
    const principal = requirePermission(req, 'delete:event', event)
    // As it was: the answer names what went to the trash.
    const answer = withRegistration(db, event)
    let queued = 0
    const { trashItem } = moveToTrash(db, principal, itemOf.event(event), (tx) => {
      queued = registrations.eventDeletedIn(tx, event)
      return deleteEvent(tx, event.id)
    })
    registrations.committed(queued)
    res.json({
      success: true,
      message: 'Event deleted',
      event: answer,
      ...trashed(trashItem),
    })
  })

  return router
}
