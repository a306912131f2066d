import { images } from './images'

/** The home page's texts (docs/product.md#public-routes, docs/product.md#constants). */
export const home = {
  hero: {
    headline: 'Empowering the Future of Computer Science',
    mission:
      'We bring students, researchers and professionals together to advance computing education and research in Bangladesh: through events, mentoring, publications and a community that helps each member grow.',
  },
  about: {
    title: 'Who we are',
    text: 'The chapter is a non-profit body of the Computing Society in Bangladesh. It connects student branches at universities across the country, supports young researchers and brings the society’s programmes to local members.',
  },
  activities: {
    title: 'Events and activities',
    intro: 'Seminars, webinars and hands-on workshops run by the chapter and its student branches.',
  },
  gallery: {
    title: 'Gallery',
    images: [
      { image: images.gallery[0], alt: 'Illustration: a coding talk in front of a full room' },
      { image: images.gallery[1], alt: 'Illustration: members meeting at a networking session' },
      { image: images.gallery[2], alt: 'Illustration: an embedded systems workshop' },
      { image: images.gallery[3], alt: 'Illustration: an online webinar with participants worldwide' },
    ],
  },
} as const

/** The about page (/about) and the home page's about block. */
export const about = {
  intro: [
    'The Computing Society Bangladesh Chapter is a non-profit, volunteer-led community of the Computing Society. Its members are professionals, researchers, educators and students who share one goal: to advance computer science education and research in Bangladesh.',
    'The chapter supports student branches at universities across the country, organises seminars, webinars, workshops and symposia, and connects local members with the society’s publications, conferences and global network of more than 60,000 members.',
  ],
  mission:
    'To promote computer science education and research by giving students and professionals the knowledge, connections and opportunities to grow.',
  vision:
    'A country where every student who is curious about computing finds a community that helps them learn, build and lead.',
  activities: [
    'Seminars and webinars with speakers from industry and academia',
    'Hands-on workshops and programming contests run with the student branches',
    'Student symposia where young researchers present their first work',
    'Mentoring, awards and scholarships for students and volunteers',
    'Outreach to schools and colleges through the youth team SPARK',
  ],
  image: {
    image: images.aboutCommunity,
    alt: 'Illustration: a chapter meeting with members in the audience',
  },
} as const
