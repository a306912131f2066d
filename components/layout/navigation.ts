import { navigation } from '#content/navigation'
import type { Link } from '#content/schema'
import type { CommitteeKind } from '#db/schema-enums'
import { committeeKindInfo, committeePath } from '#db/validation'

export type PublishedCommittee = { kind: CommitteeKind; year: number }
export type SiteMenuItem = Link | { label: string; children: Link[] }

/**
 * The header's navigation with each `committees` entry replaced by the published committees of its kind,
 * newest first; a menu left empty is left out (docs/decisions/101-committees-by-year.md).
 */
export function siteNavigation(published: readonly PublishedCommittee[]): SiteMenuItem[] {
  const items: SiteMenuItem[] = []
  for (const item of navigation) {
    if (!('children' in item)) {
      items.push(item)
      continue
    }
    const children = item.children.flatMap((child): Link[] =>
      'committees' in child
        ? published
            .filter((committee) => committee.kind === child.committees)
            .sort((a, b) => b.year - a.year)
            .map(({ kind, year }) => ({
              label: `${committeeKindInfo[kind].menuLabel} ${year}`,
              href: committeePath(kind, year),
            }))
        : [child],
    )
    if (children.length > 0) items.push({ label: item.label, children })
  }
  return items
}
