import { achievements } from './achievements'
import { awards } from './awards'
import { benefits } from './benefits'
import { about, home } from './home'
import { bundledImage } from './images'
import { type SiteTexts, siteTextsSchema } from './schema'
import { site } from './site'

const picture = ({ image, alt }: { image: Parameters<typeof bundledImage>[0]; alt: string }) => ({
  image: bundledImage(image),
  alt,
})

/**
 * The site's texts as content/ holds them: what a new site, or one upgraded from before the texts were in
 * the database, starts with (docs/decisions/099-site-texts-in-the-console.md). Pictures by their stable name.
 */
export function seedSiteTexts(): SiteTexts {
  return siteTextsSchema.parse({
    home: {
      hero: home.hero,
      memberCount: site.memberCount,
      about: home.about,
      activities: home.activities,
      gallery: { title: home.gallery.title, images: home.gallery.images.map(picture) },
    },
    about: {
      intro: about.intro,
      mission: about.mission,
      vision: about.vision,
      activities: about.activities,
      image: picture(about.image),
    },
    membership: { benefits },
    awards: {
      year: awards.year,
      cards: awards.cards.map((card) => ({ ...card, photo: bundledImage(card.photo) })),
    },
    achievements: achievements.map((item) => ({ ...item, image: bundledImage(item.image) })),
    contact: site.contact,
    social: site.social,
    footer: { columns: site.footerColumns },
  })
}
