import express, { type Router } from 'express'
import { readNotificationSettings, writeNotificationSettings } from '../../db/queries/notifications.server'
import { countOutboxMails, recentOutboxMails } from '../../db/queries/outbox.server'
import type { OutboxMail } from '../../db/schema'
import { notificationSettingsSchema } from '../../db/validation'
import { adminOnly } from '../auth/policy.server'
import type { AppContext } from '../context.server'
import type { OutboxHandle } from '../mail/outbox.server'
import { readJson } from './input.server'

/** Mails the settings page lists, newest first. */
const RECENT_MAILS = 20

export type OutboxMailDto = {
  _id: string
  to: string
  subject: string
  attempts: number
  lastError: string | null
  status: OutboxMail['status']
  createdAt: string
  sentAt: string | null
  nextAttemptAt: string | null
}

function toOutboxMailDto(mail: OutboxMail): OutboxMailDto {
  return {
    _id: mail.id,
    to: mail.to,
    subject: mail.subject,
    attempts: mail.attempts,
    lastError: mail.lastError,
    status: mail.status,
    createdAt: mail.createdAt.toISOString(),
    sentAt: mail.sentAt?.toISOString() ?? null,
    // Only a pending mail has a next attempt.
    nextAttemptAt: mail.status === 'pending' ? mail.nextAttemptAt.toISOString() : null,
  }
}

/** The administrator's settings of the whole site: for now, who is told of new contact messages. */
export function createSettingsRouter(ctx: AppContext, outbox: OutboxHandle): Router {
  const { db } = ctx
  const router = express.Router()

  const notificationsAnswer = () => ({
    success: true,
    notifications: readNotificationSettings(db),
    outbox: {
      pending: countOutboxMails(db, 'pending'),
      failed: countOutboxMails(db, 'failed'),
      recent: recentOutboxMails(db, RECENT_MAILS).map(toOutboxMailDto),
    },
    mailConfigured: outbox.configured,
  })

  router.get('/notifications', adminOnly, (_req, res) => {
    res.json(notificationsAnswer())
  })

  router.put('/notifications', adminOnly, (req, res) => {
    writeNotificationSettings(db, readJson(req, notificationSettingsSchema))
    res.json({ ...notificationsAnswer(), message: 'Notification settings saved' })
  })

  return router
}
