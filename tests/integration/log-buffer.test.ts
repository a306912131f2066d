import { spawn } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot, withoutTestRunnerVariables } from '../support/build'

/**
 * The server's log lines are buffered (server/logger.server.ts): a line must still show up on an idle
 * server within about a second, and the last lines before an exit must not be lost.
 */
function runLogger(source: string): { lines: () => string[]; exited: Promise<number | null> } {
  const child = spawn(
    process.execPath,
    [path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--eval', source],
    { cwd: projectRoot, env: withoutTestRunnerVariables(), stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  return {
    lines: () => output.split('\n').filter(Boolean),
    exited: new Promise((resolve) => child.once('exit', resolve)),
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const importLogger = `import { createLogger } from './server/logger.server.ts'; const logger = createLogger('info');`

describe('buffered log output', () => {
  it('an idle process still writes its line within the flush interval', async () => {
    // The process logs one line, then idles 4 s before exiting. Buffered until exit, the line would arrive
    // with the exit; flushed within the interval (1 s), it arrives seconds before. Measured against the
    // exit, not the spawn, so a slow start on a busy machine cannot fail it.
    const run = runLogger(`${importLogger} logger.info('alone'); setTimeout(() => {}, 4000)`)
    let arrivedAt = 0
    const exited = run.exited.then(() => Date.now())
    while (!arrivedAt && !(await Promise.race([exited.then(() => true), sleep(20).then(() => false)])))
      if (run.lines().some((line) => line.includes('"msg":"alone"'))) arrivedAt = Date.now()
    const exitedAt = await exited
    expect(arrivedAt, 'the line arrived only with the exit').toBeGreaterThan(0)
    expect(exitedAt - arrivedAt).toBeGreaterThan(2000)
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
