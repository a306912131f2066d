import type { PageContext } from 'vike/types'
import { committeeOfPath } from '#db/validation'

/**
 * Every committee's page at its kind's URL (`/excom-23`, `/team-spark-22`): a new year's appears when it is
 * published, without a folder of its own (docs/decisions/101-committees-by-year.md).
 */
export function route(pageContext: PageContext) {
  const committee = committeeOfPath(pageContext.urlPathname)
  return committee ? { routeParams: { kind: committee.kind, year: String(committee.year) } } : false
}
