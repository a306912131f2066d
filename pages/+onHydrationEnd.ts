/**
 * Marks <html data-hydrated> once React has taken over a page that hydrates: a click or a key before that
 * would reach a form or a button without its handlers. Browser tests and scripts wait for it. Pages that
 * React does not hydrate get the same marker from the chrome script once their enhancers run.
 */
export function onHydrationEnd(): void {
  document.documentElement.setAttribute('data-hydrated', '')
}
