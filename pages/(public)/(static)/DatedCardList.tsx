import type { ReactNode } from 'react'
import { formatDate } from '#components/shared/dates'
import { Picture } from '#components/ui/Picture'
import type { ImageAsset } from '#content/schema'

/** How a list of dated cards is laid out: the list's classes and its cards'. */
const LAYOUTS = {
  /** One card a row, its picture beside the text from medium screens up (the achievements). */
  rows: {
    list: 'space-y-10',
    article:
      'grid gap-6 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:grid-cols-[2fr_3fr]',
    image: 'h-full w-full object-cover',
    body: 'p-6 md:pl-0',
    title: 'mt-2 text-xl font-semibold text-slate-900',
  },
  /** A grid of up to three cards a row, each picture over its text (the blog's articles). */
  tiles: {
    list: 'grid gap-8 md:grid-cols-2 lg:grid-cols-3',
    article: 'flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm',
    image: 'aspect-[1200/630] w-full object-cover',
    body: 'flex flex-1 flex-col p-6',
    title: 'mt-2 text-xl leading-snug font-semibold text-slate-900',
  },
} as const

/**
 * The dated items of a public list (achievements, blog articles) as cards: each one's picture, its date,
 * its title, then what the page says under them. The first picture is loaded at once, the others lazily.
 */
export function DatedCardList<Item extends { date: string; title: string }>({
  layout,
  items,
  picture,
  children,
}: {
  layout: keyof typeof LAYOUTS
  items: readonly Item[]
  picture: (item: Item) => ImageAsset
  children: (item: Item) => ReactNode
}) {
  const classes = LAYOUTS[layout]
  return (
    <ul className={classes.list}>
      {items.map((item, index) => (
        // A dated item is known by its date and title.
        <li key={`${item.date} ${item.title}`}>
          <article className={classes.article}>
            <Picture image={picture(item)} alt="" eager={index === 0} className={classes.image} />
            <div className={classes.body}>
              <p className="text-sm text-slate-600">
                <time dateTime={item.date}>{formatDate(item.date)}</time>
              </p>
              <h3 className={classes.title}>{item.title}</h3>
              {children(item)}
            </div>
          </article>
        </li>
      ))}
    </ul>
  )
}
