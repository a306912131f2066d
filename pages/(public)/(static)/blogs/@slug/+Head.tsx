import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { JsonLd } from '#components/seo/JsonLd'
import { absoluteUrl } from '#components/seo/urls'
import { site } from '#content/site'
import type { Data } from './+data'

export function Head() {
  const { article } = useData<Data>()
  const { publicUrl } = usePageContext()
  return (
    <>
      <meta property="article:published_time" content={article.date} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: article.title,
          datePublished: article.date,
          image: absoluteUrl(publicUrl, article.banner.src),
          author: { '@type': 'Person', name: article.author },
          publisher: { '@type': 'Organization', name: site.chapterName },
          description: article.summary,
          mainEntityOfPage: absoluteUrl(publicUrl, `/blogs/${article.slug}`),
        }}
      />
    </>
  )
}
