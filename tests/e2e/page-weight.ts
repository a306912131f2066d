import zlib from 'node:zlib'
import type { Page } from '@playwright/test'

/** A loaded script's path and its size gzipped at level 9 (as the server's precompressed files are). */
export type LoadedScript = [path: string, gzipBytes: number]

/** Records every script a page loads, lazily imported ones included; `settled()` once the page is idle. */
export function collectScripts(page: Page): { settled: () => Promise<LoadedScript[]> } {
  const pending: Promise<LoadedScript>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    pending.push(
      response
        .body()
        .then((body) => [new URL(response.url()).pathname, zlib.gzipSync(body, { level: 9 }).length]),
    )
  })
  return { settled: () => Promise.all(pending) }
}

export const gzippedTotal = (scripts: LoadedScript[]) => scripts.reduce((sum, [, bytes]) => sum + bytes, 0)
