import { vi } from 'vitest'

/**
 * Gives every test of the calling file two minutes: the file's tests start server processes or run the
 * operator commands, and a start alone takes seconds on a busy two-core machine (30 s is the default).
 */
export function allowTimeForProcesses(): void {
  vi.setConfig({ testTimeout: 120_000 })
}
