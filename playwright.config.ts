import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from './tests/support/chromium'

/** No browser at all is an error, never a skip. */
function browserOrFail() {
  const options = chromiumLaunchOptions()
  if (!options) {
    throw new Error(
      'No Chromium found for the browser tests. Install one: `apt-get install -y chromium` (Debian) or ' +
        '`npx playwright install chromium`, or set CHROMIUM_PATH.',
    )
  }
  return options
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // No retries: a retry hides a flaky test, and a flaky test is a bug to fix.
  retries: 0,
  // A page or two per test. A longer flow (several pages, uploads, a second browser, axe over many states)
  // calls test.slow() for three times this, or sets a budget of its own: never a timeout that only a fast
  // machine meets.
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: browserOrFail(),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
