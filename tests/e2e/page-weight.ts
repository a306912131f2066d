import zlib from 'node:zlib'
import type { Page, Response } from '@playwright/test'

/** A loaded script's path and its size gzipped at level 9 (as the server's precompressed files are). */
export type LoadedScript = [path: string, gzipBytes: number]

/**
 * Records every script a page loads, lazily imported ones included; `settled()` once the page is idle. Settling
 * stops the recording: a later navigation's scripts belong to the next collector, and a body that page asks for
 * after its own navigation or close would be refused by the browser.
 */
export function collectScripts(page: Page): { settled: () => Promise<LoadedScript[]> } {
  const pending: Promise<LoadedScript>[] = []
  const record = (response: Response) => {
    if (response.request().resourceType() !== 'script') return
    pending.push(
      response
        .body()
        .then((body) => [new URL(response.url()).pathname, zlib.gzipSync(body, { level: 9 }).length]),
    )
  }
  page.on('response', record)
  return {
    settled: () => {
      page.off('response', record)
      return Promise.all(pending)
    },
  }
}

export const gzippedTotal = (scripts: LoadedScript[]) => scripts.reduce((sum, [, bytes]) => sum + bytes, 0)
