import { site } from '#content/site'

/** Every page's <title>: '{page title} | {chapter name}' (docs/product.md#public-layout). */
export function pageTitle(name: string): string {
  return `${name} | ${site.chapterName}`
}
