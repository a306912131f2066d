import express, { type Router } from 'express'
import {
  notificationSettingsView,
  readNotificationSettings,
  writeNotificationSettings,
} from '#db/queries/notifications.server'
import { notificationSettingsSchema } from '#db/validation'
import type { AppContext } from '../context.server'
import type { OutboxHandle } from '../mail/outbox.server'
import { adminOnly, principalOf } from '../policy/require.server'
import { recordChange } from '../services/activity.server'
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
    recordChange(
      db,
      principalOf(req),
      (tx) => writeNotificationSettings(tx, settings),
      () => ({
        action: 'settings',
        item: { type: 'settings', title: 'Notification settings' },
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
