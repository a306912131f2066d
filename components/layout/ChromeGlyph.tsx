/**
 * A glyph of the site's chrome (the menu button, the scroll-to-top button): a 24 px stroke path drawn
 * heavier than the icon set's (components/ui/icons.tsx), the size of a button's label.
 */
export function ChromeGlyph({
  d,
  strokeWidth,
  roundJoins = false,
}: {
  d: string
  strokeWidth: string
  roundJoins?: boolean
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
    >
      <path d={d} strokeLinecap="round" strokeLinejoin={roundJoins ? 'round' : undefined} />
    </svg>
  )
}
