/** A manage link is private (a name and an email on it): never in search results. */
export function Head() {
  return <meta name="robots" content="noindex" />
}
