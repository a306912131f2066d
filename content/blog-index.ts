/**
 * The blog articles' facts without their pictures and bodies: plain data that the server's feeds
 * (RSS, sitemap) can read without the bundler. content/blogs.ts adds banners and Markdown bodies.
 */
export const articleIndex = [
  {
    slug: 'csbd-chapter-leads-the-way',
    title: 'CSBD Chapter Leads the Way in Student Computing',
    date: '2023-11-05',
    author: 'Maliha Akter',
    summary:
      'From 22 student branches to workshops in districts where computing clubs are rare, the chapter had a year of firsts. Here is how volunteers turned a list of ideas into 46 seminars, 68 webinars and 27 workshops, and what comes next for students across Bangladesh.',
  },
  {
    slug: 'evolution-of-quantum-computing',
    title: 'The Evolution of Quantum Computing',
    date: '2023-08-21',
    author: 'Sadia Mahmud',
    summary:
      'Quantum computing has travelled from a physicist’s thought experiment to a service in the cloud. We follow that path from the first algorithms to today’s noisy processors, explain what a qubit is without heavy mathematics, and show where students can start experimenting right now.',
  },
  {
    slug: 'metaverse-unveiling-the-digital-reality-revolution',
    title: 'Metaverse: Unveiling the Digital Reality Revolution',
    date: '2023-05-14',
    author: 'Ayesha Uddin',
    summary:
      'Behind the buzzword are real technologies: real-time graphics, low-latency networking, spatial computing and digital identity. We look at what the metaverse actually is, the open questions it raises about privacy and safety, and how computer science students can begin building shared virtual spaces.',
  },
] as const satisfies readonly ArticleMeta[]

type ArticleMeta = { slug: string; title: string; date: string; author: string; summary: string }
