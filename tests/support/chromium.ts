import fs from 'node:fs'
import { chromium } from '@playwright/test'

/**
 * Flags the system Chromium needs in a container: no sandbox (it may run as root), no GPU, and nothing
 * fetched on its own.
 */
export const SYSTEM_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The system Chromium (CHROMIUM_PATH, CHROME_PATH, Debian's), or undefined. */
export function systemChromium(): string | undefined {
  return [
    process.env.CHROMIUM_PATH,
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].find((candidate) => candidate && fs.existsSync(candidate))
}

/**
 * Chromium for the browser tests and the benchmark: Playwright's own build when it is installed (a
 * developer machine), otherwise the system one (CI installs Debian's chromium). Undefined when there is none.
 */
export function chromiumLaunchOptions(): { executablePath?: string; args?: string[] } | undefined {
  const bundled = chromium.executablePath()
  if (bundled && fs.existsSync(bundled)) return {}
  const system = systemChromium()
  return system ? { executablePath: system, args: SYSTEM_CHROMIUM_ARGS } : undefined
}
