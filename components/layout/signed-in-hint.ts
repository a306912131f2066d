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

/**
 * The public header shows its Dashboard link from this attribute, set once per full page load by the chrome
 * script (components/layout/chrome.ts) and after signing in or out by the console
 * (components/console/signedInHint.ts, a copy that keeps this module out of the console's chunks).
 */
export function setSignedInHint(signedIn: boolean, doc: Document = document): void {
  doc.documentElement.toggleAttribute('data-signed-in', signedIn)
}
