import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'
import { site } from '#content/site'
import faviconUrl from './favicon.svg'

export default {
  extends: [vikeReact],
  lang: 'en',
  favicon: faviconUrl,
  description: site.description,
  // Session-dependent pages read pageContext.user on the server; the client only needs the public part.
  passToClient: ['user', 'publicUrl', 'timeZone', 'publishedCommittees', 'siteFooter'],
  meta: {
    // Read by the server when it renders (server/api/pages.server.ts); pages/vike.d.ts has its type.
    frontCache: { env: { server: true } },
    // A page whose script compiles WebAssembly; its Content-Security-Policy allows that (server/api/pages.server.ts).
    runsWebAssembly: { env: { server: true } },
  },
  // Off unless a page group turns it on: the console and sign-in page are per visitor.
  frontCache: false,
} satisfies Config
