import aboutCommunity from './images/about-community.webp'
import achievementAward from './images/achievement-award.webp'
import achievementColead from './images/achievement-colead.webp'
import achievementScholarship from './images/achievement-scholarship.webp'
import blogChapterLeads from './images/blog-chapter-leads.webp'
import blogMetaverse from './images/blog-metaverse.webp'
import blogQuantum from './images/blog-quantum.webp'
import gallery1 from './images/gallery-1.webp'
import gallery2 from './images/gallery-2.webp'
import gallery3 from './images/gallery-3.webp'
import gallery4 from './images/gallery-4.webp'
import portrait01 from './images/portrait-01.webp'
import portrait02 from './images/portrait-02.webp'
import portrait03 from './images/portrait-03.webp'
import portrait04 from './images/portrait-04.webp'
import portrait05 from './images/portrait-05.webp'
import portrait06 from './images/portrait-06.webp'
import portrait07 from './images/portrait-07.webp'
import portrait08 from './images/portrait-08.webp'
import portrait09 from './images/portrait-09.webp'
import portrait10 from './images/portrait-10.webp'
import portrait11 from './images/portrait-11.webp'
import portrait12 from './images/portrait-12.webp'
import portrait13 from './images/portrait-13.webp'
import portrait14 from './images/portrait-14.webp'
import portrait15 from './images/portrait-15.webp'
import portrait16 from './images/portrait-16.webp'
import socialCard from './images/social-card.jpg'
import symposiumSummer from './images/symposium-summer.webp'
import symposiumWinter from './images/symposium-winter.webp'
import videoPoster from './images/video-poster.webp'
import xtreme17 from './images/xtreme-17.webp'
import type { ImageAsset } from './schema'

const asset = (src: string, width: number, height: number): ImageAsset => ({ src, width, height })

/**
 * The pictures that ship with the site (drawn by server/cli/draw-sample-images.ts). Imported, so Vite gives
 * them hashed names; sizes are the files' own (a unit test compares them), written on every <img>.
 */
export const images = {
  gallery: [
    asset(gallery1, 640, 480),
    asset(gallery2, 640, 480),
    asset(gallery3, 640, 480),
    asset(gallery4, 640, 480),
  ],
  portraits: [
    asset(portrait01, 256, 256),
    asset(portrait02, 256, 256),
    asset(portrait03, 256, 256),
    asset(portrait04, 256, 256),
    asset(portrait05, 256, 256),
    asset(portrait06, 256, 256),
    asset(portrait07, 256, 256),
    asset(portrait08, 256, 256),
    asset(portrait09, 256, 256),
    asset(portrait10, 256, 256),
    asset(portrait11, 256, 256),
    asset(portrait12, 256, 256),
    asset(portrait13, 256, 256),
    asset(portrait14, 256, 256),
    asset(portrait15, 256, 256),
    asset(portrait16, 256, 256),
  ],
  blogChapterLeads: asset(blogChapterLeads, 1200, 630),
  blogQuantum: asset(blogQuantum, 1200, 630),
  blogMetaverse: asset(blogMetaverse, 1200, 630),
  achievementAward: asset(achievementAward, 800, 450),
  achievementScholarship: asset(achievementScholarship, 800, 450),
  achievementColead: asset(achievementColead, 800, 450),
  xtreme: asset(xtreme17, 1200, 630),
  symposiumSummer: asset(symposiumSummer, 1200, 500),
  symposiumWinter: asset(symposiumWinter, 1200, 500),
  aboutCommunity: asset(aboutCommunity, 960, 640),
  videoPoster: asset(videoPoster, 1280, 720),
  socialCard: asset(socialCard, 1200, 630),
} as const

/** Every picture, for the test that checks sizes and weights. */
export const allImages: ImageAsset[] = Object.values(images).flatMap((value) =>
  Array.isArray(value) ? value : [value],
)

/**
 * The pictures by a stable name ("portraits.11", "achievementAward"): what the site's texts keep in the
 * database as `bundled:<name>`, since the hashed URL changes with every build (docs/decisions/099-site-texts-in-the-console.md).
 */
export const bundledImages: Record<string, ImageAsset> = Object.fromEntries(
  Object.entries(images).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((asset, index) => [`${name}.${index}`, asset]) : [[name, value]],
  ),
)

const BUNDLED = 'bundled:'

/** A shipped picture as the texts keep it. */
export function bundledImage(asset: ImageAsset): ImageAsset {
  const name = Object.keys(bundledImages).find((key) => bundledImages[key]?.src === asset.src)
  if (!name) throw new Error(`${asset.src} is not one of content/images.ts`)
  return { ...asset, src: `${BUNDLED}${name}` }
}

/** A picture of the texts as a page writes it: a shipped one at its hashed URL, an upload as is. */
export function imageOf(image: ImageAsset): ImageAsset {
  if (!image.src.startsWith(BUNDLED)) return image
  const shipped = bundledImages[image.src.slice(BUNDLED.length)]
  return shipped ? { ...image, src: shipped.src } : image
}

/**
 * The bundled pictures a committee member's `photo` may name by key (its file name without the extension),
 * resolved to the hashed URL when a page is rendered (docs/decisions/101-committees-by-year.md).
 */
export const committeePhotos: Record<string, ImageAsset> = Object.fromEntries(
  images.portraits.map((image, index) => [`portrait-${String(index + 1).padStart(2, '0')}`, image]),
)

/** An uploaded photo is shown in the card's square frame, as the bundled portraits are. */
const UPLOADED_PHOTO_SIZE = 256

/** A committee member's photo as a picture: a bundled one by its key, an upload by its URL; none for an unknown key. */
export function committeePhotoOf(photo: string | undefined): ImageAsset | undefined {
  if (!photo) return undefined
  if (photo.startsWith('/uploads/'))
    return { src: photo, width: UPLOADED_PHOTO_SIZE, height: UPLOADED_PHOTO_SIZE }
  return committeePhotos[photo]
}
