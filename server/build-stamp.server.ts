import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** What the client and page bundles are made of; a change to any of these needs a new build. */
const buildInputs = [
  'pages',
  'components',
  'content',
  'db',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
]

export const buildStampFile = (root: string) => path.join(root, 'dist', 'build-stamp.json')

function* filesUnder(target: string): Generator<string> {
  const stat = fs.statSync(target, { throwIfNoEntry: false })
  if (!stat) return
  if (stat.isFile()) {
    yield target
    return
  }
  for (const entry of fs
    .readdirSync(target, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    yield* filesUnder(path.join(target, entry.name))
  }
}

/** A hash of the build inputs' names and contents (not their times: a fresh clone has new ones). */
export function hashBuildInputs(root: string): string {
  const hash = createHash('sha256')
  for (const input of buildInputs) {
    for (const file of filesUnder(path.join(root, input))) {
      hash.update(path.relative(root, file))
      hash.update('\0')
      hash.update(fs.readFileSync(file))
      hash.update('\0')
    }
  }
  return hash.digest('hex')
}

export function writeBuildStamp(root: string): void {
  fs.writeFileSync(
    buildStampFile(root),
    JSON.stringify({ inputs: hashBuildInputs(root), builtAt: new Date() }),
  )
}

/** True when dist/ was built from exactly the sources on disk now. */
export function isBuildCurrent(root: string): boolean {
  try {
    const stamp = JSON.parse(fs.readFileSync(buildStampFile(root), 'utf8')) as { inputs?: string }
    return (
      stamp.inputs === hashBuildInputs(root) && fs.existsSync(path.join(root, 'dist', 'server', 'entry.mjs'))
    )
  } catch {
    return false
  }
}
