import express, { type Router } from 'express'
import { toEventDto } from '../../db/dto'
import {
  createEvent,
  deleteEvent,
  findEventById,
  listEventsPage,
  updateEvent,
} from '../../db/queries/events.server'
import { keptUntilDataChanges, type ListPage } from '../../db/queries/list.server'
import type { Event } from '../../db/schema'
import { eventInputSchema, eventSortFields, listQuerySchema } from '../../db/validation'
import {
  callerOf,
  canChangeEvent,
  chapterIdOf,
  ensureAllowed,
  myEventsOwner,
  signedIn,
} from '../auth/policy.server'
import type { AppContext } from '../context.server'
import { found, readId, readJson, readQuery } from './input.server'

const eventListQuery = listQuerySchema(eventSortFields)
const eventList = ({ rows, total }: ListPage<Event>) => ({
  success: true,
  events: rows.map(toEventDto),
  total,
})

export function createEventsRouter({ db }: AppContext): Router {
  const router = express.Router()
  const loadEvent = (req: express.Request) => found(findEventById(db, readId(req)), 'Event')

  // The same for every caller: made once per set of parameters until the data changes.
  router.get('/', (req, res) => {
    const query = readQuery(req, eventListQuery)
    const body = keptUntilDataChanges(db, `GET /api/events ${JSON.stringify(query)}`, () =>
      JSON.stringify(eventList(listEventsPage(db, query))),
    )
    res.type('json').send(body)
  })

  router.get('/myevents', signedIn, (req, res) => {
    const ownerId = myEventsOwner(callerOf(res))
    res.json(eventList(listEventsPage(db, { ...readQuery(req, eventListQuery), ownerId })))
  })

  router.get('/:id', (req, res) => {
    res.json({ success: true, event: toEventDto(loadEvent(req)) })
  })

  router.post('/', signedIn, (req, res) => {
    const caller = callerOf(res)
    const event = createEvent(db, chapterIdOf(caller), readJson(req, eventInputSchema))
    res.status(201).json({ success: true, message: 'Event added', event: toEventDto(event) })
  })

  router.put('/:id', signedIn, (req, res) => {
    const event = loadEvent(req)
    ensureAllowed(canChangeEvent(callerOf(res), event), 'You can only change your own events.')
    const updated = found(updateEvent(db, event.id, readJson(req, eventInputSchema)), 'Event')
    res.json({ success: true, message: 'Event updated', event: toEventDto(updated) })
  })

  router.delete('/:id', signedIn, (req, res) => {
    const event = loadEvent(req)
    ensureAllowed(canChangeEvent(callerOf(res), event), 'You can only delete your own events.')
    deleteEvent(db, event.id)
    res.json({ success: true, message: 'Event deleted', event: toEventDto(event) })
  })

  return router
}
