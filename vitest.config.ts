import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    globalSetup: ['tests/support/vitest-global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
})
