import { canonicalEventListParameters, EVENT_LIST_PARAMETERS } from '#db/event-filters'
import type { FrontCacheSetting } from '../../../vike'

// The filters, search, upcoming/past and the page (+data.ts) make the page; each canonical URL is kept on
// its own (a bounded number of them: server/front-cache.server.ts), every other way of writing it is
// answered as that one.
export default {
  query: EVENT_LIST_PARAMETERS,
  canonicalQuery: canonicalEventListParameters,
} satisfies FrontCacheSetting
