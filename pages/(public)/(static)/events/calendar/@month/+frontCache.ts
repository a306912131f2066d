import { canonicalEventFilterParameters, EVENT_FILTER_PARAMETERS } from '#db/event-filters'
import type { FrontCacheSetting } from '../../../../../vike'

// The filters (+data.ts) make the month's page; each canonical URL is kept on its own (a bounded number).
export default {
  query: EVENT_FILTER_PARAMETERS,
  canonicalQuery: canonicalEventFilterParameters,
} satisfies FrontCacheSetting
