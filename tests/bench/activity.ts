/**
 * `npx tsx tests/bench/activity.ts [-- --sizes 1000,1000000 --runs 30]`
 *
 * The activity log's list at 1k and 1M entries: fills a fresh database (the real migrations) with entries
 * spread over 400 days, 200 people, 50 chapters, every action and type, then times the list query the API
 * runs (a page of 50 newest first, and its capped total) for each filter the Activity page offers. Prints
 * the median and the 95th percentile in milliseconds per size as a markdown table.
 */
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openDataDirDatabase } from '#db/client.server'
import { type ActivityFilters, listActivityPage } from '#db/queries/activity.server'

const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '1000,1000000' }, runs: { type: 'string', default: '30' } },
})
const SIZES = (values.sizes ?? '').split(',').map(Number)
const RUNS = Number(values.runs)

const DAY = 24 * 60 * 60 * 1000
const ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'sign-in',
  'sign-out',
  'upload',
  'settings',
  'purge',
]
const TYPES = ['event', 'member', 'message', 'chapter', 'info', 'session', 'upload', 'settings']
const hex = (n: number) => n.toString(16).padStart(24, '0')

function fill(size: number) {
  const dataDir = path.join(os.tmpdir(), `activity-bench-${process.pid}-${size}`)
  const db = openDataDirDatabase(dataDir)
  const insert = db.$client.prepare(
    `INSERT INTO activity (id, at, actor_id, actor_name, action, type, item_id, item_title, chapter_id, details)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const now = Date.now()
  const started = performance.now()
  const batch = db.$client.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const person = i % 200
      insert.run(
        hex(i + 1),
        now - Math.floor(((size - i) / size) * 399 * DAY),
        hex(1_000_000_000 + person),
        `Person ${person}`,
        ACTIONS[i % ACTIONS.length],
        TYPES[(i >> 3) % TYPES.length],
        hex(2_000_000_000 + (i % 50_000)),
        `Item ${i % 50_000}`,
        hex(3_000_000_000 + (person % 50)),
        i % 3 === 0 ? '{"title":["Before","After"]}' : null,
      )
    }
  })
  for (let from = 0; from < size; from += 50_000) batch(from, Math.min(size, from + 50_000))
  db.$client.exec('ANALYZE')
  return { db, fillSeconds: (performance.now() - started) / 1000 }
}

const day = (ms: number) => new Date(new Date(ms).toDateString())

function cases(): [string, ActivityFilters & { page?: number }][] {
  const now = Date.now()
  return [
    ['all, newest first (page 1)', {}],
    ['all, page 20', { page: 20 }],
    ['one person', { actorId: hex(1_000_000_000 + 7) }],
    ['one action', { action: 'update' }],
    ['one type', { type: 'event' }],
    ["one chapter (an officer's view)", { chapterId: hex(3_000_000_000 + 3) }],
    ['last 7 days', { from: day(now - 7 * DAY), to: day(now + DAY) }],
    [
      'person + action + 30 days',
      { actorId: hex(1_000_000_000 + 7), action: 'update', from: day(now - 30 * DAY) },
    ],
    ['one item', { itemId: hex(2_000_000_000 + 1234) }],
  ]
}

function time(run: () => unknown): { median: number; p95: number } {
  const samples: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    run()
    samples.push(performance.now() - started)
  }
  samples.sort((a, b) => a - b)
  return { median: samples[Math.floor(RUNS / 2)] ?? 0, p95: samples[Math.floor(RUNS * 0.95)] ?? 0 }
}

const results = new Map<string, string[]>()
const fills: string[] = []
for (const size of SIZES) {
  const { db, fillSeconds } = fill(size)
  fills.push(`${size.toLocaleString('en-US')} entries filled in ${fillSeconds.toFixed(1)} s`)
  for (const [label, filters] of cases()) {
    let total = 0
    const { median, p95 } = time(() => {
      total = listActivityPage(db, { pageSize: 50, ...filters }).total
    })
    const row = results.get(label) ?? []
    row.push(`${median.toFixed(2)} / ${p95.toFixed(2)} (${total > 10_000 ? '10,000+' : total})`)
    results.set(label, row)
  }
  db.$client.close()
}

console.log(fills.join('\n'))
console.log(
  `\n| GET /api/activity, 50 a page: median / p95 ms (total) | ${SIZES.map((s) => s.toLocaleString('en-US')).join(' | ')} |`,
)
console.log(`|---|${SIZES.map(() => '---').join('|')}|`)
for (const [label, row] of results) console.log(`| ${label} | ${row.join(' | ')} |`)
