// Plain JavaScript (typed with JSDoc, checked by tsc) because `npm start` runs it before anything is built.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import zlib from 'node:zlib'

/** What the build is made of; a change to any of these needs a new build. */
const buildInputs = [
  'server',
  'pages',
  'components',
  'content',
  'db',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
]

/** @param {string} root */
export const buildStampFile = (root) => path.join(root, 'dist', 'build-stamp.json')

/** @param {string} root */
export const serverBundleFile = (root) => path.join(root, 'dist', 'node', 'main.mjs')

/**
 * @param {string} target
 * @returns {Generator<string>}
 */
function* filesUnder(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false })
  if (!stat) return
  if (stat.isFile()) {
    yield target
    return
  }
  const entries = fs.readdirSync(target, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    yield* filesUnder(path.join(target, entry.name))
  }
}

/**
 * A hash of the build inputs' names and contents (not their times: a fresh clone has new ones).
 * @param {string} root
 */
export function hashBuildInputs(root) {
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

/** @param {string} root */
export function writeBuildStamp(root) {
  fs.writeFileSync(
    buildStampFile(root),
    JSON.stringify({ inputs: hashBuildInputs(root), builtAt: new Date() }),
  )
}

/**
 * True when dist/ was built from exactly the sources on disk now.
 * @param {string} root
 */
export function isBuildCurrent(root) {
  try {
    const stamp = JSON.parse(fs.readFileSync(buildStampFile(root), 'utf8'))
    return (
      stamp.inputs === hashBuildInputs(root) &&
      fs.existsSync(path.join(root, 'dist', 'server', 'entry.mjs')) &&
      fs.existsSync(serverBundleFile(root)) &&
      fs.existsSync(checkInWorkerFile(root))
    )
  } catch {
    return false
  }
}

/**
 * Runs `vite build` when dist/ is not current (`npm start`, the tests, the benchmark); true when dist/ is
 * current afterwards.
 * @param {string} root
 * @param {NodeJS.ProcessEnv} env the build's environment (NODE_ENV=production)
 */
export function buildIfStale(root, env) {
  if (isBuildCurrent(root)) return true
  console.log('Building the site (no current build found)...')
  const viteBin = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin',
    'vite.js',
  )
  const result = spawnSync(process.execPath, [viteBin, 'build'], { cwd: root, stdio: 'inherit', env })
  return result.status === 0
}

/**
 * Bundles the Express server (server/main.ts and what it imports from server/, db/, content/) into one
 * ES module; packages stay in node_modules. Production then runs plain `node`, without a TypeScript
 * loader in memory.
 * @param {string} root
 */
export async function bundleServer(root) {
  const esbuild = await import('esbuild')
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outfile: serverBundleFile(root),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    // The seed of the site's texts (content/site-texts.ts) names the shipped pictures it imports by a stable
    // key; the server needs the imports only to tell them apart (pages resolve keys in Vite's build).
    loader: { '.webp': 'file', '.jpg': 'file' },
    assetNames: 'content-images/[name]-[hash]',
  })
}

/** The check-in page's build files (vite.config.ts lists them), relative to dist/client. */
export const CHECK_IN_FILES = 'check-in-files.json'

/** @param {string} root */
export const checkInWorkerFile = (root) => path.join(root, 'dist', 'client', 'check-in-sw.js')

/**
 * Bundles the check-in page's service worker (components/check-in/service-worker.ts) into one classic
 * script: written to dist/client/check-in-sw.js by the build, or answered as text (development, where the
 * server bundles it when asked). The server serves it under each event's check-in page
 * (docs/decisions/093-check-in-app-offline-through-reloads.md).
 * @param {string} root
 * @param {{ write: boolean }} options
 * @returns {Promise<string>} the script
 */
export async function bundleCheckInWorker(root, { write }) {
  const esbuild = await import('esbuild')
  // Development builds nothing to list: there the worker keeps what the page loads.
  const listed = path.join(root, 'dist', 'client', CHECK_IN_FILES)
  const files = write && fs.existsSync(listed) ? fs.readFileSync(listed, 'utf8') : '[]'
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['components/check-in/service-worker.ts'],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify: write,
    define: { CHECK_IN_BUILD_FILES: files },
    write: false,
    logLevel: 'warning',
  })
  const text = result.outputFiles[0]?.text ?? ''
  if (write) fs.writeFileSync(checkInWorkerFile(root), text)
  return text
}

/** Build files worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE_ASSET = /\.(?:js|mjs|css|svg|json|txt|xml|html|map)$/
/** Below this a compressed copy saves less than it costs (the server compresses nothing smaller either). */
const PRECOMPRESS_MIN_BYTES = 1024

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every compressible file
 * of dist/client/assets, once at build time, so the server sends them without compressing per request
 * (docs/decisions/039-precompressed-assets-and-compression.md). Returns how many files got copies.
 * @param {string} root
 */
export function precompressAssets(root) {
  const assets = path.join(root, 'dist', 'client', 'assets')
  let count = 0
  for (const file of filesUnder(assets)) {
    if (!COMPRESSIBLE_ASSET.test(file)) continue
    const bytes = fs.readFileSync(file)
    if (bytes.length < PRECOMPRESS_MIN_BYTES) continue
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    )
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }))
    count++
  }
  return count
}
