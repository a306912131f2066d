/**
 * 'Official Website (Beta Version)': a slim strip above the header, in the page's flow, so it never
 * covers content on any screen (docs/decisions/069-true-counts.md); it scrolls away with the page. Being the
 * top of the page, it is where 'Scroll to top' (#top) moves the focus.
 */
export function BetaBadge() {
  return (
    <aside
      id="top"
      tabIndex={-1}
      data-beta-badge
      aria-label="Beta notice"
      className="bg-amber-400 px-4 py-1 text-center text-xs font-semibold text-slate-950"
    >
      Official Website (Beta Version)
    </aside>
  )
}
