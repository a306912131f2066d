/**
 * Cookie set next to the httpOnly session cookie; it says only "someone is signed in here", so the
 * chrome script can reveal the Dashboard link on pages that are the same for every visitor.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in'

/** Whether a document's cookies carry the hint. */
export const hasSignedInHint = (cookie: string) => cookie.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`)

/**
 * The public header shows its Dashboard link from this attribute, set once per full page load by the chrome
 * script (components/layout/chrome.ts) and after signing in or out by the console
 * (components/console/signedInHint.ts, a copy that keeps this module out of the console's chunks).
 */
export function setSignedInHint(signedIn: boolean, doc: Document = document): void {
  doc.documentElement.toggleAttribute('data-signed-in', signedIn)
}
