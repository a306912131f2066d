/**
 * Run as `node --expose-gc --import tsx tests/support/console-memory-probe.ts [renders]` (the memory
 * test does): the production app in this process, signed-in renders of the console list pages, and the
 * heap after a forced garbage collection before and after them, printed as one JSON line. A render that
 * leaves something alive (a timer holding its query cache, a subscription, a cache keyed by request)
 * shows as heap that a collection cannot give back.
 */

import { createContactMessage } from '#db/queries/contact.server'
import { createEvent } from '#db/queries/events.server'
import { addAccount, signIn, validEvent } from './api'
import { ensureProductionBuild } from './build'
import { startTestApp } from './test-app'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with node --expose-gc')
const renders = Number(process.argv[2] ?? 3000)
const CONCURRENCY = 8

/** heapUsed in MB once the garbage is gone (a few collections: weak references and finalizers settle). */
async function settledHeapMb(): Promise<number> {
  for (let i = 0; i < 4; i++) {
    gc?.()
    await new Promise((resolve) => setImmediate(resolve))
  }
  return process.memoryUsage().heapUsed / 1024 / 1024
}

ensureProductionBuild()
process.env.NODE_ENV = 'production'
const app = await startTestApp({ pages: 'production', env: { RATE_LIMIT_SCALE: '1000' } })
try {
  const admin = await addAccount(app.db, {
    role: 'admin',
    name: 'Memory Admin',
    email: 'memory-admin@example.org',
  })
  const chapter = await addAccount(app.db, { name: 'Memory Chapter', email: 'memory-chapter@example.org' })
  for (let i = 0; i < 30; i++) {
    // Half the chapter's, half an administrator's own (owned by no chapter).
    createEvent(app.db, i % 2 ? chapter.id : null, { ...validEvent(), title: `Memory event ${i}` })
    createContactMessage(app.db, {
      name: `Visitor ${i}`,
      email: `visitor${i}@example.org`,
      message: 'Hello.',
    })
  }
  const adminCookie = (await signIn(app, admin.email)).cookie
  const chapterCookie = (await signIn(app, chapter.email)).cookie
  const targets = [
    { path: '/dashboard/events', cookie: adminCookie },
    { path: '/dashboard/contact-list', cookie: adminCookie },
    { path: '/dashboard/chapters', cookie: adminCookie },
    { path: '/dashboard/events', cookie: chapterCookie },
    { path: '/dashboard/excom', cookie: chapterCookie },
  ]

  let failures = 0
  const renderMany = async (count: number) => {
    let next = 0
    const worker = async () => {
      while (next < count) {
        const target = targets[next++ % targets.length]
        if (!target) continue
        const response = await app.request(target.path, { headers: { cookie: target.cookie } })
        await response.arrayBuffer()
        if (response.status !== 200) failures++
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  }

  // Warm-up: every page's modules loaded and compiled, caches of fixed size filled.
  await renderMany(300)
  const baselineMb = await settledHeapMb()
  const startedAt = performance.now()
  await renderMany(renders)
  const seconds = (performance.now() - startedAt) / 1000
  const afterMb = await settledHeapMb()
  console.log(JSON.stringify({ renders, failures, seconds, baselineMb, afterMb }))
} finally {
  await app.close()
}
// Timers a leaking render left behind would keep the process alive for minutes.
process.exit(0)
