import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig, type Plugin } from 'vite'
import { writeBuildStamp } from './server/build-stamp.server.ts'

/** After the server bundle is written, record which sources it was built from (npm start checks it). */
function buildStamp(): Plugin {
  return {
    name: 'chapter:build-stamp',
    apply: 'build',
    closeBundle() {
      if (this.environment.name === 'ssr') writeBuildStamp(process.cwd())
    },
  }
}

export default defineConfig({
  plugins: [vike(), react(), tailwindcss(), buildStamp()],
  // Every static asset is imported by a component and gets a hashed name; nothing is copied as is.
  publicDir: false,
  build: {
    // Pictures stay files (cached, lazy-loaded) instead of base64 inside the HTML; small SVGs may inline.
    assetsInlineLimit: (file) => (/\.(webp|avif|jpe?g|png|gif)$/.test(file) ? false : undefined),
  },
})
