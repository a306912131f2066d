import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { committeePhotoOf } from '#content/images'
import { findCommitteeByYear, publishedCommitteeYears } from '#db/queries/committees.server'
import { committeeKindInfo, committeeOfPath } from '#db/validation'

export type Data = ReturnType<typeof data>

/** The published committee of the page's kind and year; a draft, or no committee, is the 404 page. */
export function data(pageContext: PageContextServer) {
  const found = committeeOfPath(pageContext.urlPathname)
  const committee = found && findCommitteeByYear(pageContext.db, found.kind, found.year, 'published')
  if (!committee) throw render(404)
  const { kind } = committee
  return {
    kind,
    year: committee.year,
    title: committee.title,
    eyebrow: committeeKindInfo[kind].eyebrow,
    intro: committee.intro,
    groups: committee.groups.map((group) => ({
      ...group,
      people: committee.members
        .filter((member) => member.group === group.id)
        .map((member) => ({
          name: member.name,
          designation: member.designation,
          affiliation: member.affiliation,
          email: member.emails,
          whatsapp: member.whatsapp,
          linkedin: member.linkedin,
          image: committeePhotoOf(member.photo),
        })),
    })),
    /** The executive committee's page links to the other published years. */
    otherYears:
      kind === 'excom'
        ? publishedCommitteeYears(pageContext.db)
            .filter((other) => other.kind === 'excom')
            .map((other) => other.year)
        : [],
  }
}
