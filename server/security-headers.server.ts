import { randomBytes } from 'node:crypto'
import type { RequestHandler, Response } from 'express'
import helmet from 'helmet'
import { YOUTUBE_PLAYER_ORIGIN } from '../components/chapter/youtube'
import type { SiteConfig } from '../content/schema'
import { site } from '../content/site'

/**
 * The browser-side defences of issue 7, in one place: which headers every response carries, and the
 * Content-Security-Policy of pages, of API answers and of uploaded files.
 *
 * Pages: only our own scripts run. Vike writes one inline `<script type="module">` on hydrated pages
 * (it imports the page's entry files); it carries a fresh nonce per response (pages.server.ts passes
 * it to renderPage). Its page context is `<script type="application/json">`, which CSP does not run.
 * No page is pre-rendered or cached: should one be, its inline script needs a sha256 hash here instead
 * of the nonce, because its bytes cannot change per response.
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

export type PagePolicyOptions = {
  /** The nonce of this response's inline scripts (production pages). */
  nonce?: string
  /** Served over https (PUBLIC_URL): ask the browser to upgrade any http:// sub-resource. */
  https: boolean
  /** Vite's development server: its inline scripts and hot-reload socket are allowed, only there. */
  development?: boolean
  config?: SiteConfig
}

export type Directives = Record<string, string[]>

export function pageDirectives(options: PagePolicyOptions): Directives {
  const scripts = ["'self'"]
  if (options.development) scripts.push("'unsafe-inline'")
  else if (options.nonce) scripts.push(`'nonce-${options.nonce}'`)
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': scripts,
    'script-src-attr': ["'none'"],
    // React renders style attributes; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Event banners may still be absolute URLs on the old image host (decisions §17).
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

/** The page policy of this server; with a nonce for a rendered page, without one for everything else. */
export function pagePolicy(options: SecurityHeaderOptions): (nonce?: string) => string {
  const base = {
    https: new URL(options.publicUrl).protocol === 'https:',
    development: options.development,
    config: options.config,
  }
  return (nonce) => serializePolicy(pageDirectives({ ...base, nonce }))
}

/**
 * The headers every response carries (helmet), with the page policy without a nonce as the default
 * Content-Security-Policy: the API, uploads and rendered pages replace it with their own.
 */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  const https = new URL(options.publicUrl).protocol === 'https:'
  const defaultPolicy = pagePolicy(options)()
  const headers = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Not `no-referrer`: the embedded video player refuses to play without the embedding site's origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  })
  return (req, res, next) => {
    res.setHeader(CSP_HEADER, defaultPolicy)
    headers(req, res, next)
  }
}

export function setPolicy(res: Response, policy: string): void {
  res.setHeader(CSP_HEADER, policy)
}
