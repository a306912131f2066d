import { Marked, type Tokens } from 'marked'
import { escapeMarkup } from './escape'

/** Links and pictures may point to http(s), mailto, this site or an anchor; anything else (javascript:) is dropped. */
const isSafeUrl = (url: string) => /^(https?:\/\/|mailto:|\/(?!\/)|#)/i.test(url.trim())

/**
 * Markdown to HTML for the blog articles, on the server only. Raw HTML in the source is shown as text,
 * never passed through, and unsafe link targets lose their link.
 */
const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeMarkup(token.text)
    },
    link(token: Tokens.Link) {
      if (isSafeUrl(token.href)) return false
      return this.parser.parseInline(token.tokens)
    },
    image(token: Tokens.Image) {
      if (isSafeUrl(token.href)) return false
      return escapeMarkup(token.text)
    },
  },
})

const rendered = new Map<string, string>()

/** The HTML of a Markdown text; each text is rendered once per process. */
export function renderMarkdown(source: string): string {
  let html = rendered.get(source)
  if (html === undefined) {
    html = marked.parse(source, { async: false })
    rendered.set(source, html)
  }
  return html
}
