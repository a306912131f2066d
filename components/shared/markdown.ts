import { Marked, type MarkedExtension, type Token, type Tokens } from 'marked'
import { escapeMarkup } from './escape'

/** Links and pictures may point to http(s), mailto, this site or an anchor; anything else (javascript:) is dropped. */
const isSafeUrl = (url: string) => /^(https?:\/\/|mailto:|\/(?!\/)|#)/i.test(url.trim())

/** Raw HTML in the source is shown as text, never passed through; a block of it as a paragraph. */
const escapeRawHtml: MarkedExtension['renderer'] = {
  html(token: Tokens.HTML | Tokens.Tag) {
    const text = escapeMarkup(token.text)
    return 'block' in token && token.block ? `<p>${text.trim()}</p>\n` : text
  },
}

/**
 * Markdown to HTML for the blog articles, on the server only. Raw HTML in the source is shown as text,
 * never passed through, and unsafe link targets lose their link.
 */
const articles = new Marked({
  gfm: true,
  async: false,
  renderer: {
    ...escapeRawHtml,
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

/** The HTML of one of our own Markdown texts (the blog); each text is rendered once per process. */
export function renderMarkdown(source: string): string {
  let html = rendered.get(source)
  if (html === undefined) {
    html = articles.parse(source, { async: false })
    rendered.set(source, html)
  }
  return html
}

/** Pictures in a description: an upload of this site or an https address (the page's policy allows no other). */
const isSafeImage = (url: string) => /^(https:\/\/|\/uploads\/)/i.test(url.trim())

/** The first heading level of a description: under the event page's own h1 and h2. */
const FIRST_DESCRIPTION_HEADING = 3

/**
 * Markdown written by officers (event descriptions): no raw HTML, links only to safe targets and with
 * rel="nofollow noopener" (the site does not vouch for them), headings renumbered (renderDescription). A
 * line break is a line break, as in the plain texts written before.
 */
const descriptions = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    ...escapeRawHtml,
    heading(token: Tokens.Heading) {
      return `<h${token.depth}>${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`
    },
    link(token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens)
      if (!isSafeUrl(token.href)) return text
      const title = token.title ? ` title="${escapeMarkup(token.title)}"` : ''
      return `<a href="${escapeMarkup(token.href.trim())}"${title} rel="nofollow noopener">${text}</a>`
    },
    image(token: Tokens.Image) {
      if (!isSafeImage(token.href)) return escapeMarkup(token.text)
      return `<img src="${escapeMarkup(token.href.trim())}" alt="${escapeMarkup(token.text)}" loading="lazy" decoding="async">`
    },
  },
})

/**
 * The HTML of an event description (Markdown), safe to put into a page. Its heading levels become h3, h4 …
 * in the order of their depth, none skipped (a description that starts at ## or jumps from # to ###
 * still reads as an outline under the page's h2). Runs in the browser too (the form's preview).
 */
export function renderDescription(source: string): string {
  const tokens = descriptions.lexer(source)
  const headings: Tokens.Heading[] = []
  descriptions.walkTokens(tokens, (token) => {
    if (token.type === 'heading') headings.push(token as Tokens.Heading)
  })
  const depths = [...new Set(headings.map((heading) => heading.depth))].sort((a, b) => a - b)
  for (const heading of headings)
    heading.depth = Math.min(FIRST_DESCRIPTION_HEADING + depths.indexOf(heading.depth), 6)
  return descriptions.parser(tokens)
}

/** The words of a token tree, blocks separated by blank lines, inline parts joined as they read. */
function plainTextOf(tokens: readonly Token[], separator: string): string {
  const parts: string[] = []
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'hr':
        break
      case 'html':
        // Raw HTML counts as the words inside it.
        parts.push(token.text.replace(/<[^>]*>/g, ' '))
        break
      case 'image':
        parts.push(token.text)
        break
      case 'br':
        parts.push('\n')
        break
      case 'code':
      case 'codespan':
      case 'escape':
        parts.push(token.text)
        break
      case 'list':
        parts.push(plainTextOf((token as Tokens.List).items, '\n'))
        break
      case 'table': {
        const table = token as Tokens.Table
        const rows = [table.header, ...table.rows].map((row) =>
          row.map((cell) => plainTextOf(cell.tokens, ' ')).join(' '),
        )
        parts.push(rows.join('\n'))
        break
      }
      default:
        if ('tokens' in token && token.tokens) parts.push(plainTextOf(token.tokens, ''))
        else if ('text' in token && typeof token.text === 'string') parts.push(token.text)
    }
  }
  return parts.join(separator)
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }

/**
 * The plain text of a Markdown description, for cards, feeds and meta descriptions: no marks, no HTML,
 * paragraphs and list items on lines of their own.
 */
export function markdownToPlainText(source: string): string {
  const text = plainTextOf(descriptions.lexer(source), '\n\n')
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
