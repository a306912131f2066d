import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { projectRoot } from '../support/build'
import { allowTimeForProcesses } from '../support/process-budget'
import { type ServerProcess, startServer } from '../support/server-process'

allowTimeForProcesses()

/**
 * docs/decisions/108-no-async-hooks.md: no AsyncLocalStorage runs in the production server, so Node never
 * turns on its async hook for the process (every later write, timer and promise would pay for it).
 */

const PROBE = path.join(projectRoot, 'tests', 'support', 'async-local-storage-probe.mjs')

let server: ServerProcess | undefined
afterEach(async () => {
  await server?.stop('SIGKILL')
  server = undefined
})

describe('the production server without async hooks', () => {
  it('renders pages and answers the API without any AsyncLocalStorage context', async () => {
    server = await startServer({ env: { SEED_DEMO: 'false' }, nodeArgs: ['--import', PROBE] })
    for (const page of ['/', '/about', '/events', '/no-such-page', '/api/health']) {
      const answer = await fetch(`${server.url}${page}`)
      await answer.arrayBuffer()
      expect(answer.status).toBeLessThan(500)
    }
    expect(await server.stop('SIGTERM')).toBe(0)
    expect(server.output()).toContain('async-local-storage-contexts=0\n')
  })
})
