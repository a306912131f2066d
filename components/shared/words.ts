/**
 * The first `count` words of a text, followed by '...' when anything was cut (docs/product.md#constants: 20 words for
 * event cards, 30 for blog cards). Line breaks count as spaces.
 */
export function truncateWords(text: string, count: number): string {
  const words = text.trim().split(/\s+/).filter(Boolean)
  if (words.length <= count) return words.join(' ')
  return `${words.slice(0, count).join(' ')}...`
}

/** A text as paragraphs: split at blank lines (or single line breaks), empty ones dropped. */
export function toParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n|\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
}

/** A text cut to at most `max` characters at a word boundary, for meta descriptions and previews. */
export function truncateText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '')}…`
}

/** A count with its noun, plural when it is not 1: "1 event", "3 events" (regular nouns only). */
export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`
