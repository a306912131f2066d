import fs from 'node:fs'
import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig, type Plugin, type Rollup } from 'vite'
import {
  bundleCheckInWorker,
  bundleServer,
  CHECK_IN_FILES,
  precompressAssets,
  writeBuildStamp,
} from './server/build.mjs'

/** The check-in page's own entry among the client's (Vike names it after the page's folder). */
const CHECK_IN_ENTRY = /^assets\/entries\/pages_dashboard_events_-id_check-in\.[\w-]+\.js$/
/** Vike's client-routing entry, which every page's HTML loads. */
const CLIENT_ROUTING_ENTRY = /^assets\/entries\/entry-client-routing\.[\w-]+\.js$/

/**
 * Lists the build files the check-in page may load, for its service worker to keep before the door goes
 * offline (docs/decisions/093-check-in-app-offline-through-reloads.md): the page's entry with everything
 * it imports, later ones too (the QR reader and its WebAssembly), their styles and files, and the
 * client-routing entry with what it imports at once (not the other pages it may load). Written as
 * dist/client/check-in-files.json; the service worker's bundle reads it.
 */
function checkInFiles(): Plugin {
  return {
    name: 'chapter:check-in-files',
    apply: 'build',
    // Once the bundle is final (after Vite has dropped its pure-CSS chunks).
    writeBundle(options, bundle) {
      if (this.environment.name !== 'client') return
      const files = new Set<string>()
      const visit = (fileName: string, withLater: boolean) => {
        if (files.has(fileName)) return
        const output = bundle[fileName]
        if (!output) return
        files.add(fileName)
        if (output.type !== 'chunk') return
        const chunk = output as Rollup.OutputChunk & {
          viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> }
        }
        for (const file of chunk.viteMetadata?.importedCss ?? []) files.add(file)
        for (const file of chunk.viteMetadata?.importedAssets ?? []) files.add(file)
        for (const imported of chunk.imports) visit(imported, withLater)
        // Not another page's entry (the client router can load any page): the door needs its own alone.
        if (withLater)
          for (const imported of chunk.dynamicImports)
            if (!imported.startsWith('assets/entries/')) visit(imported, withLater)
      }
      const names = Object.keys(bundle)
      const entry = names.find((name) => CHECK_IN_ENTRY.test(name))
      const routing = names.find((name) => CLIENT_ROUTING_ENTRY.test(name))
      if (!entry || !routing)
        this.error('The check-in page or the client-routing entry is missing from the build')
      visit(entry, true)
      visit(routing, false)
      fs.writeFileSync(
        path.join(options.dir ?? 'dist/client', CHECK_IN_FILES),
        JSON.stringify([...files].sort().map((file) => `/${file}`)),
      )
    },
  }
}

/**
 * After the page bundles are written, bundle the Express server and the check-in page's service worker
 * too, precompress the client's build files (brotli and gzip next to each), and record which sources the
 * build was made from (`npm start` compares it with the sources on disk).
 */
function serverBundleAndStamp(): Plugin {
  return {
    name: 'chapter:server-bundle-and-stamp',
    apply: 'build',
    async closeBundle() {
      if (this.environment.name !== 'ssr') return
      await bundleServer(process.cwd())
      await bundleCheckInWorker(process.cwd(), { write: true })
      precompressAssets(process.cwd())
      writeBuildStamp(process.cwd())
    },
  }
}

export default defineConfig({
  plugins: [vike(), react(), tailwindcss(), checkInFiles(), serverBundleAndStamp()],
  // Every static asset is imported by a component and gets a hashed name; nothing is copied as is.
  publicDir: false,
  build: {
    // Pictures stay files (cached, lazy-loaded) instead of base64 inside the HTML; small SVGs may inline.
    assetsInlineLimit: (file) => (/\.(webp|avif|jpe?g|png|gif)$/.test(file) ? false : undefined),
  },
})
