import { spawn } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { projectRoot, withoutTestRunnerVariables } from '../support/build'

/**
 * The server's log lines are buffered (server/logger.server.ts): a line must still show up on an idle
 * server within about a second, and the last lines before an exit must not be lost.
 */
function runLogger(source: string): {
  lines: () => string[]
  exited: Promise<number | null>
  /** Closes the process's stdin (a process waiting on it then exits). */
  endInput: () => void
} {
  const child = spawn(
    process.execPath,
    [path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--eval', source],
    { cwd: projectRoot, env: withoutTestRunnerVariables(), stdio: ['pipe', 'pipe', 'inherit'] },
  )
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  return {
    lines: () => output.split('\n').filter(Boolean),
    exited: new Promise((resolve) => child.once('exit', resolve)),
    endInput: () => child.stdin.end(),
  }
}

const importLogger = `import { createLogger } from './server/logger.server.ts'; const logger = createLogger('info');`

describe('buffered log output', () => {
  it('an idle process still writes its line within the flush interval', async () => {
    // The process logs one line, then idles until its input ends, which only the test ends, once the line
    // has arrived. Buffered until exit, the line would never arrive while the process runs.
    const run = runLogger(
      `${importLogger} logger.info('alone'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0))`,
    )
    let exited = false
    void run.exited.then(() => {
      exited = true
    })
    try {
      await vi.waitFor(
        () => {
          expect(exited, 'the process exited before its line arrived').toBe(false)
          expect(run.lines().some((line) => line.includes('"msg":"alone"'))).toBe(true)
        },
        { timeout: 15_000, interval: 20 },
      )
    } finally {
      run.endInput()
    }
    expect(await run.exited).toBe(0)
  })

  it('every line written before process.exit reaches the output', async () => {
    const run = runLogger(
      `${importLogger} for (let i = 0; i < 500; i++) logger.info({ i }, 'line'); process.exit(3)`,
    )
    expect(await run.exited).toBe(3)
    const numbers = run.lines().map((line) => JSON.parse(line).i)
    expect(numbers).toEqual(Array.from({ length: 500 }, (_, i) => i))
  })
})
