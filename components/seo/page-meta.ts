import { type PublicPath, publicPages } from '#content/public-pages'
import { pageTitle } from './title'

/** The <title> of a static public page, from content/public-pages.ts. */
export const titleOf = (path: PublicPath) => pageTitle(publicPages[path].title)

/** The meta description of a static public page, from content/public-pages.ts. */
export const descriptionOf = (path: PublicPath) => publicPages[path].description
