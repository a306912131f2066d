import fs from 'node:fs'
import path from 'node:path'
import type { ServerProcess } from '../support/server-process'

/**
 * The server's memory, read from outside for `npm run bench` and `npm run load-test`: resident memory from
 * /proc (Linux), sampled all along to catch the peak, and on request the heap after a forced collection,
 * through tests/bench/memory-probe.mjs loaded into the server.
 */

export type MemoryReading = { rssMb: number; heapMb: number }

/** Node options and environment that load the probe into a server (pass them to startServer). */
export function memoryProbeOptions(dir: string): { nodeArgs: string[]; env: Record<string, string> } {
  return {
    nodeArgs: ['--expose-gc', '--import', path.join(import.meta.dirname, 'memory-probe.mjs')],
    env: { MEMORY_PROBE_FILE: path.join(dir, 'memory-probe.json') },
  }
}

export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024)
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10

/** Asks the probe for a reading: RSS as it is, the heap after a forced GC. */
export async function readMemory(server: ServerProcess, dir: string): Promise<MemoryReading> {
  const file = memoryProbeOptions(dir).env.MEMORY_PROBE_FILE ?? ''
  const askedAt = Date.now()
  server.child.kill('SIGUSR2')
  for (let waited = 0; waited < 10_000; waited += 20) {
    try {
      const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        at: number
        rss: number
        heapUsed: number
      }
      if (report.at >= askedAt) return { rssMb: mb(report.rss), heapMb: mb(report.heapUsed) }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('the server did not answer the memory probe (was it started with memoryProbeOptions?)')
}

/** Samples the server's RSS every 250 ms until stopped; the peak is the figure. */
export function sampleResident(pid: number): { peakMb: () => number; stop: () => void } {
  let peak = residentMb(pid)
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, residentMb(pid))
    } catch {}
  }, 250)
  timer.unref()
  return { peakMb: () => peak, stop: () => clearInterval(timer) }
}
