import express, { type Router } from 'express'
import { toEventDto } from '../../db/dto'
import { changedFields, withActivity } from '../../db/queries/activity.server'
import {
  createEvent,
  deleteEvent,
  findEventById,
  listEventsPage,
  updateEvent,
} from '../../db/queries/events.server'
import { keptUntilDataChanges, type ListPage } from '../../db/queries/list.server'
import { deleteToTrash } from '../../db/queries/trash.server'
import type { Event } from '../../db/schema'
import { eventInputSchema, eventListQuerySchema as eventListQuery } from '../../db/validation'
import { actorOf } from '../auth/actor.server'
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
import { trashed } from './trash.server'

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
    const input = readJson(req, eventInputSchema)
    const event = withActivity(
      db,
      (tx) => createEvent(tx, chapterIdOf(caller), input),
      (created) => ({
        actor: actorOf(caller),
        action: 'create',
        type: 'event',
        itemId: created.id,
        itemTitle: created.title,
        chapterId: created.ownerId,
      }),
    )
    res.status(201).json({ success: true, message: 'Event added', event: toEventDto(event) })
  })

  router.put('/:id', signedIn, (req, res) => {
    const event = loadEvent(req)
    const caller = callerOf(res)
    ensureAllowed(canChangeEvent(caller, event), 'You can only change your own events.')
    const input = readJson(req, eventInputSchema)
    const updated = found(
      withActivity(
        db,
        (tx) => updateEvent(tx, event.id, input),
        (after) =>
          after && {
            actor: actorOf(caller),
            action: 'update',
            type: 'event',
            itemId: after.id,
            itemTitle: after.title,
            chapterId: after.ownerId,
            details: changedFields(event, after),
          },
      ),
      'Event',
    )
    res.json({ success: true, message: 'Event updated', event: toEventDto(updated) })
  })

  router.delete('/:id', signedIn, (req, res) => {
    const event = loadEvent(req)
    const caller = callerOf(res)
    ensureAllowed(canChangeEvent(caller, event), 'You can only delete your own events.')
    const { trashItem } = deleteToTrash(
      db,
      {
        type: 'event',
        itemId: event.id,
        title: event.title,
        chapterId: event.ownerId,
        actor: actorOf(caller),
      },
      (tx) => deleteEvent(tx, event.id),
    )
    res.json({ success: true, message: 'Event deleted', event: toEventDto(event), ...trashed(trashItem) })
  })

  return router
}
