import type { ImageAsset, Member } from '#content/schema'
import { Avatar } from '../ui/Avatar'
import { Icon } from '../ui/icons'
import { Picture } from '../ui/Picture'

/** Any card the committee pages show: the static shapes of docs/product.md#entities, or a name and designation only. */
export type PersonCardData = Pick<Member, 'name' | 'designation'> & {
  affiliation?: string | undefined
  email?: string | string[] | undefined
  whatsapp?: string | undefined
  image?: ImageAsset | undefined
  linkedin?: string | undefined
}

const emailsOf = (email: PersonCardData['email']) => (email === undefined ? [] : [email].flat())
const telOf = (number: string) => `https://wa.me/${number.replace(/\D/g, '')}`

/** A committee member: photo or initials, name, designation, affiliation and whatever contacts the card has. */
export function PersonCard({ person, featured = false }: { person: PersonCardData; featured?: boolean }) {
  const emails = emailsOf(person.email)
  return (
    <article
      className={`flex h-full min-w-0 flex-col items-center rounded-xl border bg-white p-6 text-center shadow-sm ${
        featured ? 'border-amber-300 ring-1 ring-amber-200' : 'border-slate-200'
      }`}
    >
      {person.image ? (
        <Picture
          image={person.image}
          alt={person.name}
          className={`${featured ? 'size-32' : 'size-24'} rounded-full object-cover`}
        />
      ) : (
        <Avatar name={person.name} className={featured ? 'size-32 text-3xl' : 'size-24 text-2xl'} />
      )}
      <h3 className={`mt-4 font-semibold text-slate-900 ${featured ? 'text-xl' : 'text-lg'}`}>
        {person.name}
      </h3>
      <p className="mt-1 text-sm font-medium text-brand-700">{person.designation}</p>
      {person.affiliation ? <p className="mt-1 text-sm text-slate-600">{person.affiliation}</p> : null}
      {emails.length > 0 || person.whatsapp || person.linkedin ? (
        <ul className="mt-4 w-full space-y-1.5 text-sm">
          {emails.map((email) => (
            <li key={email} className="flex min-w-0 items-center justify-center gap-2">
              <Icon name="mail" className="size-4 text-slate-500" />
              <a className="truncate text-brand-800 hover:underline" href={`mailto:${email}`}>
                {email}
              </a>
            </li>
          ))}
          {person.whatsapp ? (
            <li className="flex items-center justify-center gap-2">
              <Icon name="whatsapp" className="size-4 text-slate-500" />
              <a
                className="text-brand-800 hover:underline"
                href={telOf(person.whatsapp)}
                target="_blank"
                rel="noopener"
              >
                <span className="sr-only">WhatsApp </span>
                {person.whatsapp}
              </a>
            </li>
          ) : null}
          {person.linkedin ? (
            <li className="flex items-center justify-center gap-2">
              <Icon name="linkedin" className="size-4 text-slate-500" />
              <a
                className="text-brand-800 hover:underline"
                href={person.linkedin}
                target="_blank"
                rel="noopener"
              >
                LinkedIn<span className="sr-only"> profile of {person.name}</span>
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </article>
  )
}

/** Cards in a grid: 1 column on phones, 2 / 3 / 4 from medium widths up (docs/product.md#constants). */
export function PeopleGrid({ people }: { people: readonly PersonCardData[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {people.map((person) => (
        <li key={`${person.name}-${person.designation}`}>
          <PersonCard person={person} />
        </li>
      ))}
    </ul>
  )
}

/** A featured card (a chair, a president) centred above its grid. */
export function FeaturedPerson({ person }: { person: PersonCardData }) {
  return (
    <div className="mx-auto max-w-sm">
      <PersonCard person={person} featured />
    </div>
  )
}
