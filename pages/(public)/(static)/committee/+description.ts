import type { PageContext } from 'vike/types'
import { publicPages } from '#content/public-pages'
import { committeePath } from '#db/validation'
import type { Data } from './+data'

/** The description content/public-pages.ts gave the page, or one made from its title. */
export function description(pageContext: PageContext<Data>): string {
  const { kind, year, title } = pageContext.data
  const known: Record<string, { description: string } | undefined> = publicPages
  return known[committeePath(kind, year)]?.description ?? `${title}: the people who lead it, by role.`
}
