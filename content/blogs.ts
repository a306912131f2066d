import chapterLeadsTheWay from './blog/chapter-leads-the-way.md?raw'
import evolutionOfQuantumComputing from './blog/evolution-of-quantum-computing.md?raw'
import metaverse from './blog/metaverse-unveiling-the-digital-reality-revolution.md?raw'
import { articleIndex } from './blog-index'
import { images } from './images'
import type { Article, ImageAsset } from './schema'

type Slug = (typeof articleIndex)[number]['slug']

/** Banner and Markdown body (a file beside this one) of each article. */
const extras: Record<Slug, { banner: ImageAsset; body: string }> = {
  'csbd-chapter-leads-the-way': { banner: images.blogChapterLeads, body: chapterLeadsTheWay },
  'evolution-of-quantum-computing': { banner: images.blogQuantum, body: evolutionOfQuantumComputing },
  'metaverse-unveiling-the-digital-reality-revolution': { banner: images.blogMetaverse, body: metaverse },
}

/** The three blog articles (/blogs, /blogs/{slug}), newest first. */
export const articles: Article[] = articleIndex.map((meta) => ({ ...meta, ...extras[meta.slug] }))

export function findArticle(slug: string): Article | undefined {
  return articles.find((article) => article.slug === slug)
}
