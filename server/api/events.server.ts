import express, { type Router } from 'express'
import { toEventDto } from '#db/dto'
import { changedFields } from '#db/queries/activity.server'
import {
  createEvent,
  deleteEvent,
  findEventById,
  listEventsPage,
  updateEvent,
} from '#db/queries/events.server'
import type { ListPage } from '#db/queries/list.server'
import type { Event } from '#db/schema'
import { eventInputSchema, eventSortFields, listQuerySchema } from '#db/validation'
import { keptUntilDataChanges } from '../answer-cache.server'
import type { AppContext } from '../context.server'
import { principalOf, requirePermission, signedIn } from '../policy/require.server'
import { chapterScopeOf } from '../policy/rules.server'
import { itemOf, recordChange } from '../services/activity.server'
import { moveToTrash, trashed } from '../services/trash.server'
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
    const ownerId = chapterScopeOf(principalOf(req))
    res.json(eventList(listEventsPage(db, { ...readQuery(req, eventListQuery), ownerId })))
  })

  router.get('/:id', (req, res) => {
    res.json({ success: true, event: toEventDto(loadEvent(req)) })
  })

  router.post('/', signedIn, (req, res) => {
    const principal = principalOf(req)
    const input = readJson(req, eventInputSchema)
    const event = recordChange(
      db,
      principal,
      (tx) => createEvent(tx, principal.chapterId, input),
      (created) => ({ action: 'create', item: itemOf.event(created) }),
    )
    res.status(201).json({ success: true, message: 'Event added', event: toEventDto(event) })
  })

  router.put('/:id', signedIn, (req, res) => {
    const event = loadEvent(req)
    const principal = requirePermission(req, 'update:event', event)
    const input = readJson(req, eventInputSchema)
    const updated = found(
      recordChange(
        db,
        principal,
        (tx) => updateEvent(tx, event.id, input),
        (after) =>
          after && { action: 'update', item: itemOf.event(after), details: changedFields(event, after) },
      ),
      'Event',
    )
    res.json({ success: true, message: 'Event updated', event: toEventDto(updated) })
  })

  router.delete('/:id', signedIn, (req, res) => {
    const event = loadEvent(req)
    const principal = requirePermission(req, 'delete:event', event)
    const { trashItem } = moveToTrash(db, principal, itemOf.event(event), (tx) => deleteEvent(tx, event.id))
    res.json({ success: true, message: 'Event deleted', event: toEventDto(event), ...trashed(trashItem) })
  })

  return router
}
