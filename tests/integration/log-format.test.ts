import { afterEach, describe, expect, it } from 'vitest'
import { logFormatFor } from '#server/logger.server'
import { allowTimeForProcesses } from '../support/process-budget'
import { type ServerProcess, startServer } from '../support/server-process'

allowTimeForProcesses()

/**
 * Logs a person can read: pino-pretty lines on a terminal or with LOG_FORMAT=pretty, JSON lines (as before)
 * under a supervisor, into a pipe, or with LOG_FORMAT=json.
 */

const running: ServerProcess[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()))
})

/** A server with LOG_FORMAT as given, one page request, and what it printed after stopping. */
async function linesOf(format: string | undefined): Promise<string[]> {
  const server = await startServer({
    env: { LOG_LEVEL: 'info', SEED_DEMO: 'false', ...(format ? { LOG_FORMAT: format } : {}) },
  })
  running.push(server)
  expect((await fetch(`${server.url}/api/health?from=log-format`)).status).toBe(200)
  await server.stop()
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('/api/health?from=log-format'))
}

describe('log format', () => {
  it('chooses readable lines for a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(logFormatFor(undefined, true)).toBe('pretty')
    expect(logFormatFor(undefined, false)).toBe('json')
    expect(logFormatFor(undefined, undefined)).toBe('json')
    expect(logFormatFor('json', true)).toBe('json')
    expect(logFormatFor('pretty', false)).toBe('pretty')
  })

  it('LOG_FORMAT=pretty prints readable lines: time, level, message, the request', async () => {
    const [line, ...more] = await linesOf('pretty')
    expect(more).toEqual([])
    expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: request completed /)
    expect(line).toMatch(/"method":"GET"/)
    expect(line).toMatch(/"statusCode":200/)
    expect(line?.startsWith('{')).toBe(false)
  })

  it('LOG_FORMAT=json, and no LOG_FORMAT into a pipe, print one JSON object per line', async () => {
    for (const format of ['json', undefined]) {
      const [line, ...more] = await linesOf(format)
      expect(more).toEqual([])
      const parsed = JSON.parse(line as string)
      expect(parsed).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', url: '/api/health?from=log-format' },
        res: { statusCode: 200 },
      })
    }
  })

  it('refuses an unknown LOG_FORMAT with one line naming it', async () => {
    await expect(startServer({ env: { LOG_FORMAT: 'xml' }, timeoutMs: 20_000 })).rejects.toThrow(
      /Invalid configuration: LOG_FORMAT/,
    )
  })
})
