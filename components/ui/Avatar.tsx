/** Background and text colours with enough contrast for the initials (WCAG AA at this size). */
const tones = [
  'bg-brand-100 text-brand-900',
  'bg-amber-100 text-amber-900',
  'bg-emerald-100 text-emerald-900',
  'bg-sky-100 text-sky-900',
  'bg-violet-100 text-violet-900',
  'bg-rose-100 text-rose-900',
] as const

/** Up to two initials: first letters of the first and last word, ignoring titles like Dr. and Prof. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/\b(Dr|Prof|Mr|Mrs|Ms|Engr)\.\s*/g, '')
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word))
  const first = words[0]?.[0] ?? '?'
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : ''
  return `${first}${last}`.toUpperCase()
}

function toneOf(name: string): string {
  let hash = 0
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return tones[hash % tones.length] ?? tones[0]
}

/**
 * Stands in for a missing photo: the person's initials on a colour picked from the name, so a
 * card never shows a broken image. Decorative, the name is always written next to it.
 */
export function Avatar({ name, className = 'size-24 text-2xl' }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold select-none ${toneOf(name)} ${className}`}
    >
      {initialsOf(name)}
    </span>
  )
}
