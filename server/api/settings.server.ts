import express, { type Router } from 'express'
import { withActivity } from '../../db/queries/activity.server'
import {
  notificationSettingsView,
  readNotificationSettings,
  writeNotificationSettings,
} from '../../db/queries/notifications.server'
import { notificationSettingsSchema } from '../../db/validation'
import { actorOf } from '../auth/actor.server'
import { adminOnly, callerOf } from '../auth/policy.server'
import type { AppContext } from '../context.server'
import type { OutboxHandle } from '../mail/outbox.server'
import { readJson } from './input.server'

/** The administrator's settings of the whole site: for now, who is told of new contact messages. */
export function createSettingsRouter(ctx: AppContext, outbox: OutboxHandle): Router {
  const { db } = ctx
  const router = express.Router()

  router.get('/notifications', adminOnly, (_req, res) => {
    res.json({ success: true, ...notificationSettingsView(db, outbox.configured) })
  })

  router.put('/notifications', adminOnly, (req, res) => {
    const settings = readJson(req, notificationSettingsSchema)
    const before = readNotificationSettings(db)
    withActivity(
      db,
      (tx) => writeNotificationSettings(tx, settings),
      () => ({
        actor: actorOf(callerOf(res)),
        action: 'settings',
        type: 'settings',
        itemTitle: 'Notification settings',
        details: {
          extraRecipients: [before.extraRecipients.join(', '), settings.extraRecipients.join(', ')],
        },
      }),
    )
    res.json({
      success: true,
      message: 'Notification settings saved',
      ...notificationSettingsView(db, outbox.configured),
    })
  })

  return router
}
