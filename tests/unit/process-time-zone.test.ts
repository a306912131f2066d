import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The site has one clock (db/clock.ts, docs/decisions/095-one-clock-for-the-site.md): "today", "the next
 * day" and every local date-time are read in TIME_ZONE. A call that reads the process's own time zone
 * gives another answer on a server whose clock says UTC than on one in Dhaka, so none may appear in the
 * code that runs on the server or renders there (server/, db/, pages/, components/) outside the clock
 * module, nor in the browser tests and their fixtures (tests/e2e/, tests/support/): they run at any hour,
 * and one that named "tomorrow" in the machine's zone failed while it was already tomorrow in Dhaka. Read
 * as text: cheap, and it names the line.
 */

const root = path.resolve(import.meta.dirname, '../..')
const FOLDERS = ['server', 'db', 'pages', 'components', 'tests/e2e', 'tests/support']
const SOURCE_FILE = /\.(?:ts|tsx|mjs)$/
/** The clock module itself. */
const EXEMPT = new Set(['db/clock.ts'])

type Finding = { file: string; line: number; text: string; why: string }

function sourceFiles(): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'migrations') walk(relative)
      } else if (SOURCE_FILE.test(entry.name)) found.push(relative.split(path.sep).join('/'))
    }
  }
  for (const folder of FOLDERS) walk(folder)
  return found
}

/** The text of a call's arguments from `open` (the index of its `(`), balancing brackets and skipping strings. */
function argumentsAt(text: string, open: number): string {
  let depth = 0
  let quote: string | null = null
  for (let index = open; index < text.length; index++) {
    const char = text[index]
    if (quote) {
      if (char === '\\') index++
      else if (char === quote) quote = null
      continue
    }
    if (char === '"' || char === "'" || char === '`') quote = char
    else if (char === '(' || char === '[' || char === '{') depth++
    else if (char === ')' || char === ']' || char === '}') {
      depth--
      if (depth === 0) return text.slice(open + 1, index)
    }
  }
  return text.slice(open + 1)
}

/** Whether the arguments have a comma outside brackets and strings (`new Date(y, m, d)`). */
function hasTopLevelComma(args: string): boolean {
  let depth = 0
  let quote: string | null = null
  for (let index = 0; index < args.length; index++) {
    const char = args[index]
    if (quote) {
      if (char === '\\') index++
      else if (char === quote) quote = null
    } else if (char === '"' || char === "'" || char === '`') quote = char
    else if (char === '(' || char === '[' || char === '{') depth++
    else if (char === ')' || char === ']' || char === '}') depth--
    else if (char === ',' && depth === 0) return true
  }
  return false
}

/** Comments out of the way, keeping line numbers (a comment may name the calls it warns against). */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

const RULES: { pattern: RegExp; why: string; allowed?: (args: string) => boolean }[] = [
  {
    pattern: /\.(?:get|set)(?:FullYear|Month|Date|Day|Hours|Minutes)\(/g,
    why: "a local field of a Date reads the process's time zone: ask the site's clock (db/clock.ts)",
  },
  { pattern: /\.getTimezoneOffset\(/g, why: "the process's offset is not the site's" },
  {
    pattern: /\.toLocale(?:Date|Time)String\(/g,
    why: 'without a timeZone this formats in the process zone',
    allowed: (args) => /\btimeZone\b/.test(args),
  },
  {
    pattern: /\.toLocaleString\(/g,
    why: 'a Date formatted without a timeZone is in the process zone (numbers: name a locale, as elsewhere)',
    allowed: (args) => /\btimeZone\b/.test(args) || /^\s*'en-(?:US|GB)'\s*$/.test(args),
  },
  {
    pattern: /\bIntl\.DateTimeFormat\(/g,
    why: 'a date format without a timeZone formats in the process zone',
    allowed: (args) => /\btimeZone\b/.test(args),
  },
  {
    pattern: /\bnew Date\(/g,
    why: 'new Date(year, month, day) and a date-time string without an offset are read in the process zone',
    allowed: (args) =>
      !hasTopLevelComma(args) &&
      // A literal local date-time ("2026-12-01T10:00") without Z or an offset is local time.
      !/^\s*['"`][^'"`]*T(?:\d{2}|\$\{)[^'"`]*(?<!Z|[+-]\d{2}:?\d{2})['"`]\s*$/.test(args),
  },
]

function findingsIn(file: string, source: string): Finding[] {
  const text = withoutComments(source)
  const findings: Finding[] = []
  for (const rule of RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      const open = (match.index ?? 0) + match[0].length - 1
      if (rule.allowed?.(argumentsAt(text, open))) continue
      const line = text.slice(0, match.index).split('\n').length
      findings.push({ file, line, text: source.split('\n')[line - 1]?.trim() ?? '', why: rule.why })
    }
  }
  return findings
}

describe("nothing reads the process's time zone outside the site's clock", () => {
  it('server/, db/, pages/, components/ and the browser tests ask db/clock.ts', () => {
    const findings = sourceFiles()
      .filter((file) => !EXEMPT.has(file))
      .flatMap((file) => findingsIn(file, fs.readFileSync(path.join(root, file), 'utf8')))
    expect(findings.map((f) => `${f.file}:${f.line}: ${f.text}  (${f.why})`)).toEqual([])
  })

  it('catches each kind of call it names, and leaves the safe ones alone', () => {
    const planted = [
      'date.setHours(24, 0, 0, 0)',
      'const y = now.getFullYear()',
      'when.toLocaleDateString()',
      "when.toLocaleString('en-GB', { dateStyle: 'long' })",
      "new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' })",
      'new Date(year, month - 1, day)',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text of a template literal, planted
      'new Date(`${date}T${time}`)',
      "new Date('2026-12-01T10:00')",
      'offset = moment.getTimezoneOffset()',
    ]
    for (const line of planted) expect(findingsIn('planted.ts', line), line).toHaveLength(1)
    const safe = [
      'new Date(Date.UTC(year, month - 1, day))',
      'new Date(iso)',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text of a template literal
      'new Date(`${date}T00:00:00Z`)',
      "new Date('2026-12-01T10:00:00+06:00')",
      'moment.getUTCHours()',
      "fees.toLocaleString('en-US')",
      "new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium' })",
      '// date.setHours(24) in a comment',
      "const url = 'https://example.org' // date.getHours()",
    ]
    for (const line of safe) expect(findingsIn('safe.ts', line), line).toEqual([])
  })
})
