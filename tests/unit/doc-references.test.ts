import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The repository explains itself: no file cites a document the repository does not contain (the first
 * product description or its decisions by section, an issue tracker's numbers, notes kept elsewhere),
 * every path into docs/ that code, tests or Markdown name exists, down to the heading its #anchor names,
 * and every file a comment or a Markdown text names by its path exists.
 */

const root = path.resolve(import.meta.dirname, '../..')
const SECTION = '\u00a7'

/** Citations of documents outside the repository. This file writes its examples in pieces, so it passes too. */
const OUTSIDE_REFERENCES: [string, RegExp][] = [
  ['a section sign', new RegExp(SECTION)],
  [
    'a section of the old specification',
    new RegExp(`\\bspec(?:ification)?\\s*(?:${SECTION}|section\\s+\\d)`, 'i'),
  ],
  ['a section of the old decisions', new RegExp(`\\bdecisions?\\s*(?:${SECTION}|section\\s+\\d)`, 'i')],
  ['an issue number', /\bissues?\s+#?\d+/i],
  ['the old specification file', new RegExp(['\\bspec', 'md\\b'].join('\\.'), 'i')],
  ['the old decisions file', new RegExp(['\\bdecisions', 'md\\b'].join('\\.'), 'i')],
  ['the old specification', /\bthe spec\b(?!\s*files?\b|\.)/i],
  ['notes kept outside the repository', new RegExp(['\\bstack', 'notes\\b'].join('[- ]'), 'i')],
]

type Finding = { file: string; line: number; problem: string; text: string }

/** Every line of `text` that cites a document outside the repository. */
function findOutsideReferences(file: string, text: string): Finding[] {
  const findings: Finding[] = []
  text.split('\n').forEach((line, index) => {
    const problem = OUTSIDE_REFERENCES.find(([, pattern]) => pattern.test(line))?.[0]
    if (problem) findings.push({ file, line: index + 1, problem, text: line.trim() })
  })
  return findings
}

/** GitHub's anchors for a Markdown file's headings (as github-slugger makes them), outside code fences. */
function githubAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let fence: string | null = null
  for (const line of markdown.split('\n')) {
    const fenceMark = /^\s*(```|~~~)/.exec(line)?.[1]
    if (fenceMark) {
      if (fence === null) fence = fenceMark
      else if (fence === fenceMark) fence = null
      continue
    }
    if (fence !== null) continue
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1]
    if (heading === undefined) continue
    const text = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .toLowerCase()
    const base = text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count === 0 ? base : `${base}-${count}`)
  }
  return anchors
}

/** Files of the repository (tracked, and new ones not ignored), as text; binary files left out. */
function repositoryTextFiles(): { file: string; text: string }[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const files: { file: string; text: string }[] = []
  for (const file of new Set(listed.split('\0').filter(Boolean))) {
    if (file === 'package-lock.json') continue
    const full = path.join(root, file)
    if (!fs.existsSync(full) || !fs.statSync(full).isFile()) continue
    const bytes = fs.readFileSync(full)
    if (bytes.subarray(0, 8000).includes(0)) continue
    files.push({ file, text: bytes.toString('utf8') })
  }
  return files
}

const anchorsByFile = new Map<string, Set<string>>()
function anchorsOf(file: string): Set<string> {
  let anchors = anchorsByFile.get(file)
  if (!anchors) {
    anchors = githubAnchors(fs.readFileSync(path.join(root, file), 'utf8'))
    anchorsByFile.set(file, anchors)
  }
  return anchors
}

/** Why `target` (a path from the repository's root, with an optional #anchor) does not resolve, or null. */
function brokenTarget(target: string): string | null {
  const [file = '', anchor] = target.split('#')
  const full = path.join(root, file)
  if (!full.startsWith(root) || !fs.existsSync(full)) return `${file || target} does not exist`
  if (anchor && fs.statSync(full).isFile()) {
    if (!file.endsWith('.md')) return `${file} is not Markdown, it has no #${anchor}`
    if (!anchorsOf(file).has(anchor)) return `${file} has no heading with the anchor #${anchor}`
  }
  return null
}

/** A path into docs/ named in any file, read from the repository's root. */
const DOCS_PATH = /(?<![\w./-])docs\/[\w./-]*\.md(?:#[\w-]+)?/g
/** A Markdown link's destination. */
const MARKDOWN_LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g

/** Every path into docs/ and every relative Markdown link that does not resolve. */
function findBrokenLinks(files: { file: string; text: string }[]): Finding[] {
  const findings: Finding[] = []
  for (const { file, text } of files) {
    const lines = text.split('\n')
    lines.forEach((line, index) => {
      const report = (problem: string) => findings.push({ file, line: index + 1, problem, text: line.trim() })
      for (const match of line.matchAll(DOCS_PATH)) {
        const problem = brokenTarget(match[0])
        if (problem) report(problem)
      }
      if (!file.endsWith('.md')) return
      for (const match of line.matchAll(MARKDOWN_LINK)) {
        const destination = match[1] ?? ''
        // Other sites, and paths on the site itself (`/events` in an article), are not files here.
        if (/^[a-z][a-z0-9+.-]*:/i.test(destination) || destination.startsWith('/')) continue
        const [linkPath = '', anchor] = destination.split('#')
        const target =
          linkPath === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), linkPath))
        const problem = brokenTarget(anchor ? `${target}#${anchor}` : target)
        if (problem) report(problem)
      }
    })
  }
  return findings
}

/**
 * A file's path as comments and Markdown write it: folders, a name and a known extension, from the
 * repository's root or from the file's own folder (starting `./` or `../`). Not a URL's path.
 */
const SOURCE_PATH =
  /(?<![\w./@:<>$-])(?:\.{1,2}\/)*[\w.@+-]+(?:\/[\w.()@+-]+)+\.(?:tsx?|mjs|js|md|json|sh|css|sql)\b/g

/** The part of a line that is prose: a comment in code and configuration, the whole line in Markdown. */
function proseOf(file: string, line: string): string {
  if (file.endsWith('.md')) return line
  if (/\.(?:tsx?|mjs|js|css)$/.test(file)) {
    if (/^\s*(?:\/\*|\*)/.test(line)) return line
    const at = line.search(/\/\/\s|\/\*/)
    return at >= 0 ? line.slice(at) : ''
  }
  if (/(?:\.sh|\.conf|\.service|\.example|Caddyfile|\/run)$/.test(file)) {
    const at = line.search(/(?:^|\s)#/)
    return at >= 0 ? line.slice(at) : ''
  }
  return ''
}

/** Every file named by its path in a comment or a Markdown text that does not exist. */
function findMissingSourcePaths(files: { file: string; text: string }[]): Finding[] {
  const findings: Finding[] = []
  for (const { file, text } of files) {
    text.split('\n').forEach((line, index) => {
      for (const match of proseOf(file, line).matchAll(SOURCE_PATH)) {
        const named = match[0]
        const fromRoot = path.join(root, named)
        const fromFolder = path.join(root, path.dirname(file), named)
        if (fs.existsSync(fromRoot) || fs.existsSync(fromFolder)) continue
        findings.push({ file, line: index + 1, problem: `${named} does not exist`, text: line.trim() })
      }
    })
  }
  return findings
}

const describeFinding = ({ file, line, problem, text }: Finding) => `${file}:${line}: ${problem}: ${text}`

describe('references to documents', () => {
  it('knows the forms it looks for, and GitHub anchors', () => {
    expect(findOutsideReferences('x.ts', `// as spec ${SECTION}7 says`)).toHaveLength(1)
    expect(
      findOutsideReferences(
        'x.md',
        ['see Issue', '6\nand decisions section', '8\nper the', 'spec'].join(' '),
      ),
    ).toHaveLength(3)
    expect(
      findOutsideReferences('x.ts', `// Zod issues, the spec file, ${['tests/e2e', 'x.spec.ts'].join('/')}`),
    ).toEqual([])
    const anchors = githubAnchors(
      '# What it does\n## Error shape\n```\n## Not a heading\n```\n## API\n## API\n',
    )
    expect([...anchors]).toEqual(['what-it-does', 'error-shape', 'api', 'api-1'])
    expect(githubAnchors("## A request's way through `server/`")).toEqual(
      new Set(['a-requests-way-through-server']),
    )
    expect(findOutsideReferences('x.ts', `// as the ${['stack', 'notes'].join('-')} say`)).toHaveLength(1)
  })

  it('knows which paths a comment or a Markdown text names', () => {
    // Written in pieces, so that this file names no missing path itself.
    const missing = (...parts: string[]) => parts.join('/')
    const named = (file: string, text: string) =>
      findMissingSourcePaths([{ file, text }]).map((finding) => finding.problem)
    const draw = missing('scripts', 'draw.ts')
    expect(named('x.ts', `/** Drawn by ${draw}. */`)).toEqual([`${draw} does not exist`])
    const [server, nearby] = [missing('server', 'gone.server.ts'), missing('.', 'nearby.tsx')]
    expect(named('x.ts', ` * see (${server}) and ${nearby}`)).toEqual([
      `${server} does not exist`,
      `${nearby} does not exist`,
    ])
    const page = missing('pages', '(public)', 'gone', '+Page.tsx')
    expect(named('x.ts', `foo() // and ${page}`)).toEqual([`${page} does not exist`])
    const [test, up] = [missing('tests', 'unit', 'gone.test.ts'), missing('..', 'gone.md')]
    expect(named(missing('docs', 'x.md'), `run \`${test}\`, see [there](${up})`)).toEqual([
      `${test} does not exist`,
      `${up} does not exist`,
    ])
    // Code is not prose; URLs and existing files are fine.
    expect(named('x.ts', `const file = '${test}'`)).toEqual([])
    expect(named('x.ts', '// https://example.org/a/b.js and server/main.ts, db/schema.ts')).toEqual([])
    const decision = missing('docs', 'decisions', 'x.md')
    expect(named(decision, '[a record](001-symposium-call-routes.md), ../product.md')).toEqual([])
  })

  it('no file cites a document outside the repository', () => {
    const findings = repositoryTextFiles().flatMap(({ file, text }) => findOutsideReferences(file, text))
    expect(findings.map(describeFinding)).toEqual([])
  })

  it('every path into docs/ and every Markdown link resolves, anchors included', () => {
    const files = repositoryTextFiles()
    expect(files.some(({ file }) => file === 'docs/product.md')).toBe(true)
    expect(findBrokenLinks(files).map(describeFinding)).toEqual([])
  })

  it('every file a comment or a Markdown text names by its path exists', () => {
    expect(findMissingSourcePaths(repositoryTextFiles()).map(describeFinding)).toEqual([])
  })
})
