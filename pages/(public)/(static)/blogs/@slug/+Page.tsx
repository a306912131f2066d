import { useData } from 'vike-react/useData'
import { formatDate } from '#components/shared/dates'
import { BackLink } from '#components/ui/PageBanner'
import { Picture } from '#components/ui/Picture'
import type { Data } from './+data'

export function Page() {
  const { article } = useData<Data>()
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      {article.status !== 'published' && (
        <p
          role="status"
          className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-900"
        >
          Draft: only you and the site's editors see this {article.status === 'scheduled' ? 'scheduled ' : ''}
          post.
        </p>
      )}
      <p>
        <BackLink href="/blogs">All articles</BackLink>
      </p>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        {article.title}
      </h1>
      <p className="mt-3 text-slate-600">
        <time dateTime={article.date}>{formatDate(article.date)}</time> · {article.author}
      </p>
      <Picture image={article.banner} alt="" eager className="mt-8 h-auto w-full rounded-2xl shadow-md" />
      <div
        className="prose-article mt-10"
        // Rendered from the post's Markdown with raw HTML escaped (components/shared/markdown.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: safe HTML produced on the server.
        dangerouslySetInnerHTML={{ __html: article.html }}
      />
    </article>
  )
}
