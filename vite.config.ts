import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig, type Plugin } from 'vite'
import { bundleCheckInWorker, bundleServer, precompressAssets, writeBuildStamp } from './server/build.mjs'

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
  plugins: [vike(), react(), tailwindcss(), serverBundleAndStamp()],
  // Every static asset is imported by a component and gets a hashed name; nothing is copied as is.
  publicDir: false,
  build: {
    // Pictures stay files (cached, lazy-loaded) instead of base64 inside the HTML; small SVGs may inline.
    assetsInlineLimit: (file) => (/\.(webp|avif|jpe?g|png|gif)$/.test(file) ? false : undefined),
  },
})
