import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { committeePhotos } from '#content/images'
import type { ImageAsset } from '#content/schema'
import { findCommitteeByYear, publishedCommitteeYears } from '#db/queries/committees.server'
import { committeeKindInfo, committeeOfPath } from '#db/validation'

export type Data = ReturnType<typeof data>

/** An uploaded photo is shown in the card's square frame, as the bundled portraits are. */
const UPLOADED_PHOTO_SIZE = 256

/** A member's photo: a bundled picture by its key, or an upload by its URL. */
const pictureOf = (photo: string | undefined): ImageAsset | undefined => {
  if (!photo) return undefined
  if (photo.startsWith('/uploads/'))
    return { src: photo, width: UPLOADED_PHOTO_SIZE, height: UPLOADED_PHOTO_SIZE }
  return committeePhotos[photo]
}

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
          image: pictureOf(member.photo),
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
