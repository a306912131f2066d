/** Lower case, ASCII letters and digits joined by single hyphens: "CSE Society, DU" → "cse-society-du". */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return slug || 'chapter'
}

/** The first of slug, slug-2, slug-3 ... that `isTaken` does not claim. */
export function uniqueSlug(name: string, isTaken: (slug: string) => boolean): string {
  const base = slugify(name)
  if (!isTaken(base)) return base
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`
    if (!isTaken(candidate)) return candidate
  }
}
