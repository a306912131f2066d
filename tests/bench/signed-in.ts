import autocannon from 'autocannon'

/**
 * The signed-in load of `npm run bench` and `npm run load-test`: officers of both roles using the console
 * while the API is read and written. Each connection goes round the same sequence: the console list pages
 * of an administrator and of a chapter (rendered for each request, never cached), the lists of the API
 * and an update of one of the chapter's events (which also empties the front cache, as any write does).
 * Always autocannon: wrk cannot mix methods, bodies and sessions without a script per request kind.
 */

export type Officer = { email: string; password: string }
export type SignedIn = { adminToken: string; chapterToken: string; chapterEvents: string[] }

async function tokenOf(url: string, officer: Officer): Promise<string> {
  const answer = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(officer),
  })
  if (answer.status !== 200) throw new Error(`sign-in of ${officer.email} failed: ${answer.status}`)
  return ((await answer.json()) as { token: string }).token
}

/** Signs both officers in and finds events the chapter may update (it must own at least one). */
export async function signInOfficers(url: string, admin: Officer, chapter: Officer): Promise<SignedIn> {
  const adminToken = await tokenOf(url, admin)
  const chapterToken = await tokenOf(url, chapter)
  const mine = await fetch(`${url}/api/events/myevents?page=1&pageSize=20`, {
    headers: { authorization: `Bearer ${chapterToken}` },
  })
  const chapterEvents = ((await mine.json()) as { events: { _id: string }[] }).events.map(
    (event) => event._id,
  )
  if (chapterEvents.length === 0) throw new Error(`${chapter.email} owns no event to update`)
  return { adminToken, chapterToken, chapterEvents }
}

/** The console pages of each role, as the signed-in load asks for them. */
export const CONSOLE_PAGES = {
  admin: ['/dashboard/events', '/dashboard/contact-list', '/dashboard/chapters', '/dashboard'],
  chapter: ['/dashboard/events', '/dashboard/excom', '/dashboard/settings'],
}

const eventBody = (n: number) =>
  JSON.stringify({
    title: `Signed-in load ${n % 50}`,
    startTime: '10:00',
    endTime: '12:00',
    eventDate: '2027-03-01',
    location: 'Dhaka',
    host: 'Load Test Chapter',
    registrationMethod: 'Online',
    fees: n % 100,
    banner: 'https://images.example.org/banner.png',
    eventLink: 'https://example.org/events/load',
    description: `Updated by the signed-in load, ${n % 50}.`,
  })

export function signedInRequests({
  adminToken,
  chapterToken,
  chapterEvents,
}: SignedIn): autocannon.Request[] {
  const accept = { 'accept-encoding': 'gzip, deflate, br, zstd' }
  const page = (path: string, token: string): autocannon.Request => ({
    method: 'GET',
    path,
    headers: { ...accept, accept: 'text/html', cookie: `session=${token}` },
  })
  const read = (path: string, token?: string): autocannon.Request => ({
    method: 'GET',
    path,
    headers: { ...accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })
  let writes = 0
  return [
    ...CONSOLE_PAGES.admin.map((path) => page(path, adminToken)),
    read('/api/events?page=1&pageSize=20'),
    read('/api/contact?page=1&pageSize=20', adminToken),
    ...CONSOLE_PAGES.chapter.map((path) => page(path, chapterToken)),
    read('/api/events/myevents?page=1&pageSize=20', chapterToken),
    read('/api/users?page=1&pageSize=20', adminToken),
    {
      method: 'PUT',
      setupRequest: (request) => {
        writes++
        return {
          ...request,
          path: `/api/events/${chapterEvents[writes % chapterEvents.length]}`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${chapterToken}` },
          body: eventBody(writes),
        }
      },
    },
    read('/api/excom?page=1&pageSize=20', chapterToken),
  ]
}

export type MixResult = {
  requestsPerSecond: number
  p99Ms: number
  /** Socket errors, timeouts and answers other than 2xx (a console page answers 200, a redirect would be 302). */
  errors: number
  requests: number
}

export function runSignedInMix(
  url: string,
  signedIn: SignedIn,
  options: { connections: number; durationSeconds: number },
): Promise<MixResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: options.connections,
        duration: options.durationSeconds,
        timeout: 10,
        requests: signedInRequests(signedIn),
      },
      (error, result) => {
        if (error) {
          reject(error)
          return
        }
        resolve({
          requestsPerSecond: result.requests.average,
          p99Ms: result.latency.p99,
          errors: result.non2xx + result.errors + result.timeouts,
          requests: result.requests.total,
        })
      },
    )
  })
}
