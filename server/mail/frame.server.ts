import { escapeMarkup } from '#components/shared/escape'

/**
 * The one look of every HTML mail the site sends: a narrow column of paragraphs, links in the brand's
 * blue, one main button. Each mail writes its plain text and its HTML from the same parts, and escapes
 * what people typed with the site's one escaper.
 */

const BRAND_BLUE = '#1d4ed8'

/** The mail's HTML body around its parts (each already HTML). Empty parts are left out. */
export const framedHtml = (parts: string[]): string =>
  [
    '<div style="font-family:sans-serif;line-height:1.5;max-width:36rem">',
    ...parts.filter(Boolean),
    '</div>',
  ].join('\n')

/** A paragraph of plain text; its line breaks kept. */
export const paragraphHtml = (text: string): string =>
  `<p style="white-space:pre-wrap">${escapeMarkup(text)}</p>`

/** A small print paragraph (how long a link lasts, why the mail came). */
export const noteHtml = (html: string): string => `<p style="font-size:.9em;color:#475569">${html}</p>`

export const linkHtml = (url: string, label: string): string =>
  `<a href="${escapeMarkup(url)}" style="color:${BRAND_BLUE}">${escapeMarkup(label)}</a>`

/** The mail's one main action. */
export const buttonHtml = (url: string, label: string): string =>
  `<p><a href="${escapeMarkup(url)}" style="display:inline-block;padding:.6em 1.2em;background:${BRAND_BLUE};color:#fff;border-radius:6px;text-decoration:none">${escapeMarkup(label)}</a></p>`

export { escapeMarkup as escapeHtml }
