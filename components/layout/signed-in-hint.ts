/**
 * Cookie set next to the httpOnly session cookie; it says only "someone is signed in here", so the
 * chrome script can reveal the Dashboard link on pages that are the same for every visitor.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in'
