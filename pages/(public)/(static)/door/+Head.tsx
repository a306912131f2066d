/** A door link is private: never in search results. */
export function Head() {
  return <meta name="robots" content="noindex" />
}
