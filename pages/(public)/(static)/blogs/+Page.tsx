import { useData } from 'vike-react/useData'
import { truncateWords } from '#components/shared/words'
import { Icon } from '#components/ui/icons'
import { ButtonLink, PageBanner, Section } from '#components/ui/PageBanner'
import { DatedCard } from '../DatedCard'
import type { Data } from './+data'

export function Page() {
  const { articles, page, pages } = useData<Data>()
  return (
    <>
      <PageBanner title="Blogs" eyebrow="From the chapter">
        <p>Stories from the chapter and articles on where computing is heading.</p>
      </PageBanner>
      <Section id="articles" title="Latest articles">
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {articles.map((article, index) => (
            <li key={article.slug}>
              <DatedCard
                image={article.banner}
                eager={index === 0}
                date={article.date}
                title={article.title}
                classes={{
                  article:
                    'flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm',
                  image: 'aspect-[1200/630] w-full object-cover',
                  body: 'flex flex-1 flex-col p-6',
                  title: 'mt-2 text-xl leading-snug font-semibold text-slate-900',
                }}
              >
                <p className="mt-3 flex-1 text-slate-700">{truncateWords(article.summary, 30)}</p>
                <p className="mt-6">
                  {/* biome-ignore lint/a11y/noAmbiguousAnchorText: the label of docs/product.md#public-routes; aria-label names the article. */}
                  <a
                    href={`/blogs/${article.slug}`}
                    aria-label={`Learn More: ${article.title}`}
                    className="inline-flex items-center gap-2 font-semibold text-brand-800 hover:underline"
                  >
                    Learn More
                    <Icon name="arrowRight" className="size-4" />
                  </a>
                </p>
              </DatedCard>
            </li>
          ))}
        </ul>
        {pages > 1 ? (
          <nav aria-label="Pages of articles" className="mt-10 flex justify-center gap-4">
            {page > 1 && (
              <ButtonLink href={page === 2 ? '/blogs' : `/blogs?page=${page - 1}`} variant="outline">
                Newer articles
              </ButtonLink>
            )}
            {page < pages && (
              <ButtonLink href={`/blogs?page=${page + 1}`} variant="outline">
                Older articles
              </ButtonLink>
            )}
          </nav>
        ) : (
          <p className="mt-10 text-center">
            <ButtonLink href="/blogs" variant="outline">
              View All
            </ButtonLink>
          </p>
        )}
      </Section>
    </>
  )
}
