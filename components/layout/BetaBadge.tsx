export function BetaBadge() {
  return (
    <p
      data-beta-badge
      className="pointer-events-none fixed bottom-3 left-3 z-40 rounded-full bg-amber-400 px-3 py-1 text-xs font-semibold text-slate-950 shadow-md"
    >
      Official Website (Beta Version)
    </p>
  )
}
