import { spawn } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot, withoutTestRunnerVariables } from '../support/build'
import { allowTimeForProcesses } from '../support/process-budget'

allowTimeForProcesses()

/**
 * Signed-in console renders must leave nothing alive behind them. The probe
 * (tests/support/console-memory-probe.ts) renders the console list pages of an administrator and a
 * chapter a few thousand times in a process started with --expose-gc and reads the heap after a forced
 * collection, before and after. A render that kept ~100 KB alive (as a 5-minute query-cache timer per
 * server render once did) grows the heap by hundreds of MB here; a clean one by a few MB of compiled code
 * and fixed-size caches.
 */
const RENDERS = 2000
const ALLOWED_GROWTH_MB = 12

type ProbeResult = { renders: number; failures: number; seconds: number; baselineMb: number; afterMb: number }

function runProbe(renders: number): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        'tsx',
        // createApp seeds the site's texts from content/, whose pictures plain Node cannot import.
        '--import',
        './tests/support/assets-as-paths.mjs',
        path.join('tests', 'support', 'console-memory-probe.ts'),
        String(renders),
      ],
      { cwd: projectRoot, env: withoutTestRunnerVariables(), stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      const line = output.split('\n').find((text) => text.startsWith('{"renders"'))
      if (code !== 0 || !line) reject(new Error(`the probe exited with ${code}:\n${output}`))
      else resolve(JSON.parse(line) as ProbeResult)
    })
  })
}

describe('memory of signed-in console renders', () => {
  it(`returns to its baseline after ${RENDERS} renders of console list pages and a forced GC`, async () => {
    const result = await runProbe(RENDERS)
    expect(result.failures).toBe(0)
    expect(result.afterMb - result.baselineMb).toBeLessThan(ALLOWED_GROWTH_MB)
  }, 150_000)
})
