import { excom, sac23, secretariat23, webItTeam23 } from '#content/committees'
import { gsm } from '#content/gsm'
import { excomYears } from '#content/schema'
import { sparkTeams } from '#content/spark-teams'
import type { Queryable } from '#db/client.server'
import { readAppState, writeAppState } from '#db/queries/app-state.server'
import { countCommittees, createCommittee } from '#db/queries/committees.server'
import { addRevision } from '#db/queries/revisions.server'
import type { CommitteeKind } from '#db/schema-enums'
import { type CommitteeContent, type CommitteeMember, committeeContentSchema } from '#db/validation'

const COMMITTEES_SEEDED_KEY = 'committees_seeded_at'

/** A card of content/: one email or a list, a bundled picture's key. */
type ContentPerson = {
  name: string
  designation: string
  affiliation?: string | undefined
  email?: string | string[] | undefined
  whatsapp?: string | undefined
  image?: string | undefined
  linkedin?: string | undefined
}

const member =
  (group: string) =>
  (person: ContentPerson): CommitteeMember => ({
    name: person.name,
    designation: person.designation,
    affiliation: person.affiliation,
    emails: person.email === undefined ? [] : [person.email].flat(),
    whatsapp: person.whatsapp,
    linkedin: person.linkedin,
    photo: person.image,
    group,
  })

const group = (id: string, title: string, featured = false) => ({ id, title, featured })
const teamId = (name: string) => `team-${name.toLowerCase().replace(/\W+/g, '-')}`

type Seed = { kind: CommitteeKind; year: number } & Omit<CommitteeContent, 'status'>

/** The committees content/ held, with the groups and intros their pages showed. */
export function contentCommittees(): Seed[] {
  const seeds: Seed[] = excomYears.map((yy) => {
    const committee = excom[yy]
    return {
      kind: 'excom',
      year: committee.year,
      title: `Executive Committee ${committee.year}`,
      intro: { text: `The volunteers who led the chapter in ${committee.year}.` },
      groups: [group('chair', 'Chair', true), group('members', 'Committee members')],
      members: [member('chair')(committee.chair), ...committee.members.map(member('members'))],
    }
  })
  seeds.push({
    kind: 'sac',
    year: sac23.year,
    title: 'Student Activity Committee 2023',
    intro: {
      text: 'The committee that plans contests, workshops and outreach together with the student branches.',
    },
    groups: [group('chair', 'Chair', true), group('members', 'Members')],
    members: [member('chair')(sac23.chair), ...sac23.members.map(member('members'))],
  })
  seeds.push({
    kind: 'secretariat',
    year: 2023,
    title: 'Secretariat 2023',
    intro: {
      text: 'The secretariat runs the chapter’s day-to-day work: communication, content, research, design and events.',
    },
    groups: [
      group('mentor', 'Mentor', true),
      group('president', 'President', true),
      group('vice-presidents', 'Vice Presidents'),
      ...secretariat23.teams.map((team) => group(teamId(team.name), team.name)),
    ],
    members: [
      member('mentor')(secretariat23.mentor),
      member('president')(secretariat23.president),
      ...secretariat23.vicePresidents.map(member('vice-presidents')),
      ...secretariat23.teams.flatMap((team) => team.members.map(member(teamId(team.name)))),
    ],
  })
  for (const [year, team] of [
    [2021, sparkTeams.team21],
    [2022, sparkTeams.team22],
  ] as const) {
    const [chair, ...committee] = team
    seeds.push({
      kind: 'spark',
      year,
      title: `Team SPARK ${year}`,
      intro: null,
      groups: [group('chair', 'Chair', true), group('committee', 'Committee')],
      members: [...(chair ? [member('chair')(chair)] : []), ...committee.map(member('committee'))],
    })
  }
  seeds.push({
    kind: 'spark',
    year: 2023,
    title: 'Team SPARK 2023',
    intro: {
      text: 'The chapter’s youth team in 2023.',
      link: { label: 'About SPARK', href: '/about-spark' },
    },
    groups: [
      group('chief', 'Chief', true),
      group('coordinators', 'Coordinators'),
      group('volunteers', 'Volunteers'),
    ],
    members: [
      member('chief')(sparkTeams.team23.chief),
      ...sparkTeams.team23.coordinators.map(member('coordinators')),
      ...sparkTeams.team23.volunteers.map(member('volunteers')),
    ],
  })
  seeds.push({
    kind: 'gsm',
    year: 2023,
    title: 'GSM Forum 2023',
    intro: {
      text: 'The 2023 committee of the Graduate Student Member Forum.',
      link: { label: 'About the forum', href: '/about-gsm' },
    },
    groups: [
      group('advisors', 'Advisors'),
      group('founders', 'Founders'),
      group('president', 'President', true),
      group('members', 'Members'),
    ],
    members: [
      ...gsm.advisors.map(member('advisors')),
      ...gsm.founders.map(member('founders')),
      member('president')(gsm.president),
      ...gsm.members.map(member('members')),
    ],
  })
  seeds.push({
    kind: 'web-it',
    year: 2023,
    title: 'Web and IT Committee 2023',
    intro: { text: 'The team that builds and runs the chapter’s website and online services.' },
    groups: [
      group('advisors', 'Advisors'),
      group('president', 'President', true),
      group('members', 'Members'),
    ],
    members: [
      ...webItTeam23.advisors.map(member('advisors')),
      member('president')(webItTeam23.president),
      ...webItTeam23.members.map(member('members')),
    ],
  })
  return seeds
}

/**
 * Creates the committees of content/ once per installation (docs/decisions/101-committees-by-year.md): at a
 * new site's first start, and at an upgraded site's first start on this version, published as they were.
 * A site that already has committees, or did this before, is left alone. Answers how many were created.
 */
export function seedCommittees(db: Queryable, now: Date): number {
  if (readAppState(db, COMMITTEES_SEEDED_KEY)) return 0
  return db.transaction((tx) => {
    let created = 0
    if (countCommittees(tx) === 0) {
      for (const seed of contentCommittees()) {
        const { kind, year, ...rest } = seed
        const content = committeeContentSchema.parse({ ...rest, status: 'published' })
        const committee = createCommittee(tx, { kind, year, ...content }, now)
        addRevision(tx, { type: 'committee', id: committee.id }, content, { id: null, name: 'content/' }, now)
        created++
      }
    }
    writeAppState(tx, COMMITTEES_SEEDED_KEY, now.toISOString())
    return created
  })
}
