import type { PublicUrlIssue } from '#components/console/publicUrl'
import type { PublishedCommittee } from '#components/layout/navigation'
import type { ContactFormAnswer } from '#components/shared/contact-answer'
import type { ResponsiveImage } from '#components/shared/responsive-image'
import type { SiteFooterTexts, SiteTexts } from '#content/schema'
import type { Database } from '#db/client.server'
import type { SiteClock } from '#db/clock'
import type { UserInfo } from '#db/dto'
import type { LinkRequestState, RegistrationFormState } from '#db/registration-fields'
import type { DoorVolunteer, Principal } from '#server/policy/principal.server'
import type { TicketPages } from '#server/services/tickets.server'

declare global {
  namespace Vike {
    interface PageContextServer {
      /** The shared database connection, handed in by the Express server (server/api/pages.server.ts). */
      db: Database
      /** An image URL as a page writes it: an upload with its resized copies as a srcset, anything else as is. */
      image: (url: string) => ResponsiveImage
      /** Whom the request acts for (server/policy/principal.server.ts), or null for a visitor: server only. */
      principal: Principal | null
      /** A door link's volunteer (server/auth/door-access.server.ts), only on a request without a session. */
      door: DoorVolunteer | null
      /** A door cookie whose link was revoked or has expired, on a request without a session. */
      doorEnded: 'revoked' | 'expired' | null
      /** Tickets as their page and the manage page show them (signatures, QR codes). */
      tickets: TicketPages
      /** Whether SMTP_URL is set, so that mail (the contact notifications and replies) goes anywhere. */
      mailConfigured: boolean
      /** The site's clock (db/clock.ts): now, today and the next day in TIME_ZONE. Pages ask it, never `new Date()`'s zone. */
      clock: SiteClock
      /** The event page answering its registration form without scripts: what was sent, and what was wrong. */
      registrationForm?: RegistrationFormState
      /** The event page answering "Send me my link" without scripts: the address sent, and what to say. */
      linkRequest?: LinkRequestState
      /** The site's texts as saved on the console's Site page (docs/decisions/099-site-texts-in-the-console.md). */
      siteTexts: SiteTexts
      /** The answer to the contact form's plain POST (server/api/contact-form.server.ts); null for a GET. */
      contactForm: ContactFormAnswer | null
    }
    interface PageContext {
      /** Origin for canonical links and feeds, from PUBLIC_URL. */
      publicUrl: string
      /** Why links from PUBLIC_URL would work only on this machine (server/env.server.ts), or null; the console's. */
      publicUrlIssue: PublicUrlIssue
      /** The signed-in account, or null for a visitor. Never holds the token. */
      user: PageUser | null
      /** The published committees (kind and year), for the navigation's committee menus. */
      publishedCommittees?: PublishedCommittee[]
      /** What the footer of every public page shows of the site's texts (passed to the browser). */
      siteFooter: SiteFooterTexts
      /** TIME_ZONE: the zone the site's days, event dates and times are read in; the console shows moments in it too. */
      timeZone: string
    }
    interface Config {
      /** May the front cache keep this page's anonymous renders? See FrontCacheSetting. */
      frontCache?: FrontCacheSetting | false
      /** The page compiles WebAssembly: its CSP allows `'wasm-unsafe-eval'` (and still no other eval). */
      runsWebAssembly?: boolean
    }
    interface ConfigResolved {
      frontCache?: FrontCacheSetting | false
      runsWebAssembly?: boolean
    }
  }
}

/**
 * A page the front cache (server/front-cache.server.ts) may keep: the same for every visitor until the data
 * changes or the day ends. `query` names the query parameters the page reads, each such URL kept on its
 * own; a URL with any other parameter is answered as the URL without it (its canonical URL).
 * `canonicalQuery` writes the values of those parameters canonically (the events filters: trimmed, defaults
 * and nonsense left out), so every way of writing one filtered page is one entry; it must answer its own
 * output unchanged, and the page must read the parameters as it writes them.
 */
export type FrontCacheSetting = {
  query?: readonly string[]
  canonicalQuery?: (parameters: URLSearchParams) => URLSearchParams
}

/** The signed-in account as pages see it: the API's `userInfo` (docs/decisions/010-one-accounts-table.md). */
export type PageUser = UserInfo
