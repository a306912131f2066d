import fs from 'node:fs'
import path from 'node:path'
import { parseSync } from 'rolldown/utils'
import { describe, expect, it } from 'vitest'

/**
 * Who may import whom: the table of docs/architecture.md ("Who may import whom"), checked over the import
 * graph of every source file, so that a wrong import fails the tests instead of waiting for a review.
 * Imports are read by a parser (static, re-exports, dynamic `import()`), resolved as the bundler resolves
 * them (relative paths and the `#…` aliases of package.json's `imports`), and checked against the rules
 * below; packages are left alone, except that shared code uses neither React nor Node.
 */

const root = path.resolve(import.meta.dirname, '../..')
const SOURCE_FOLDERS = ['content', 'db', 'components', 'pages', 'server']
const SOURCE_FILE = /\.(?:ts|tsx|mjs)$/

/** One import of a file: what it names, what that resolves to (null: a package), whether only types. */
type Import = { specifier: string; target: string | null; typeOnly: boolean }
type SourceFile = { file: string; text: string; imports: Import[] }

/**
 * The imports of a file's text, each with whether it brings in types only (erased at build time), read by a
 * real parser (oxc, the bundler's own, through rolldown): comments, strings and template literals that look
 * like imports are not imports. A dynamic `import()` of anything but a plain string is left out.
 */
function importsOf(text: string, file = 'file.tsx'): { specifier: string; typeOnly: boolean }[] {
  // The file's name tells the parser its language: TypeScript with or without JSX, or JavaScript.
  const parsed = parseSync(file, text)
  if (parsed.errors.length > 0) throw new Error(`${file}: ${parsed.errors[0]?.message}`)
  const { staticImports, staticExports, dynamicImports } = parsed.module
  const found: { at: number; specifier: string; typeOnly: boolean }[] = [
    ...staticImports.map((declaration) => ({
      at: declaration.start,
      specifier: declaration.moduleRequest.value,
      // `import type { A }` and `import { type A, type B }`; a bare `import './x'` runs the module.
      typeOnly: declaration.entries.length > 0 && declaration.entries.every((entry) => entry.isType),
    })),
    ...staticExports.flatMap((declaration) =>
      declaration.entries.flatMap((entry) =>
        entry.moduleRequest
          ? [{ at: entry.start, specifier: entry.moduleRequest.value, typeOnly: entry.isType }]
          : [],
      ),
    ),
    ...dynamicImports.flatMap((call) => {
      const argument = text.slice(call.moduleRequest.start, call.moduleRequest.end)
      const literal = /^(['"`])([^'"`$]*)\1$/.exec(argument)
      return literal ? [{ at: call.start, specifier: literal[2] ?? '', typeOnly: false }] : []
    }),
  ]
  // One entry per re-export statement, in the order written.
  const seen = new Set<string>()
  return found
    .sort((a, b) => a.at - b.at)
    .filter(({ at, specifier }) => {
      const key = `${specifier}@${at}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .map(({ specifier, typeOnly }) => ({ specifier: specifier.replace(/\?.*$/, ''), typeOnly }))
}

/** package.json's `imports`: `#server/*` → `./server/*` and the like. */
function aliases(): [string, string][] {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    imports?: Record<string, string>
  }
  return Object.entries(manifest.imports ?? {})
}

/** The file an import names, relative to the root; null for a package (or a file that does not exist). */
function resolveImport(
  from: string,
  specifier: string,
  exists: (file: string) => boolean,
  aliasMap: [string, string][],
): string | null {
  let base: string | undefined
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier)
  else if (specifier.startsWith('#')) {
    for (const [pattern, target] of aliasMap) {
      const [prefix = '', suffix = ''] = pattern.split('*')
      if (specifier.startsWith(prefix) && specifier.endsWith(suffix)) {
        const middle = specifier.slice(prefix.length, specifier.length - suffix.length)
        base = path.posix.normalize(target.replace('*', middle))
        break
      }
    }
  }
  if (base === undefined) return null
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.d.ts`,
    `${base}.mjs`,
    `${base}/index.ts`,
  ]) {
    if (exists(candidate)) return candidate
  }
  return null
}

function sourceFiles(): SourceFile[] {
  const files = SOURCE_FOLDERS.flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
      .filter((file) => SOURCE_FILE.test(file) && !file.startsWith('db/migrations/')),
  )
  const exists = (file: string) => {
    const full = path.join(root, file)
    return fs.existsSync(full) && fs.statSync(full).isFile()
  }
  const aliasMap = aliases()
  return files.map((file) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8')
    const imports = importsOf(text, file).map(({ specifier, typeOnly }) => ({
      specifier,
      typeOnly,
      target: resolveImport(file, specifier, exists, aliasMap),
    }))
    return { file, text, imports }
  })
}

/** The modules of db/ the browser may load: no Node, no database (docs/decisions/078-import-table-enforced.md). */
const BROWSER_SAFE_DB = new Set([
  'db/dto.ts',
  'db/validation.ts',
  'db/limits.ts',
  'db/list-params.ts',
  'db/schema-enums.ts',
  'db/slug.ts',
  'db/event-filters.ts',
  'db/event-links.ts',
  'db/registration-fields.ts',
  'db/clock.ts',
])

/** A router: a server file that makes one. They all live in server/api/ (checked below). */
const isRouter = (file: SourceFile) =>
  file.file.startsWith('server/') &&
  file.file !== 'server/api/router.server.ts' &&
  /export function create\w*Router\b|\bRouter\(\)/.test(file.text)

/** The files that mount routers: the API under /api, and the app the page-side routers at the root. */
const MOUNTS_ROUTERS = new Set(['server/api/router.server.ts', 'server/app.server.ts'])

/**
 * The layers of server/, highest first: what composes the process, routers, services, then what services
 * use (policy, auth, mail, uploads), then the base (configuration, logs, errors, caches). A file imports
 * its own layer and those below, never one above.
 */
const SERVER_LAYERS: [name: string, matches: (file: string) => boolean][] = [
  [
    'the process (main, app, build, cli, first run)',
    (file) =>
      [
        'server/main.ts',
        'server/app.server.ts',
        'server/start.mjs',
        'server/build.mjs',
        // What the first start creates: the first administrator, chapters and demo content.
        'server/first-run.server.ts',
        'server/demo-images.server.ts',
      ].includes(file) || file.startsWith('server/cli/'),
  ],
  ['routers (server/api/)', (file) => file.startsWith('server/api/')],
  ['services (server/services/)', (file) => file.startsWith('server/services/')],
  [
    'policy, auth, mail and uploads',
    (file) => under(file, 'server/policy', 'server/auth', 'server/mail', 'server/uploads'),
  ],
  ['the base of server/', () => true],
]
const layerOf = (file: string) => SERVER_LAYERS.findIndex(([, matches]) => matches(file))

/** The part of the table a file belongs to. */
function partOf(file: string): string {
  if (file.startsWith('components/shared/')) return 'components/shared'
  if (file.startsWith('server/services/')) return 'server/services'
  if (file.startsWith('server/policy/')) return 'server/policy'
  return file.split('/')[0] ?? file
}

const under = (file: string, ...folders: string[]) => folders.some((folder) => file.startsWith(`${folder}/`))
const isServerOnly = (file: string) => /\.server\.tsx?$/.test(file)
/** Page files that run only on the server: data hooks, guards and other `.server` files. */
const runsOnServerOnly = (file: string) => isServerOnly(file) || /\/\+data\.ts$/.test(file)

/** Why an import breaks the table, or null. */
function problemOf(file: SourceFile, imported: Import, routers: Set<string>): string | null {
  const from = file.file
  const target = imported.target
  const part = partOf(from)
  if (target === null) {
    const reactOrNode = /^(?:react|react-dom)(?:\/|$)|^node:/.test(imported.specifier)
    if (part === 'components/shared' && reactOrNode && !imported.typeOnly) {
      return 'shared code runs in the browser and on the server: no React, no Node'
    }
    return null
  }
  switch (part) {
    case 'content':
      return under(target, 'content') ? null : 'content/ is plain typed data: it imports nothing else of ours'
    case 'db':
      return under(target, 'db') ? null : 'db/ knows nothing of HTTP, pages or components'
    case 'components/shared':
      return under(target, 'components/shared') ? null : 'components/shared/ imports only itself'
    case 'components':
      if (isServerOnly(target)) return 'components never import .server files'
      if (under(target, 'components', 'content')) return null
      if (BROWSER_SAFE_DB.has(target)) return null
      return under(target, 'db')
        ? 'components import only the browser-safe modules of db/'
        : 'components import components/, content/ and browser-safe db/ only'
    case 'pages':
      if (under(target, 'pages', 'components', 'content', 'db', 'server/policy', 'server/services')) {
        if (!imported.typeOnly && isServerOnly(target) && !runsOnServerOnly(from)) {
          return 'only +data.ts and .server files of pages/ import .server files'
        }
        if (under(target, 'server') && !imported.typeOnly && !runsOnServerOnly(from)) {
          return 'only +data.ts and .server files of pages/ import server/'
        }
        return null
      }
      return 'pages import server/ only through server/policy/ and server/services/'
    default: {
      // server/, its policy and its services.
      if (!under(target, 'server', 'db', 'content', 'components/shared')) {
        return 'server/ imports db/, content/ and components/shared/ only'
      }
      if (routers.has(target) && !MOUNTS_ROUTERS.has(from)) {
        return isRouter(file)
          ? 'routers never import other routers'
          : 'only server/api/router.server.ts and server/app.server.ts mount routers'
      }
      if (under(target, 'server') && layerOf(target) < layerOf(from)) {
        const [above] = SERVER_LAYERS[layerOf(target)] ?? ['?']
        const [here] = SERVER_LAYERS[layerOf(from)] ?? ['?']
        return `${here} import nothing of ${above}: the layers of server/ run one way`
      }
      return null
    }
  }
}

/** Every import that breaks the table, `file: specifier (why)`, and every router outside server/api/. */
function boundaryProblems(files: SourceFile[]): string[] {
  const routers = new Set(files.filter(isRouter).map((file) => file.file))
  return files.flatMap((file) => [
    ...(routers.has(file.file) && !file.file.startsWith('server/api/')
      ? [`${file.file}: makes a router (routers live in server/api/)`]
      : []),
    ...file.imports.flatMap((imported) => {
      const problem = problemOf(file, imported, routers)
      return problem ? [`${file.file}: ${imported.specifier} (${problem})`] : []
    }),
  ])
}

/** The import cycles among the files in `folders` (types included: they tie the modules as much). */
function cyclesIn(files: SourceFile[], folders: string[]): string[] {
  const inScope = (file: string) => under(file, ...folders)
  const edges = new Map(
    files
      .filter((file) => inScope(file.file))
      .map((file) => [
        file.file,
        file.imports.flatMap(({ target }) => (target && inScope(target) ? [target] : [])),
      ]),
  )
  const state = new Map<string, 'open' | 'done'>()
  const trail: string[] = []
  const cycles: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    trail.push(file)
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), next].join(' -> '))
      else if (!state.has(next)) visit(next)
    }
    trail.pop()
    state.set(file, 'done')
  }
  for (const file of edges.keys()) if (!state.has(file)) visit(file)
  return cycles
}

/** A small tree for the checker's own tests: files by path, each with its text. */
function tree(files: Record<string, string>): SourceFile[] {
  const exists = (file: string) => Object.hasOwn(files, file)
  return Object.entries(files).map(([file, text]) => ({
    file,
    text,
    imports: importsOf(text).map(({ specifier, typeOnly }) => ({
      specifier,
      typeOnly,
      target: resolveImport(file, specifier, exists, [['#server/*', './server/*']]),
    })),
  }))
}

describe('import boundaries', () => {
  it('reads imports as the bundler does: types only, re-exports, dynamic imports, aliases', () => {
    const text = [
      "import fs from 'node:fs'",
      "import type { A } from './a'",
      "import { type B, type C } from './b'",
      "import D, { type E } from './d'",
      "import { type F, G } from './f'",
      "export { H } from './h'",
      "import './side-effect'",
      "const later = () => import('./later')",
      "// import { commented } from './commented'",
    ].join('\n')
    expect(importsOf(text)).toEqual([
      { specifier: 'node:fs', typeOnly: false },
      { specifier: './a', typeOnly: true },
      { specifier: './b', typeOnly: true },
      { specifier: './d', typeOnly: false },
      { specifier: './f', typeOnly: false },
      { specifier: './h', typeOnly: false },
      { specifier: './side-effect', typeOnly: false },
      { specifier: './later', typeOnly: false },
    ])
    const exists = (file: string) => ['server/x.server.ts', 'db/y.ts'].includes(file)
    expect(resolveImport('pages/p.ts', '../db/y', exists, [])).toBe('db/y.ts')
    expect(resolveImport('pages/p.ts', '#server/x.server', exists, [['#server/*', './server/*']])).toBe(
      'server/x.server.ts',
    )
    expect(resolveImport('pages/p.ts', 'react', exists, [])).toBeNull()
  })

  it('finds each kind of wrong import', () => {
    const problems = boundaryProblems(
      tree({
        'db/queries/a.server.ts': "import { x } from '../../server/x.server'",
        'components/Card.tsx':
          "import { q } from '../db/queries/a.server'\nimport { v } from '../db/validation'",
        'db/validation.ts': '',
        'components/shared/words.ts': "import { useState } from 'react'",
        'pages/p/+Page.tsx': "import { lookUp } from '#server/services/links.server'",
        'pages/p/+data.ts': "import { lookUp } from '#server/services/links.server'",
        'server/x.server.ts': "import { Card } from '../components/Card'",
        'server/services/links.server.ts': "import { readJson } from '../api/input.server'",
        'server/api/input.server.ts': '',
        'server/api/a.server.ts': "import { b } from './b.server'\nexport function createARouter() {}",
        'server/api/b.server.ts': 'export function createBRouter() {}',
        'server/api/router.server.ts': "import { createBRouter } from './b.server'",
        // A string that opens a comment, then a wrong import: read as code, not as the comment's inside.
        'components/Glob.tsx':
          "const pattern = 'uploads/*'\nimport { q } from '../db/queries/a.server'\nconst end = '*/'",
        'server/policy/p.server.ts': "import { links } from '../services/links.server'",
        // A router outside server/api/, and a mail module that reaches up into a service.
        'server/door/routes.server.ts': "import express from 'express'\nexport const r = express.Router()",
        'server/mail/m.server.ts': "import { links } from '../services/links.server'",
        'server/logger.server.ts': "import { readJson } from './api/input.server'",
      }),
    )
    expect(problems).toEqual([
      'db/queries/a.server.ts: ../../server/x.server (db/ knows nothing of HTTP, pages or components)',
      'components/Card.tsx: ../db/queries/a.server (components never import .server files)',
      'components/shared/words.ts: react (shared code runs in the browser and on the server: no React, no Node)',
      'pages/p/+Page.tsx: #server/services/links.server (only +data.ts and .server files of pages/ import .server files)',
      'server/x.server.ts: ../components/Card (server/ imports db/, content/ and components/shared/ only)',
      'server/services/links.server.ts: ../api/input.server (services (server/services/) import nothing of routers (server/api/): the layers of server/ run one way)',
      'server/api/a.server.ts: ./b.server (routers never import other routers)',
      'components/Glob.tsx: ../db/queries/a.server (components never import .server files)',
      'server/policy/p.server.ts: ../services/links.server (policy, auth, mail and uploads import nothing of services (server/services/): the layers of server/ run one way)',
      'server/door/routes.server.ts: makes a router (routers live in server/api/)',
      'server/mail/m.server.ts: ../services/links.server (policy, auth, mail and uploads import nothing of services (server/services/): the layers of server/ run one way)',
      'server/logger.server.ts: ./api/input.server (the base of server/ import nothing of routers (server/api/): the layers of server/ run one way)',
    ])
    // Text that only looks like an import is none.
    expect(
      importsOf(
        "const help = `import { x } from './x'`\n// import y from './y'\nconst s = \"import('./z')\"",
      ),
    ).toEqual([])
    expect(
      cyclesIn(
        tree({
          'components/ui/A.tsx': "import { B } from './B'",
          'components/ui/B.tsx': "import { A } from './A'",
        }),
        SOURCE_FOLDERS,
      ),
    ).toEqual(['components/ui/A.tsx -> components/ui/B.tsx -> components/ui/A.tsx'])
    expect(
      cyclesIn(
        tree({
          'db/queries/a.server.ts': "import type { T } from './b.server'",
          'db/queries/b.server.ts': "import { a } from './a.server'",
        }),
        ['db'],
      ),
    ).toEqual(['db/queries/a.server.ts -> db/queries/b.server.ts -> db/queries/a.server.ts'])
  })

  const files = sourceFiles()

  it('every import of ours resolves to a file', () => {
    const unresolved = files.flatMap((file) =>
      file.imports
        .filter(({ specifier, target }) => /^[.#]/.test(specifier) && target === null)
        .map(({ specifier }) => `${file.file}: ${specifier}`),
    )
    expect(files.length).toBeGreaterThan(300)
    expect(unresolved).toEqual([])
  })

  it('every import keeps to the table of docs/architecture.md', () => {
    expect(boundaryProblems(files)).toEqual([])
  })

  it('the aliases are the same for the bundler (package.json) and for tsc and esbuild (tsconfig.json)', () => {
    const tsconfig = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: { paths?: Record<string, string[]> }
    }
    const paths = Object.entries(tsconfig.compilerOptions.paths ?? {}).map(([alias, [target]]) => [
      alias,
      target,
    ])
    expect(paths).toEqual(aliases())
    expect(aliases().map(([alias]) => alias)).toEqual(SOURCE_FOLDERS.map((folder) => `#${folder}/*`).sort())
  })

  it('every folder imports in one direction: no cycles', () => {
    expect(cyclesIn(files, SOURCE_FOLDERS)).toEqual([])
  })
})
