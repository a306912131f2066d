import { images } from '#content/images'
import { BUNDLED_BANNERS } from '#db/validation'

/** The pictures a seeded post's banner names (`content:<key>`), by that value: the editor previews them. */
export const bundledBanners = (): Record<string, string> =>
  Object.fromEntries(BUNDLED_BANNERS.map((key) => [`content:${key}`, images[key].src]))
