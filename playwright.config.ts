import fs from 'node:fs'
import { chromium, defineConfig, devices } from '@playwright/test'

/**
 * Chromium for the browser tests: Playwright's own build when it is installed (a developer machine),
 * otherwise the system one (CI installs Debian's chromium). No browser at all is an error, never a skip.
 */
function chromiumLaunchOptions() {
  const bundled = chromium.executablePath()
  if (bundled && fs.existsSync(bundled)) return {}
  const system = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate) => candidate && fs.existsSync(candidate),
  )
  if (!system) {
    throw new Error(
      'No Chromium found for the browser tests. Install one: `apt-get install -y chromium` (Debian) or ' +
        '`npx playwright install chromium`, or set CHROMIUM_PATH.',
    )
  }
  return {
    executablePath: system,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  }
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
