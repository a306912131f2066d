import { formatEventWhen } from '#components/shared/dates'
import { escapeMarkup } from '#components/shared/escape'
import type { Event } from '#db/schema'

/**
 * The cover of an event without a banner (/events/{id}/cover.svg, docs/product.md): 1200 × 630 like a
 * banner, a gradient in one of a few blues and teals picked by the event's id, its title (up to three
 * lines), date and host. Made from the event as it is; the page and the cards show it in the banner's frame.
 */

const WIDTH = 1200
const HEIGHT = 630
/** Pairs of gradient colours (dark enough for white text, 4.5:1 at least). */
const PALETTES = [
  ['#0b3b66', '#13619f'],
  ['#0f4c5c', '#13707f'],
  ['#2a2f6b', '#3d4aa0'],
  ['#114034', '#1d6a55'],
  ['#4a1d5e', '#6a2c86'],
] as const
const TITLE_LINE_CHARACTERS = 26
const TITLE_LINES = 3

/** The title in lines of at most TITLE_LINE_CHARACTERS, by words; the last ends in … when cut. */
function titleLines(title: string): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word
    if (next.length <= TITLE_LINE_CHARACTERS || !line) line = next
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  const kept = lines
    .slice(0, TITLE_LINES)
    .map((text) =>
      text.length > TITLE_LINE_CHARACTERS + 8 ? `${text.slice(0, TITLE_LINE_CHARACTERS + 7)}…` : text,
    )
  if (lines.length > TITLE_LINES) kept[TITLE_LINES - 1] = `${kept[TITLE_LINES - 1]}…`
  return kept
}

export function eventCoverSvg(
  event: Pick<Event, 'id' | 'title' | 'host' | 'eventDate' | 'startTime' | 'endTime'>,
): string {
  const palette = PALETTES[Number.parseInt(event.id.slice(-6), 16) % PALETTES.length] ?? PALETTES[0]
  const lines = titleLines(event.title)
  const titleTop = 250 - (lines.length - 1) * 40
  const title = lines
    .map(
      (line, index) =>
        `<text x="80" y="${titleTop + index * 84}" font-size="72" font-weight="700">${escapeMarkup(line)}</text>`,
    )
    .join('')
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img">`,
    `<title>${escapeMarkup(event.title)}</title>`,
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/>`,
    '</linearGradient></defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>`,
    `<circle cx="1080" cy="80" r="220" fill="#ffffff" fill-opacity="0.07"/>`,
    `<circle cx="1150" cy="560" r="140" fill="#ffffff" fill-opacity="0.05"/>`,
    `<g fill="#ffffff" font-family="'Noto Sans', 'Noto Sans Bengali', system-ui, sans-serif">${title}`,
    `<text x="80" y="${titleTop + lines.length * 84 + 40}" font-size="34" fill-opacity="0.92">${escapeMarkup(formatEventWhen(event))}</text>`,
    `<text x="80" y="560" font-size="30" fill-opacity="0.85">${escapeMarkup(event.host)}</text>`,
    '</g></svg>',
  ].join('')
}
