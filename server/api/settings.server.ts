import express, { type Router } from 'express'
import { notificationSettingsView, writeNotificationSettings } from '../../db/queries/notifications.server'
import { notificationSettingsSchema } from '../../db/validation'
import { adminOnly } from '../auth/policy.server'
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
    writeNotificationSettings(db, readJson(req, notificationSettingsSchema))
    res.json({
      success: true,
      message: 'Notification settings saved',
      ...notificationSettingsView(db, outbox.configured),
    })
  })

  return router
}
