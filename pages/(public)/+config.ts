import type { Config } from 'vike/types'

/**
 * Public pages are the same for every visitor: the front cache keeps their anonymous renders (issue 6).
 * Pages that differ per request turn it off (the sign-in page, the countdowns).
 */
export default {
  frontCache: {},
} satisfies Config
