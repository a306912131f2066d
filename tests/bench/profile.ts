/**
 * `npx tsx tests/bench/profile.ts [-- --events 2000 --duration 8 --connections 16 --pages /about,/]`: where the
 * server's time goes on its uncached paths (or, with `--pages`, on the front cache's hits of those pages). Seeds the benchmark's data, starts the production server under
 * `--cpu-prof`, loads one path at a time (the events API's first page, a signed-in console list page),
 * and prints for each the share of CPU time by package (or our own source folder) and the functions
 * with the most self time. Each path gets its own server process, so each profile holds one path only.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ensureProductionBuild, projectRoot } from '../support/build'
import { freshDataDir, startServer } from '../support/server-process'
import { detectLoadTool, runLoad } from './load'
import { seedBenchData } from './seed'

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '16' },
    top: { type: 'string', default: '12' },
    /** Public pages to profile instead (comma-separated, anonymous): the front cache's hit path. */
    pages: { type: 'string' },
  },
})
const ADMIN = { email: 'profile-admin@example.org', password: 'profile admin password' }

type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** What a script URL belongs to: a package, our own top folder, node's internals, or V8's own work. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)'
  if (url.startsWith('node:')) return 'node internals'
  const modules = url.lastIndexOf('node_modules/')
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/')
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url)
  }
  const inDist = /\/dist\/(server|node)\//.exec(url)
  if (inDist) return `our code (dist/${inDist[1]})`
  return url.replace(/^file:\/\//, '').replace(`${projectRoot}/`, '')
}

function summarize(profile: Profile, top: number): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
  })
  let total = 0
  const byOwner = new Map<string, number>()
  const byFunction = new Map<string, number>()
  for (const [id, micros] of self) {
    const frame = byId.get(id)?.callFrame
    if (!frame) continue
    total += micros
    const owner = ownerOf(frame.url, frame.functionName)
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + micros)
    const name = `${frame.functionName || '(anonymous)'} (${owner}${frame.url ? `:${frame.lineNumber + 1}` : ''})`
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros)
  }
  const idle = (byOwner.get('(idle)') ?? 0) + (byOwner.get('(program)') ?? 0) * 0
  const busy = total - idle
  const share = (micros: number) => `${((micros / busy) * 100).toFixed(1)}%`
  const lines = [`busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s sampled`]
  lines.push('  by owner (self time):')
  for (const [owner, micros] of [...byOwner]
    .filter(([o]) => o !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    lines.push(`    ${share(micros).padStart(6)}  ${owner}`)
  lines.push('  by function (self time):')
  for (const [name, micros] of [...byFunction]
    .filter(([n]) => !n.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    lines.push(`    ${share(micros).padStart(6)}  ${name}`)
  return lines
}

async function profilePath(name: string, dataDir: string, target: string, withSession: boolean) {
  const profileDir = fs.mkdtempSync(path.join(dataDir, 'profile-'))
  const server = await startServer({
    dataDir,
    logFile: path.join(profileDir, 'server.log'),
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      RATE_LIMIT_SCALE: '1000000',
      LOG_LEVEL: 'info',
    },
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  })
  const headers: Record<string, string> = { 'Accept-Encoding': 'gzip, deflate, br, zstd' }
  try {
    if (withSession) {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
      headers.Cookie = `session=${((await login.json()) as { token: string }).token}`
    }
    const options = { url: `${server.url}${target}`, connections: Number(values.connections), headers }
    await runLoad(detectLoadTool(), { ...options, durationSeconds: 2 })
    const result = await runLoad(detectLoadTool(), { ...options, durationSeconds: Number(values.duration) })
    console.log(
      `\n${name} (${target}): ${Math.round(result.requestsPerSecond)} req/s, ${result.errors} errors`,
    )
  } finally {
    await server.stop()
  }
  const file = fs.readdirSync(profileDir).find((entry) => entry.endsWith('.cpuprofile'))
  if (!file) throw new Error(`no profile written in ${profileDir}`)
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as Profile
  for (const line of summarize(profile, Number(values.top))) console.log(line)
}

ensureProductionBuild()
const dataDir = freshDataDir('chapter-profile-')
try {
  await seedBenchData(dataDir, Number(values.events))
  if (values.pages)
    for (const page of values.pages.split(','))
      await profilePath('a cached public page', dataDir, page, false)
  else {
    await profilePath('events API, first page', dataDir, '/api/events?page=1&pageSize=20', false)
    await profilePath('signed-in console list', dataDir, '/dashboard/events', true)
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true })
}
