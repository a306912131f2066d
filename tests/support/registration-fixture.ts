import { expect } from 'vitest'
import type { EventInput, RegistrationSettingsInput } from '#db/validation'
import {
  type Account,
  type AccountFields,
  addAccount,
  type Client,
  call,
  signIn,
  unique,
  validAttendee,
  validEvent,
  validRegistrationSettings,
} from './api'
import { startTestApp, type TestApp } from './test-app'

/**
 * The set-up the registration, ticket, check-in, certificate and report tests share: the real
 * app with a chapter whose officer is signed in, events of that chapter with registration on this site,
 * registrations as a visitor makes them, pages as a browser without scripts gets them.
 */

/** An account of a test and its Bearer token. */
export type SignedInAccount = { account: Account; token: string }

export type RegistrationFixture<Others extends readonly AccountFields[] = []> = {
  app: TestApp
  /** The chapter whose events the test makes. */
  chapter: Account
  /** Its officer's Bearer token. */
  officer: string
  /** The other accounts asked for, in their order, each with its Bearer token. */
  others: { [Index in keyof Others]: SignedInAccount }
}

/** Starts the app (`app`: startTestApp's options) with `chapter` and `others` created and signed in. */
export async function startRegistrationFixture<const Others extends readonly AccountFields[] = []>(options: {
  app?: Parameters<typeof startTestApp>[0]
  chapter: AccountFields
  others?: Others
}): Promise<RegistrationFixture<Others>> {
  const app = await startTestApp(options.app)
  const chapter = await addAccount(app.db, options.chapter)
  const others: SignedInAccount[] = []
  for (const fields of options.others ?? []) {
    const account = await addAccount(app.db, fields)
    others.push({ account, token: (await signIn(app, account.email)).token })
  }
  const officer = (await signIn(app, chapter.email)).token
  return { app, chapter, officer, others: others as RegistrationFixture<Others>['others'] }
}

/** An event as the API answers it once created. */
export type CreatedEvent = { _id: string; title: string; registration: unknown; seatsLeft: number | null }

/**
 * An event made through the API by `token`'s chapter (validEvent with `fields`, a unique title from
 * `title`) with registration on this site (validRegistrationSettings with `registration`, or none with
 * `null`); fails the test unless created.
 */
export async function createEvent(
  app: Client,
  token: string,
  options: {
    title: string
    fields?: Partial<EventInput> | Record<string, unknown>
    registration?: Partial<RegistrationSettingsInput> | Record<string, unknown> | null
  },
): Promise<CreatedEvent> {
  const answer = await call(app, 'POST', '/api/events', {
    token,
    json: {
      ...validEvent({ title: unique(options.title), ...options.fields }),
      ...(options.registration === null
        ? {}
        : { registration: validRegistrationSettings(options.registration ?? {}) }),
    },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body.event as CreatedEvent
}

/** A registration through the API, as the event page's script sends it (validAttendee unless said). */
export const registerThroughApi = (
  app: Client,
  eventId: string,
  body: Record<string, unknown> = validAttendee(),
) => call(app, 'POST', `/api/events/${eventId}/registrations`, { json: body })

/** The token at the end of a manage link. */
export const manageTokenOf = (manageUrl: string) => manageUrl.slice(manageUrl.lastIndexOf('/') + 1)

/** A page as a browser gets it, redirects not followed. */
export async function pageOf(app: Client, path: string, init?: RequestInit) {
  const response = await app.request(path, { redirect: 'manual', ...init })
  return { status: response.status, headers: response.headers, html: await response.text() }
}
