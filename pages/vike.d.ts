import type { Database } from '../db/client.server'
import type { UserInfo } from '../db/dto'

declare global {
  namespace Vike {
    interface PageContextServer {
      /** The shared database connection, handed in by the Express server (server/pages.server.ts). */
      db: Database
    }
    interface PageContext {
      /** Origin for canonical links and feeds, from PUBLIC_URL. */
      publicUrl: string
      /** The signed-in account, or null for a visitor. Never holds the token. */
      user: PageUser | null
    }
  }
}

/** The signed-in account as pages see it: the API's `userInfo` (decisions §10). */
export type PageUser = UserInfo
