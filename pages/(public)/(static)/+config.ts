import type { Config } from 'vike/types'

/**
 * Pages in this group have no interaction of their own: they are rendered on the server and ship no
 * React to the browser. Only the small chrome script (pages/+client.ts) runs on them.
 */
export default {
  meta: {
    Page: { env: { server: true, client: false } },
    Layout: { env: { server: true, client: false } },
  },
} satisfies Config
