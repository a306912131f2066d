import zlib from 'node:zlib'
import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../support/chromium'

/** What a page ships, gzipped (level 9, as the server's precompressed files and cached pages are). */
export type PageBytes = { htmlGzip: number; jsGzip: number; scripts: string[] }

const gzipSize = (bytes: Buffer) => zlib.gzipSync(bytes, { level: 9 }).length

/**
 * Opens each page in Chromium and adds up what it loads: the HTML, and every script the page ends up
 * running, lazily imported ones included (a carousel's library counts on the page that shows one).
 * Returns null when there is no Chromium on this machine.
 */
export async function measurePageBytes(
  baseUrl: string,
  paths: string[],
): Promise<Map<string, PageBytes> | null> {
  const launch = chromiumLaunchOptions()
  if (!launch) return null
  const browser = await chromium.launch(launch)
  const measured = new Map<string, PageBytes>()
  try {
    for (const path of paths) {
      const page = await browser.newPage()
      const responses: Promise<[string, number]>[] = []
      let html = 0
      page.on('response', (response) => {
        const type = response.request().resourceType()
        if (type === 'script') {
          responses.push(
            response
              .body()
              .then((body) => [new URL(response.url()).pathname, gzipSize(body)] as [string, number]),
          )
        } else if (type === 'document') {
          responses.push(
            response.body().then((body) => {
              html = gzipSize(body)
              return ['document', html] as [string, number]
            }),
          )
        }
      })
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' })
      const scripts = (await Promise.all(responses)).filter(([name]) => name !== 'document')
      measured.set(path, {
        htmlGzip: html,
        jsGzip: scripts.reduce((sum, [, size]) => sum + size, 0),
        scripts: scripts.map(([name]) => name),
      })
      await page.close()
    }
  } finally {
    await browser.close()
  }
  return measured
}
