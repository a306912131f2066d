import type { ReactNode } from 'react'
import { formatDate } from '#components/shared/dates'
import { Picture } from '#components/ui/Picture'
import type { ImageAsset } from '#content/schema'

/**
 * A dated item of a public list (an achievement, a blog article): its picture, its date, its title, then
 * what the page says under them. Each list lays it out its own way (`classes`).
 */
export function DatedCard({
  image,
  eager,
  date,
  title,
  classes,
  children,
}: {
  image: ImageAsset
  /** The first card of the page: its picture is loaded at once. */
  eager: boolean
  date: string
  title: string
  classes: { article: string; image: string; body: string; title: string }
  children: ReactNode
}) {
  return (
    <article className={classes.article}>
      <Picture image={image} alt="" eager={eager} className={classes.image} />
      <div className={classes.body}>
        <p className="text-sm text-slate-600">
          <time dateTime={date}>{formatDate(date)}</time>
        </p>
        <h3 className={classes.title}>{title}</h3>
        {children}
      </div>
    </article>
  )
}
