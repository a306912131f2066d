/**
 * Signing in or out without a reload shows or hides the public header's Dashboard link, which the chrome
 * script otherwise sets once per page load (components/layout/chrome.ts). The console's own copy of that
 * one line: importing the chrome script's module from here would make Vite split it into a shared chunk,
 * one more request on every public page.
 */
export function setSignedInHint(signedIn: boolean): void {
  document.documentElement.toggleAttribute('data-signed-in', signedIn)
}
