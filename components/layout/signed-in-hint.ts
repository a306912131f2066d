/**
 * Cookie set next to the httpOnly session cookie; it says only "someone is signed in here", so the
 * chrome script can reveal the Dashboard link on pages that are the same for every visitor.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in'

/** Whether a document's cookies carry the hint. */
export const hasSignedInHint = (cookie: string) => cookie.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`)

/**
 * The public header shows its Dashboard link from this attribute: the chrome script sets it once per full
 * page load (components/layout/chrome.ts); signing in or out without a reload sets it here.
 */
export function setSignedInHint(signedIn: boolean, doc: Document = document): void {
  doc.documentElement.toggleAttribute('data-signed-in', signedIn)
}
