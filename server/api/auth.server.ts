import express, { type Router } from 'express'
import { plural } from '../../components/text/words'
import { type SessionDto, toUserInfo } from '../../db/dto'
import { findChapterById } from '../../db/queries/accounts.server'
import { logActivity, withActivity } from '../../db/queries/activity.server'
import {
  createPasswordReset,
  findPasswordResetByTokenHash,
  resetIsUsable,
} from '../../db/queries/password-resets.server'
import { findPersonByEmail, findPersonById, renamePerson, setPassword } from '../../db/queries/people.server'
import {
  deleteSessionOfPerson,
  deleteSessionsOfPerson,
  listSessionsOfPerson,
} from '../../db/queries/sessions.server'
import {
  accountNameSchema,
  forgotPasswordSchema,
  loginInputSchema,
  passwordChangeSchema,
  resetPasswordSchema,
} from '../../db/validation'
import { actorOf, personActor } from '../auth/actor.server'
import { createDeviceCookies } from '../auth/device-cookies.server'
import { createLoginThrottle } from '../auth/login-throttle.server'
import { hashToken, newOneTimeToken, tokenMatches } from '../auth/one-time-tokens.server'
import { generatePassword, hashPassword, verifyPassword } from '../auth/password.server'
import { callerOf, signedIn } from '../auth/policy.server'
import { type Sessions, sessionLimits } from '../auth/sessions.server'
import { describeUserAgent } from '../auth/user-agent.server'
import type { AppContext, Clock } from '../context.server'
import type { Mailer } from '../mail/mailer.server'
import { deliver, passwordResetMail } from '../mail/messages.server'
import { ApiError } from './errors.server'
import { found, INVALID_INPUT, readId, readJson } from './input.server'
import { refuseCommonPassword } from './users.server'

export const RESET_INVALID = 'This password reset link is not valid.'
export const RESET_GONE = 'This password reset link has expired or was already used.'

export const resetUrl = (publicUrl: string, token: string) =>
  new URL(`/reset-password/${token}`, publicUrl).href

/** Runs `work` once the answer has been handed to the network (or the client went away), never before. */
function afterAnswer(res: express.Response, work: () => void): void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    work()
  }
  if (res.writableFinished) once()
  else {
    res.once('finish', once)
    res.once('close', once)
  }
}

/** The one answer to a wrong password and to an unknown email alike. */
const INVALID_CREDENTIALS = 'Invalid email or password.'

/** "15 minutes", "1 minute", "4 seconds": how long a throttled client must wait. */
function waitText(seconds: number): string {
  return seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute')
}

export function createAuthRouter(
  ctx: AppContext,
  sessions: Sessions,
  mailer: Mailer | null,
  clock: Clock,
): Router {
  const router = express.Router()
  const throttle = createLoginThrottle(ctx.db, ctx.env.RATE_LIMIT_SCALE, clock)
  const devices = createDeviceCookies(ctx.env)
  const { idleMs } = sessionLimits(ctx.env)
  // An unknown email is checked against this hash so that it costs as long as a wrong password.
  const dummyHash = hashPassword(generatePassword())

  router.post('/login', async (req, res) => {
    const input = readJson(req, loginInputSchema)
    // A browser this account signed in from before is counted apart from strangers guessing at it.
    const device = await devices.knownDevice(req, input.email, new Date(clock()))
    const verdict = throttle.begin(input.email, req.ip ?? 'unknown', device)
    if ('retryAfterSeconds' in verdict) {
      res.setHeader('Retry-After', String(verdict.retryAfterSeconds))
      throw new ApiError(
        429,
        `Too many failed sign-ins. Try again in ${waitText(verdict.retryAfterSeconds)}.`,
      )
    }
    const person = findPersonByEmail(ctx.db, input.email)
    const passwordMatches = await verifyPassword(person?.passwordHash ?? (await dummyHash), input.password)
    // A disabled person gets the same answer as a wrong password: nothing tells an outsider who exists.
    if (!person || !passwordMatches || person.disabled) throw new ApiError(401, INVALID_CREDENTIALS)
    throttle.succeeded(verdict.attempt)
    const token = await sessions.start(req, res, person)
    await devices.remember(res, person.email, new Date(clock()))
    logActivity(ctx.db, {
      actor: personActor(person),
      action: 'sign-in',
      type: 'session',
      itemTitle: person.name,
    })
    const chapter = person.chapterId ? (findChapterById(ctx.db, person.chapterId) ?? null) : null
    res.json({ success: true, message: 'Login successful', token, userInfo: toUserInfo(person, chapter) })
  })

  router.post('/logout', signedIn, (_req, res) => {
    const caller = callerOf(res)
    logActivity(ctx.db, {
      actor: actorOf(caller),
      action: 'sign-out',
      type: 'session',
      itemTitle: caller.person.name,
    })
    sessions.end(res, caller)
    res.json({ success: true, message: 'Signed out' })
  })

  router.get('/me', signedIn, (_req, res) => {
    const caller = callerOf(res)
    res.json({ success: true, userInfo: toUserInfo(caller.person, caller.chapter) })
  })

  router.patch('/me', signedIn, (req, res) => {
    const caller = callerOf(res)
    const { name } = readJson(req, accountNameSchema)
    const person = found(renamePerson(ctx.db, caller.person.id, name), 'Person')
    res.json({
      success: true,
      message: 'Name saved',
      userInfo: toUserInfo(person, caller.chapter),
      name: person.name,
    })
  })

  router.post('/password', signedIn, async (req, res) => {
    const caller = callerOf(res)
    const input = readJson(req, passwordChangeSchema)
    if (!(await verifyPassword(caller.person.passwordHash, input.currentPassword))) {
      throw new ApiError(400, INVALID_INPUT, { currentPassword: 'This is not your current password' })
    }
    refuseCommonPassword(input.newPassword, 'newPassword')
    // Every other session of this person ends; this one stays signed in.
    const passwordHash = await hashPassword(input.newPassword)
    withActivity(
      ctx.db,
      (tx) => setPassword(tx, caller.person.id, passwordHash, caller.sessionId),
      () => ({
        actor: actorOf(caller),
        action: 'password-changed',
        type: 'person',
        itemId: caller.person.id,
        itemTitle: caller.person.name,
      }),
    )
    res.json({ success: true, message: 'Password changed. You were signed out everywhere else.' })
  })

  router.post('/forgot', async (req, res) => {
    const { email } = readJson(req, forgotPasswordSchema)
    // Counted like a failed sign-in, per email and per address: the same limit against floods.
    const verdict = throttle.begin(`forgot:${email}`, req.ip ?? 'unknown')
    if ('retryAfterSeconds' in verdict) {
      res.setHeader('Retry-After', String(verdict.retryAfterSeconds))
      throw new ApiError(429, `Too many requests. Try again in ${waitText(verdict.retryAfterSeconds)}.`)
    }
    res.json({
      success: true,
      message: mailer
        ? 'If an account uses this email address, a link to choose a new password is on its way. It works for one hour.'
        : 'This site cannot send email. Ask an administrator for a link to choose a new password.',
      mail: mailer ? 'configured' : 'not-configured',
    })
    if (!mailer) return
    // Only once the answer is out: looking the person up, storing the link and starting the mail would
    // otherwise make a known email's answer slower than an unknown one's. A failure is logged; the person
    // can ask again or ask an administrator for a link.
    afterAnswer(res, () => {
      try {
        const person = findPersonByEmail(ctx.db, email)
        if (!person || person.disabled) return
        const { token, hash } = newOneTimeToken()
        const reset = createPasswordReset(ctx.db, person.id, hash)
        void deliver(
          mailer,
          passwordResetMail({
            to: person.email,
            url: resetUrl(ctx.env.publicUrl, token),
            expiresAt: reset.expiresAt,
          }),
          ctx.logger,
        )
      } catch (error) {
        ctx.logger.error({ err: error }, 'A password reset link could not be made')
      }
    })
  })

  router.post('/reset', async (req, res) => {
    const input = readJson(req, resetPasswordSchema)
    const reset = findPasswordResetByTokenHash(ctx.db, hashToken(input.token))
    if (!reset || !tokenMatches(input.token, reset.tokenHash)) throw new ApiError(404, RESET_INVALID)
    if (!resetIsUsable(reset)) throw new ApiError(410, RESET_GONE)
    refuseCommonPassword(input.password)
    const passwordHash = await hashPassword(input.password)
    // Checked again after the slow hash: a second use racing this one finds the link used.
    const again = findPasswordResetByTokenHash(ctx.db, reset.tokenHash)
    if (!again || !resetIsUsable(again)) throw new ApiError(410, RESET_GONE)
    // Marks this link (and any other unused one) used and ends every session of the person.
    const person = findPersonById(ctx.db, reset.userId)
    withActivity(
      ctx.db,
      (tx) => setPassword(tx, reset.userId, passwordHash),
      () =>
        person && {
          actor: personActor(person),
          action: 'password-reset',
          type: 'person',
          itemId: person.id,
          itemTitle: person.name,
        },
    )
    res.json({ success: true, message: 'Password changed. Sign in with your new password.' })
  })

  router.get('/sessions', signedIn, (_req, res) => {
    const caller = callerOf(res)
    const now = clock()
    const sessionsOfPerson = listSessionsOfPerson(
      ctx.db,
      caller.person.id,
      new Date(now),
      new Date(now - idleMs),
    )
    const list: SessionDto[] = sessionsOfPerson.map((session) => ({
      _id: session.id,
      ...describeUserAgent(session.userAgent),
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: (session.lastSeenAt ?? session.createdAt).toISOString(),
      isCurrent: session.id === caller.sessionId,
    }))
    res.json({ success: true, sessions: list })
  })

  router.delete('/sessions/:id', signedIn, (req, res) => {
    const caller = callerOf(res)
    const id = readId(req)
    if (id === caller.sessionId) {
      sessions.end(res, caller)
    } else if (!deleteSessionOfPerson(ctx.db, caller.person.id, id)) {
      throw new ApiError(404, 'Session not found.')
    }
    res.json({ success: true, message: 'Signed out' })
  })

  router.delete('/sessions', signedIn, (_req, res) => {
    const caller = callerOf(res)
    const ended = deleteSessionsOfPerson(ctx.db, caller.person.id, caller.sessionId)
    res.json({ success: true, message: 'Signed out everywhere else', ended })
  })

  return router
}
