/** Each card's surface: a light brand tint on a white section, white with a border on a grey (tinted) one. */
const SURFACES = {
  brand: 'bg-brand-50',
  white: 'border border-slate-200 bg-white',
} as const

/** Short points of a public page (what the chapter does, a forum's goals) as small cards, two a row. */
export function BulletCards({
  items,
  surface,
}: {
  items: readonly string[]
  surface: keyof typeof SURFACES
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className={`flex gap-3 rounded-lg ${SURFACES[surface]} p-4 text-slate-800`}>
          <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-amber-400" />
          {item}
        </li>
      ))}
    </ul>
  )
}
