/** A placeholder for every possible username: keep it out of search results. */
export function Head() {
  return <meta name="robots" content="noindex" />
}
