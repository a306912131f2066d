import express, { type Router } from 'express'
import { plural } from '#components/shared/words'
import { type SessionDto, toUserInfo } from '#db/dto'
import { findChapterById } from '#db/queries/accounts.server'
import { findPersonByEmail, findPersonById, renamePerson, setPassword } from '#db/queries/people.server'
import {
  deleteSessionOfPerson,
  deleteSessionsOfPerson,
  listSessionsOfPerson,
} from '#db/queries/sessions.server'
import {
  accountNameSchema,
  forgotPasswordSchema,
  loginInputSchema,
  passwordChangeSchema,
  resetPasswordSchema,
} from '#db/validation'
import { createDeviceCookies } from '../auth/device-cookies.server'
import { createLoginThrottle, type LoginAttempt, type ThrottleVerdict } from '../auth/login-throttle.server'
import { generatePassword, hashPassword, verifyPassword } from '../auth/password.server'
import { type Sessions, sessionLimits } from '../auth/sessions.server'
import { describeUserAgent } from '../auth/user-agent.server'
import type { AppContext, Clock } from '../context.server'
import { ApiError, INVALID_INPUT } from '../errors.server'
import type { OutboxHandle } from '../mail/outbox.server'
import { principalOf, sessionOf, signedIn } from '../policy/require.server'
import { actorOfPerson, itemOf, recordActivity, recordChange } from '../services/activity.server'
import { lookUpReset } from '../services/links.server'
import { queueResetMail, refuseCommonPassword } from '../services/passwords.server'
import { found, readId, readJson } from './input.server'

const RESET_INVALID = 'This password reset link is not valid.'
const RESET_GONE = 'This password reset link has expired or was already used.'

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

/** The attempt the sign-in throttle lets through, or a 429 whose Retry-After says how long to wait. */
function admitted(res: express.Response, verdict: ThrottleVerdict, refusal: string): LoginAttempt {
  if ('attempt' in verdict) return verdict.attempt
  res.setHeader('Retry-After', String(verdict.retryAfterSeconds))
  throw new ApiError(429, `${refusal} Try again in ${waitText(verdict.retryAfterSeconds)}.`)
}

export function createAuthRouter(
  ctx: AppContext,
  sessions: Sessions,
  outbox: OutboxHandle,
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
    const attempt = admitted(
      res,
      throttle.begin(input.email, req.ip ?? 'unknown', device),
      'Too many failed sign-ins.',
    )
    const person = findPersonByEmail(ctx.db, input.email)
    const passwordMatches = await verifyPassword(person?.passwordHash ?? (await dummyHash), input.password)
    // A disabled person gets the same answer as a wrong password: nothing tells an outsider who exists.
    if (!person || !passwordMatches || person.disabled) throw new ApiError(401, INVALID_CREDENTIALS)
    throttle.succeeded(attempt)
    const token = await sessions.start(req, res, person)
    await devices.remember(res, person.email, new Date(clock()))
    recordActivity(ctx.db, actorOfPerson(person), {
      action: 'sign-in',
      item: { type: 'session', title: person.name },
    })
    const chapter = person.chapterId ? (findChapterById(ctx.db, person.chapterId) ?? null) : null
    res.json({ success: true, message: 'Login successful', token, userInfo: toUserInfo(person, chapter) })
  })

  router.post('/logout', signedIn, (req, res) => {
    const session = sessionOf(req)
    recordActivity(ctx.db, principalOf(req), {
      action: 'sign-out',
      item: { type: 'session', title: session.person.name },
    })
    sessions.end(res, session)
    res.json({ success: true, message: 'Signed out' })
  })

  router.get('/me', signedIn, (req, res) => {
    const session = sessionOf(req)
    res.json({ success: true, userInfo: toUserInfo(session.person, session.chapter) })
  })

  router.patch('/me', signedIn, (req, res) => {
    const session = sessionOf(req)
    const { name } = readJson(req, accountNameSchema)
    const person = found(renamePerson(ctx.db, session.person.id, name), 'Person')
    res.json({
      success: true,
      message: 'Name saved',
      userInfo: toUserInfo(person, session.chapter),
      name: person.name,
    })
  })

  router.post('/password', signedIn, async (req, res) => {
    const { person, id: sessionId } = sessionOf(req)
    const input = readJson(req, passwordChangeSchema)
    if (!(await verifyPassword(person.passwordHash, input.currentPassword))) {
      throw new ApiError(400, INVALID_INPUT, { currentPassword: 'This is not your current password' })
    }
    refuseCommonPassword(input.newPassword, 'newPassword')
    // Every other session of this person ends; this one stays signed in.
    const passwordHash = await hashPassword(input.newPassword)
    recordChange(
      ctx.db,
      principalOf(req),
      (tx) => setPassword(tx, person.id, passwordHash, sessionId),
      () => ({ action: 'password-changed', item: itemOf.person(person) }),
    )
    res.json({ success: true, message: 'Password changed. You were signed out everywhere else.' })
  })

  router.post('/forgot', async (req, res) => {
    const { email } = readJson(req, forgotPasswordSchema)
    // Counted like a failed sign-in, per email and per address: the same limit against floods.
    admitted(res, throttle.begin(`forgot:${email}`, req.ip ?? 'unknown'), 'Too many requests.')
    res.json({
      success: true,
      message: outbox.configured
        ? 'If an account uses this email address, a link to choose a new password is on its way. It works for one hour.'
        : 'This site cannot send email. Ask an administrator for a link to choose a new password.',
      mail: outbox.configured ? 'configured' : 'not-configured',
    })
    if (!outbox.configured) return
    // Only once the answer is out: looking the person up, storing the link and queueing its mail would
    // otherwise make a known email's answer slower than an unknown one's. A failure is logged; the person
    // can ask again or ask an administrator for a link. The outbox sends the mail and retries it.
    afterAnswer(res, () => {
      try {
        if (queueResetMail(ctx, outbox, email)) outbox.wake()
      } catch (error) {
        ctx.logger.error({ err: error }, 'A password reset link could not be made')
      }
    })
  })

  router.post('/reset', async (req, res) => {
    const input = readJson(req, resetPasswordSchema)
    const link = lookUpReset(ctx.db, input.token)
    if (link.status !== 'usable') {
      throw link.status === 'gone' ? new ApiError(410, RESET_GONE) : new ApiError(404, RESET_INVALID)
    }
    refuseCommonPassword(input.password)
    const passwordHash = await hashPassword(input.password)
    // Checked again after the slow hash: a second use racing this one finds the link used.
    if (lookUpReset(ctx.db, input.token).status !== 'usable') throw new ApiError(410, RESET_GONE)
    // Marks this link (and any other unused one) used and ends every session of the person.
    // The link's row goes with its person (the foreign key cascades): the link still works, so they exist.
    const person = found(findPersonById(ctx.db, link.reset.userId), 'Person')
    recordChange(
      ctx.db,
      actorOfPerson(person),
      (tx) => setPassword(tx, person.id, passwordHash),
      () => ({ action: 'password-reset', item: itemOf.person(person) }),
    )
    res.json({ success: true, message: 'Password changed. Sign in with your new password.' })
  })

  router.get('/sessions', signedIn, (req, res) => {
    const current = sessionOf(req)
    const now = clock()
    const sessionsOfPerson = listSessionsOfPerson(
      ctx.db,
      current.person.id,
      new Date(now),
      new Date(now - idleMs),
    )
    const list: SessionDto[] = sessionsOfPerson.map((session) => ({
      _id: session.id,
      ...describeUserAgent(session.userAgent),
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: (session.lastSeenAt ?? session.createdAt).toISOString(),
      isCurrent: session.id === current.id,
    }))
    res.json({ success: true, sessions: list })
  })

  router.delete('/sessions/:id', signedIn, (req, res) => {
    const current = sessionOf(req)
    const id = readId(req)
    if (id === current.id) {
      sessions.end(res, current)
    } else if (!deleteSessionOfPerson(ctx.db, current.person.id, id)) {
      throw new ApiError(404, 'Session not found.')
    }
    res.json({ success: true, message: 'Signed out' })
  })

  router.delete('/sessions', signedIn, (req, res) => {
    const current = sessionOf(req)
    const ended = deleteSessionsOfPerson(ctx.db, current.person.id, current.id)
    res.json({ success: true, message: 'Signed out everywhere else', ended })
  })

  return router
}
