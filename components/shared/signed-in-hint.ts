/**
 * Cookie set next to the httpOnly session cookie; it says only "someone is signed in here", so the
 * chrome script can reveal the Dashboard link on pages that are the same for every visitor.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in'

/**
 * Over https every cookie of the site carries this prefix (`__Host-signed_in`): the browser then takes it
 * only from this origin over https, with `Path=/` and no `Domain`, so no other host can set or shadow it.
 */
export const HOST_ONLY_PREFIX = '__Host-'

/**
 * Whether a document's cookies carry the hint: under its `__Host-` name on an https page, as the server
 * sets it there (server/auth/cookies.server.ts), so a plain `signed_in` left from an older version is not
 * taken for a session.
 */
export const hasSignedInHint = (cookie: string, https: boolean) =>
  cookie.split(/;\s*/).includes(`${https ? HOST_ONLY_PREFIX : ''}${SIGNED_IN_HINT_COOKIE}=1`)
