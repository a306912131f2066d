import type { Config } from 'vike/types'

/**
 * Public pages are the same for every visitor: the front cache keeps their anonymous renders (docs/decisions/036-front-cache.md).
 * Pages that differ per request turn it off (the sign-in page, the countdowns).
 */
export default {
  frontCache: {},
} satisfies Config
