import { site } from '../../content/site'

/** Every page's <title>: '{page title} | {chapter name}' (spec §2.1). */
export function pageTitle(name: string): string {
  return `${name} | ${site.chapterName}`
}
