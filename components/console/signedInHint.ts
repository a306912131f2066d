/**
 * The public header shows its Dashboard link from an attribute that components/layout/chrome.ts sets
 * once per full page load; signing in or out without a reload updates it here.
 */
export function setSignedInHint(signedIn: boolean): void {
  document.documentElement.toggleAttribute('data-signed-in', signedIn)
}
