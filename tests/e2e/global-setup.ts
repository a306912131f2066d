import { ensureProductionBuild } from '../support/build'
import { startServer } from '../support/server-process'

export const E2E_ADMIN = { email: 'admin@example.org', password: 'e2e admin password' }

/**
 * One production server for the browser tests, on a fresh data directory with the demo content and a
 * known administrator. Tests that change data create their own rows and clean them up.
 */
export default async function globalSetup() {
  ensureProductionBuild()
  const server = await startServer({
    env: { ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password, RATE_LIMIT_SCALE: '1000' },
  })
  process.env.E2E_BASE_URL = server.url
  process.env.E2E_DATA_DIR = server.dataDir
  return async () => {
    await server.stop()
    // The server's own account of an answer a test did not expect (a 500): CI shows only what is printed.
    const errors = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{"level":50') || line.startsWith('{"level":60'))
    if (errors.length > 0)
      console.error(`The e2e server logged ${errors.length} error(s):\n${errors.join('\n')}`)
  }
}
