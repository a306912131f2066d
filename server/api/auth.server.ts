import express, { type Router } from 'express'
import { plural } from '../../components/text/words'
import { toUserInfo } from '../../db/dto'
import { findChapterById } from '../../db/queries/accounts.server'
import { findPersonByEmail } from '../../db/queries/people.server'
import { loginInputSchema } from '../../db/validation'
import { createLoginThrottle } from '../auth/login-throttle.server'
import { generatePassword, hashPassword, verifyPassword } from '../auth/password.server'
import { callerOf, signedIn } from '../auth/policy.server'
import type { Sessions } from '../auth/sessions.server'
import type { AppContext } from '../context.server'
import { ApiError } from './errors.server'
import { readJson } from './input.server'

/** The one answer to a wrong password and to an unknown email alike. */
const INVALID_CREDENTIALS = 'Invalid email or password.'

export function createAuthRouter(ctx: AppContext, sessions: Sessions): Router {
  const router = express.Router()
  const throttle = createLoginThrottle(ctx.db, ctx.env.RATE_LIMIT_SCALE)
  // An unknown email is checked against this hash so that it costs as long as a wrong password.
  const dummyHash = hashPassword(generatePassword())

  router.post('/login', async (req, res) => {
    const input = readJson(req, loginInputSchema)
    const verdict = throttle.begin(input.email, req.ip ?? 'unknown')
    if ('retryAfterSeconds' in verdict) {
      res.setHeader('Retry-After', String(verdict.retryAfterSeconds))
      const minutes = Math.ceil(verdict.retryAfterSeconds / 60)
      throw new ApiError(429, `Too many failed sign-ins. Try again in ${plural(minutes, 'minute')}.`)
    }
    const person = findPersonByEmail(ctx.db, input.email)
    const passwordMatches = await verifyPassword(person?.passwordHash ?? (await dummyHash), input.password)
    // A disabled person gets the same answer as a wrong password: nothing tells an outsider who exists.
    if (!person || !passwordMatches || person.disabled) throw new ApiError(401, INVALID_CREDENTIALS)
    throttle.succeeded(verdict.attempt)
    const token = await sessions.start(req, res, person)
    const chapter = person.chapterId ? (findChapterById(ctx.db, person.chapterId) ?? null) : null
    res.json({ success: true, message: 'Login successful', token, userInfo: toUserInfo(person, chapter) })
  })

  router.post('/logout', signedIn, (_req, res) => {
    sessions.end(res, callerOf(res))
    res.json({ success: true, message: 'Signed out' })
  })

  router.get('/me', signedIn, (_req, res) => {
    const caller = callerOf(res)
    res.json({ success: true, userInfo: toUserInfo(caller.person, caller.chapter) })
  })

  return router
}
