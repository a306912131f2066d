/**
 * An image as a page writes it: its URL, and for uploads the resized WebP copies made on upload
 * (server/uploads/variants.server.ts) as a `srcset`. Images from elsewhere (absolute http(s) URLs on the
 * old host) have no srcset and are shown as they are.
 */
export type ResponsiveImage = { src: string; srcSet?: string | undefined }

/**
 * How wide each kind of image is shown, for `sizes`: the browser then picks the smallest copy that is
 * sharp at the device's pixel density. The figures follow the layouts' columns (max-w-7xl is 1280 px).
 */
export const sizesFor = {
  /** Event cards: 1 column on phones, 2 from sm, 4 from lg. */
  eventCard: '(min-width: 1280px) 296px, (min-width: 1024px) 23vw, (min-width: 640px) 46vw, 92vw',
  /** The event page's banner: max-w-5xl. */
  eventBanner: '(min-width: 1024px) 976px, 92vw',
  /** The chapter landing's carousel: half of the slide from md. */
  carouselBanner: '(min-width: 1280px) 616px, (min-width: 768px) 46vw, 92vw',
  /** The chapter landing's logo: size-40, size-48 from sm. */
  chapterLogo: '(min-width: 640px) 192px, 160px',
  /** Committee photos on the chapter landing: size-28. */
  person: '112px',
} as const

/** The `src`, `srcSet` and `sizes` of an <img> showing `image` at the width `sizes` describes. */
export const imageSources = (image: ResponsiveImage, sizes: string) => ({
  src: image.src,
  srcSet: image.srcSet,
  sizes: image.srcSet ? sizes : undefined,
})
