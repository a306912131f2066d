/**
 * `npm run lighthouse [-- --events 2000 --pages finding --json file --keep dir]`: Lighthouse (mobile, its default
 * emulation and throttling) over `/`, `/events`, an event page, a chapter landing, a committee page, a post,
 * `/events` with filters and this month's calendar of the production server, on a fresh data directory
 * filled like the benchmark's (`--pages finding`: only the last two; `--pages content`: the home page, the
 * committee page and the post). Each page is asked for once first, so Lighthouse meets it in the front
 * cache, as most visitors do. Prints the four category scores per page as a
 * markdown table, and every audit that did not pass in full, so a score under 100 says why. `--keep` keeps
 * Lighthouse's whole reports in a folder (its long tasks, the main thread's work by kind) to read after.
 * Chromium: CHROME_PATH, or Playwright's, or Debian's /usr/bin/chromium.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { ensureProductionBuild, projectRoot } from '../support/build'
import { systemChromium } from '../support/chromium'
import { freshDataDir, startServer } from '../support/server-process'
import { siteClock } from '../support/site-clock'
import { SEEDED_COMMITTEE, SEEDED_POST, seedBenchData } from './seed'

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '2000' },
    pages: { type: 'string', default: 'all' },
    json: { type: 'string' },
    keep: { type: 'string' },
  },
})

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof CATEGORIES)[number]

type Audit = {
  id: string
  title: string
  score: number | null
  scoreDisplayMode: string
  displayValue?: string
}
type Report = {
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>
  audits: Record<string, Audit>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** The browser Lighthouse drives: CHROME_PATH, the system Chromium, or Playwright's own. */
function chromePath(): string {
  const fromEnv = process.env.CHROME_PATH
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv
  const system = systemChromium()
  if (system) return system
  const bundled = chromium.executablePath()
  if (bundled && fs.existsSync(bundled)) return bundled
  throw new Error('No Chromium: set CHROME_PATH, or `apt-get install -y chromium`.')
}

function runLighthouse(url: string, output: string): Promise<void> {
  const bin = path.join(projectRoot, 'node_modules', 'lighthouse', 'cli', 'index.js')
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        bin,
        url,
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
        `--only-categories=${CATEGORIES.join(',')}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --disable-dev-shm-usage --no-first-run --disable-background-networking --disable-component-update --disable-sync',
      ],
      { env: { ...process.env, CHROME_PATH: chromePath() }, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let errors = ''
    child.stderr.on('data', (chunk) => {
      errors += chunk
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`lighthouse failed on ${url} (${code}):\n${errors}`)),
    )
  })
}

/**
 * Lighthouse sometimes loses its own trace ("Something went wrong with recording the trace ... Please run
 * Lighthouse again", NO_NAVSTART) on a busy machine; such a run is repeated, twice at most. Any other
 * failure stops the script.
 */
async function runLighthouseAgainIfAsked(url: string, output: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, output)
    } catch (error) {
      if (attempt >= 3 || !/Please run Lighthouse again/.test(String(error))) throw error
      console.log(`Lighthouse asked to be run again on ${url}; attempt ${attempt + 1}`)
    }
  }
}

/**
 * One plain request before Lighthouse's: a visitor meets a page the front cache already holds (the first
 * visit after a start or a change renders it once, for everyone after), so the page is measured as most
 * visitors get it, not as its one cold render on a just-started process.
 */
async function warmUp(url: string): Promise<void> {
  const answer = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } })
  await answer.arrayBuffer()
  if (!answer.ok) throw new Error(`${url} answered ${answer.status} before Lighthouse ran`)
}

async function main() {
  ensureProductionBuild()
  const dataDir = freshDataDir('chapter-lighthouse-')
  const data = await seedBenchData(dataDir, Number(values.events))
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const server = await startServer({
    dataDir,
    env: {
      PORT: String(port),
      PUBLIC_URL: origin,
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'lighthouse-admin@example.org',
      ADMIN_PASSWORD: 'lighthouse admin password',
    },
  })
  const finding = [
    { name: '/events with filters', path: '/events?mode=online&q=machine+learning&registration=open' },
    {
      name: "this month's calendar",
      path: `/events/calendar/${siteClock.today().slice(0, 7)}?chapter=${data.chapterSlug}`,
    },
  ]
  const content = [
    { name: 'a committee page', path: SEEDED_COMMITTEE },
    { name: 'a post', path: `/blogs/${SEEDED_POST}` },
  ]
  const parts: Record<string, typeof finding> = {
    all: [
      { name: '/', path: '/' },
      { name: '/events', path: '/events' },
      { name: 'an event page', path: `/events/${data.eventId}` },
      { name: 'a chapter landing', path: `/chapter/${data.chapterSlug}` },
      ...content,
      ...finding,
    ],
    finding,
    content: [{ name: '/', path: '/' }, ...content],
  }
  const pages = parts[values.pages ?? 'all'] ?? parts.all ?? []
  const reports: { name: string; path: string; report: Report }[] = []
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chapter-lighthouse-reports-'))
  try {
    for (const page of pages) {
      process.stderr.write(`Lighthouse: ${page.path}\n`)
      await warmUp(`${origin}${page.path}`)
      const output = path.join(work, `${reports.length}.json`)
      await runLighthouseAgainIfAsked(`${origin}${page.path}`, output)
      reports.push({ ...page, report: JSON.parse(fs.readFileSync(output, 'utf8')) as Report })
    }
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  const score = (value: number | null) => (value === null ? 'n/a' : String(Math.round(value * 100)))
  const lines = [
    `Lighthouse ${JSON.parse(fs.readFileSync(path.join(projectRoot, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version}, mobile (default emulation and simulated throttling), ${new Date().toISOString().slice(0, 10)}, ${chromePath()}.`,
    '',
    '| page | Performance | Accessibility | Best Practices | SEO |',
    '|---|---:|---:|---:|---:|',
    ...reports.map(
      ({ name, report }) =>
        `| ${name} | ${CATEGORIES.map((category) => score(report.categories[category].score)).join(' | ')} |`,
    ),
  ]
  const shortfalls: string[] = []
  for (const { name, report } of reports) {
    for (const category of CATEGORIES) {
      for (const ref of report.categories[category].auditRefs) {
        const audit = report.audits[ref.id]
        if (!audit || audit.score === null || audit.score >= 1 || ref.weight === 0) continue
        if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue
        shortfalls.push(
          `- ${name}, ${category}: ${audit.title} (${score(audit.score)}${audit.displayValue ? `, ${audit.displayValue}` : ''})`,
        )
      }
    }
  }
  if (shortfalls.length > 0) lines.push('', 'Audits that did not pass in full:', ...shortfalls)
  console.log(lines.join('\n'))
  if (values.json) {
    fs.writeFileSync(
      values.json,
      JSON.stringify(
        reports.map(({ name, path: target, report }) => ({
          name,
          path: target,
          scores: Object.fromEntries(
            CATEGORIES.map((category) => [category, report.categories[category].score]),
          ),
        })),
        null,
        2,
      ),
    )
  }
  if (values.keep) {
    fs.mkdirSync(values.keep, { recursive: true })
    for (const [index, { path: target }] of reports.entries()) {
      const name = target.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'home'
      fs.copyFileSync(path.join(work, `${index}.json`), path.join(values.keep, `${name}.json`))
    }
  }
  fs.rmSync(work, { recursive: true, force: true })
}

process.chdir(projectRoot)
await main()
