import { generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import type { Page } from '@playwright/test'
import { build } from 'esbuild'
import { joinTicketCode, ticketPayload } from '#components/shared/ticket-code'
import { projectRoot } from '../support/build'

/**
 * The door phone's check of a scan, timed in Chromium (docs/decisions/082-check-in-on-the-device.md):
 * the page's own modules (the code's split, the Ed25519 verification with Web Crypto, the roster's
 * verdict) bundled as they are, run over `count` real signed codes one after another, as scans come.
 * The page is a blank https page answered by Playwright (Web Crypto needs a secure context; nothing
 * leaves the machine).
 */

export type VerificationResult = { count: number; valid: number; perSecond: number; msPerScan: number }

const ENTRY = `
export { importEventKey, verifyTicketSignature } from './components/check-in/verify.ts'
export { localRoster, verdictFor } from './components/check-in/verdict.ts'
export { splitTicketCode } from './components/shared/ticket-code.ts'
`

async function bundle(): Promise<string> {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: projectRoot, loader: 'ts' },
    bundle: true,
    format: 'iife',
    globalName: 'checkInDevice',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}

/** Codes of one event for `count` registrations, signed with a fresh key, and the key's raw public half. */
export function signedCodes(count: number) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const eventId = randomBytes(12).toString('hex')
  const registrations = Array.from({ length: count }, () => randomBytes(12).toString('hex'))
  const codes = registrations.map((registrationId) => {
    const payload = ticketPayload({ eventId, registrationId, ticketVersion: 1 })
    return joinTicketCode(payload, sign(null, payload, privateKey))
  })
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString('base64url')
  return { eventId, registrations, codes, publicKey: raw }
}

export async function measureTicketVerification(page: Page, count = 2000): Promise<VerificationResult> {
  const origin = 'https://check-in-bench.invalid'
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
  )
  await page.goto(`${origin}/`)
  await page.addScriptTag({ content: await bundle() })
  const { eventId, registrations, codes, publicKey } = signedCodes(count)
  return page.evaluate(
    async ({ eventId, registrations, codes, publicKey }) => {
      // biome-ignore lint/suspicious/noExplicitAny: the bundle's global, typed by the modules it holds.
      const device = (globalThis as any).checkInDevice
      const key = await device.importEventKey(publicKey)
      if (!key) throw new Error('This Chromium has no Ed25519 in Web Crypto')
      const roster = device.localRoster(
        eventId,
        registrations.map((id: string) => ({
          id,
          name: id,
          ticketVersion: 1,
          checkedInAt: null,
          checkedInBy: null,
        })),
        [],
      )
      let valid = 0
      const started = performance.now()
      for (const code of codes) {
        const split = device.splitTicketCode(code)
        const signatureValid = await device.verifyTicketSignature(key, split)
        if (device.verdictFor(roster, { split, signatureValid, online: false }).kind === 'admit') valid++
      }
      const seconds = (performance.now() - started) / 1000
      return {
        count: codes.length,
        valid,
        perSecond: codes.length / seconds,
        msPerScan: (seconds * 1000) / codes.length,
      }
    },
    { eventId, registrations, codes, publicKey },
  )
}
