import { createHash, randomBytes } from 'node:crypto'
import type { OutgoingHttpHeaders } from 'node:http'
import type { RequestHandler, Response } from 'express'
import helmet from 'helmet'
import { YOUTUBE_PLAYER_ORIGIN } from '#components/shared/youtube'
import type { SiteConfig } from '#content/schema'
import { site } from '#content/site'
import { servesHttps } from './env.server'

/**
 * The browser-side defences of docs/decisions/027-security-headers-and-csp.md, in one place: which headers every response carries, and the
 * Content-Security-Policy of pages, of API answers and of uploaded files.
 *
 * Pages: only our own scripts run. Vike writes one inline `<script type="module">` on hydrated pages
 * (it imports the page's entry files). A page rendered for one response only (a signed-in visitor's)
 * carries a fresh nonce on it (pages.server.ts passes it to renderPage). A page rendered for the front
 * cache (server/front-cache.server.ts) is sent many times with the same bytes, so it is rendered without
 * a nonce and its policy names the sha256 hash of each inline script instead (docs/decisions/036-front-cache.md, docs/decisions/027-security-headers-and-csp.md). Its page
 * context is `<script type="application/json">`, which CSP does not run and which needs neither.
 *
 * To let the site embed something new, add its origin to `framedOrigins`; for a new kind of resource,
 * extend `pageDirectives`. tests/api/security-headers.test.ts and tests/e2e/csp.spec.ts check both.
 */

/** Everything the site shows in an <iframe>: the video player, the contact page's map, the co-sponsorship form. */
export function framedOrigins(config: SiteConfig = site): string[] {
  const origins = [
    YOUTUBE_PLAYER_ORIGIN,
    config.contact.mapEmbedUrl,
    config.links.technicalCosponsorshipForm,
  ].map((url) => new URL(url).origin)
  return [...new Set(origins)]
}

/** What lets a page's inline scripts run: this response's nonce, or the hashes of the scripts themselves. */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] }

export type PagePolicyOptions = {
  /** The nonce of this response's inline scripts (production pages rendered for one response). */
  nonce?: string
  /** The `sha256-...` sources of a cached page's inline scripts (production pages rendered for the cache). */
  scriptHashes?: readonly string[]
  /** Served over https (PUBLIC_URL): ask the browser to upgrade any http:// sub-resource. */
  https: boolean
  /** Vite's development server: its inline scripts and hot-reload socket are allowed, only there. */
  development?: boolean
  /** A page that compiles WebAssembly (the door page's QR reader): `'wasm-unsafe-eval'`, and no other eval. */
  webAssembly?: boolean
  config?: SiteConfig
}

export type Directives = Record<string, string[]>

export function pageDirectives(options: PagePolicyOptions): Directives {
  const scripts = ["'self'"]
  if (options.development) scripts.push("'unsafe-inline'")
  else if (options.nonce) scripts.push(`'nonce-${options.nonce}'`)
  else for (const hash of options.scriptHashes ?? []) scripts.push(`'${hash}'`)
  if (options.webAssembly) scripts.push("'wasm-unsafe-eval'")
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': scripts,
    'script-src-attr': ["'none'"],
    // React renders style attributes; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Event banners may still be absolute URLs on the old image host (docs/decisions/017-uploads-on-this-server.md).
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': options.development ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    'frame-src': framedOrigins(options.config),
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  }
  if (options.https) directives['upgrade-insecure-requests'] = []
  return directives
}

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ')
}

/** JSON answers are never documents: nothing may load or run in them. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/**
 * Uploaded images opened on their own: the browser's image view may show the image and its own styles,
 * nothing else; `sandbox` keeps even a mislabelled file from running as a page of this origin.
 */
export const UPLOAD_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox"

export const CSP_HEADER = 'Content-Security-Policy'

/** A fresh nonce for one response: 128 random bits (CSP Level 3 asks for at least that). */
export const newNonce = () => randomBytes(16).toString('base64')

export type SecurityHeaderOptions = {
  publicUrl: string
  development: boolean
  config?: SiteConfig
}

/**
 * The page policy of this server: with a nonce for a page rendered for one response, with the hashes of
 * its inline scripts for a page whose bytes are sent again (cached), with neither for everything else.
 */
export function pagePolicy(
  options: SecurityHeaderOptions,
): (scripts?: InlineScripts, page?: { webAssembly?: boolean }) => string {
  const base = {
    https: servesHttps(options.publicUrl),
    development: options.development,
    config: options.config,
  }
  return (scripts, page) =>
    serializePolicy(
      pageDirectives({
        ...base,
        webAssembly: page?.webAssembly,
        nonce: scripts && 'nonce' in scripts ? scripts.nonce : undefined,
        scriptHashes: scripts && 'hashes' in scripts ? scripts.hashes : undefined,
      }),
    )
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const SCRIPT_TYPE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i

/** A type the browser runs: none, a JavaScript MIME type, or module (data blocks such as JSON are not run). */
function isExecutableType(type: string | undefined): boolean {
  if (type === undefined) return true
  const value = type.trim().toLowerCase()
  return (
    value === '' || value === 'module' || /^(?:text|application)\/(?:x-)?(?:java|ecma)script$/.test(value)
  )
}

/**
 * The CSP hash source (`sha256-<base64>`) of every inline script in `html` that a browser would run, in
 * document order and without repeats. The hash covers the script's text exactly as written.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue
    const match = SCRIPT_TYPE.exec(attributes)
    if (!isExecutableType(match ? (match[1] ?? match[2] ?? match[3]) : undefined)) continue
    hashes.add(`sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`)
  }
  return [...hashes]
}

/**
 * The headers every response carries (helmet's, recorded once: running its dozen middlewares for each
 * request cost a twentieth of a small API answer), with the page policy without a nonce as the default
 * Content-Security-Policy: the API, uploads and rendered pages replace it with their own.
 */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  const defaultPolicy = pagePolicy(options)()
  const headers = helmetHeaders(options)
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value)
    res.setHeader(CSP_HEADER, defaultPolicy)
    next()
  }
}

/**
 * The headers helmet sets on every response of this server, as name and value pairs: what every response
 * carries, the front cache's answers made without Express too. Taken from helmet itself, once.
 */
export function helmetHeaders(options: SecurityHeaderOptions): [string, string][] {
  const https = servesHttps(options.publicUrl)
  const collected: OutgoingHttpHeaders = {}
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) => {
      collected[name] = value
    },
    removeHeader: (name: string) => {
      delete collected[name]
    },
    getHeader: (name: string) => collected[name],
  }
  let synchronous = false
  helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Not `no-referrer`: the embedded video player refuses to play without the embedding site's origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  })({} as never, recorder as never, () => {
    synchronous = true
  })
  if (!synchronous) throw new Error('helmet did not set its headers synchronously')
  return Object.entries(collected).map(([name, value]) => [name, String(value)])
}

export function setPolicy(res: Response, policy: string): void {
  res.setHeader(CSP_HEADER, policy)
}
