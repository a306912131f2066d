import type { ContactFormAnswer } from '../components/contact/contact-answer'
import type { ResponsiveImage } from '../components/ui/responsive-image'
import type { Database } from '../db/client.server'
import type { UserInfo } from '../db/dto'

declare global {
  namespace Vike {
    interface PageContextServer {
      /** The shared database connection, handed in by the Express server (server/pages.server.ts). */
      db: Database
      /** An image URL as a page writes it: an upload with its resized copies as a srcset, anything else as is. */
      image: (url: string) => ResponsiveImage
      /** Whose records the console shows (the officer's chapter, or the administrator), or null for a visitor: server only. */
      accountId: string | null
      /** The signed-in person's id, or null for a visitor: server only. */
      personId: string | null
      /** Whether SMTP_URL is set, so that mail (the contact notifications and replies) goes anywhere. */
      mailConfigured: boolean
      /** The answer to the contact form's plain POST (server/contact-form.server.ts); null for a GET. */
      contactForm: ContactFormAnswer | null
    }
    interface PageContext {
      /** Origin for canonical links and feeds, from PUBLIC_URL. */
      publicUrl: string
      /** The signed-in account, or null for a visitor. Never holds the token. */
      user: PageUser | null
    }
    interface Config {
      /** May the front cache keep this page's anonymous renders? See FrontCacheSetting. */
      frontCache?: FrontCacheSetting | false
    }
    interface ConfigResolved {
      frontCache?: FrontCacheSetting | false
    }
  }
}

/**
 * A page the front cache (server/front-cache.server.ts) may keep: the same for every visitor until the data
 * changes or the day ends. `query` names the query parameters the page reads, each such URL kept on its
 * own; a URL with any other parameter is answered as the URL without it (its canonical URL).
 */
export type FrontCacheSetting = { query?: string[] }

/** The signed-in account as pages see it: the API's `userInfo` (docs/decisions/010-one-accounts-table.md). */
export type PageUser = UserInfo
