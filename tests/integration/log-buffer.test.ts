import { spawn } from 'node:child_process'
import path from 'node:path'
import autocannon from 'autocannon'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sampleResident } from '../bench/memory'
import { projectRoot, withoutTestRunnerVariables } from '../support/build'
import { allowTimeForProcesses } from '../support/process-budget'
import { type ServerProcess, startServer } from '../support/server-process'

allowTimeForProcesses()

/**
 * The server's log lines are buffered (server/logger.server.ts): a line must still show up on an idle
 * server within about a second, and the last lines before an exit must not be lost. The buffer is bounded:
 * while nothing reads standard output, lines beyond it are dropped and counted, and the process keeps its
 * memory (docs/decisions/043-buffered-log-output.md).
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

/** The load test's limit on the server's resident memory (docs/decisions/034-load-test.md). */
const RSS_LIMIT_MB = 250
/** What the server holds back at most (server/logger.server.ts). */
const LOG_BUFFER_MAX_MB = 4

const running: ServerProcess[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')))
})

describe('a reader of standard output that stops reading', () => {
  it.each(['json', 'pretty'] as const)(
    '%s lines: the logger holds a bounded amount and counts what it dropped',
    async (format) => {
      // The process writes 200 MB of lines into a pipe nobody reads, says how much memory it holds, then idles.
      const run = spawn(
        process.execPath,
        [
          path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
          '--eval',
          `import { createLogger } from './server/logger.server.ts'
         const logger = createLogger('info', undefined, '${format}')
         const text = 'x'.repeat(1000)
         let written = 0
         const more = () => {
           for (let i = 0; i < 1000; i++) logger.info({ n: written++, text }, 'line')
           if (written < 200_000) setImmediate(more)
           else process.stderr.write(JSON.stringify({ written, heapUsed: process.memoryUsage().heapUsed }) + '\\n')
         }
         more()
         setTimeout(() => {}, 60_000)`,
        ],
        { cwd: projectRoot, env: withoutTestRunnerVariables(), stdio: ['ignore', 'pipe', 'pipe'] },
      )
      try {
        let report = ''
        run.stderr.on('data', (chunk) => {
          report += chunk
        })
        const exited = new Promise((resolve) => run.once('exit', resolve))
        while (!report.includes('\n') && run.exitCode === null && run.signalCode === null)
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 50))])
        const { written, heapUsed } = JSON.parse(report) as { written: number; heapUsed: number }
        expect(written).toBe(200_000)
        expect(heapUsed / 1024 / 1024).toBeLessThan(64)

        // Read again: the held lines, then one line with the count of the others.
        let output = ''
        run.stdout.on('data', (chunk) => {
          output += chunk
        })
        const deadline = Date.now() + 20_000
        while (!/Log lines dropped/.test(output) && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50))
        const dropped = Number(/"?droppedLines"?:\s*(\d+)/.exec(output)?.[1])
        expect(dropped).toBeGreaterThan(100_000)
        // Every line is either written or counted.
        const kept = output.split('\n').filter((line) => /"?n"?:\s*\d+/.test(line)).length
        expect(kept + dropped).toBe(written)
      } finally {
        run.kill('SIGKILL')
      }
    },
    60_000,
  )

  it('under 60 s of load the server stays up with its memory bounded; once read again, one line says how many lines were dropped', async () => {
    // Every cached answer gets its line (they are only counted by default), so the load writes lines.
    const server = await startServer({
      env: { LOG_LEVEL: 'info', LOG_FORMAT: 'json', SEED_DEMO: 'false', LOG_CACHE_HITS: 'true' },
    })
    running.push(server)
    const { child } = server
    expect((await fetch(`${server.url}/about`)).status).toBe(200)
    // From here on nobody reads the pipe: once its few kilobytes are full, every write the server makes waits.
    child.stdout?.pause()

    // A cached page, asked for with a long query it does not read (answered from the front cache as /about):
    // about 8 KB of log line per request, so the load writes hundreds of megabytes of lines at a rate that
    // is easy on the machine. Loopback only, a bounded rate.
    const target = `/about?q=${'lorem-ipsum-dolor-sit-amet-'.repeat(300)}`
    const lineBytes = target.length + 200
    const resident = sampleResident(child.pid ?? 0)
    const load = await autocannon({
      url: `${server.url}${target}`,
      connections: 8,
      overallRate: 1500,
      duration: 60,
      timeout: 10,
    })
    resident.stop()
    expect(child.exitCode, server.output().slice(-2000)).toBeNull()
    expect(child.signalCode).toBeNull()
    expect(load.errors + load.timeouts + load.non2xx).toBe(0)
    // The load wrote far more than the buffer may hold, so lines were dropped...
    expect(load.requests.total * lineBytes).toBeGreaterThan(25 * LOG_BUFFER_MAX_MB * 1024 * 1024)
    // ...and the memory stayed within bounds all along.
    expect(resident.peakMb()).toBeLessThan(RSS_LIMIT_MB)

    // The reader is back: what was held is written, then one line counts what was not.
    const before = server.output().length
    child.stdout?.resume()
    const deadline = Date.now() + 20_000
    let notice: { level: number; droppedLines: number; msg: string } | undefined
    while (!notice && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      const line = server
        .output()
        .split('\n')
        .find((text) => text.includes('"droppedLines"'))
      if (line) notice = JSON.parse(line)
    }
    expect(notice, 'no line about dropped lines').toBeDefined()
    expect(notice?.level).toBe(40)
    expect(notice?.droppedLines).toBeGreaterThan(0)
    expect(notice?.droppedLines).toBeLessThan(load.requests.total)
    expect(server.output().length - before).toBeGreaterThan(0)
    // Lines flow as before: a new request's line arrives.
    const after = await fetch(`${server.url}/about?from=after-the-pause`)
    expect(after.status).toBe(200)
    const id = after.headers.get('x-request-id') ?? ''
    const until = Date.now() + 5_000
    while (!server.output().includes(id) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.output()).toContain(id)
    // One line per pause: the count is not repeated.
    expect(server.output().split('"droppedLines"').length - 1).toBe(1)
  }, 180_000)
})
