import { useData } from 'vike-react/useData'
import { truncateWords } from '#components/shared/words'
import { Icon } from '#components/ui/icons'
import { ButtonLink, PageBanner, Section, SeeAllLink } from '#components/ui/PageBanner'
import { DatedCardList } from '../DatedCardList'
import type { Data } from './+data'

export function Page() {
  const { articles, page, pages } = useData<Data>()
  return (
    <>
      <PageBanner title="Blogs" eyebrow="From the chapter">
        <p>Stories from the chapter and articles on where computing is heading.</p>
      </PageBanner>
      <Section id="articles" title="Latest articles">
        <DatedCardList layout="tiles" items={articles} picture={(article) => article.banner}>
          {(article) => (
            <>
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
            </>
          )}
        </DatedCardList>
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
          <SeeAllLink href="/blogs" margin="mt-10">
            View All
          </SeeAllLink>
        )}
      </Section>
    </>
  )
}
