import { imageOf } from '#content/images'
import type { ImageAsset } from '#content/schema'

type Props = {
  image: ImageAsset
  alt: string
  className?: string
  /** Above the fold: load at once and with priority. Everything else loads lazily. */
  eager?: boolean
}

/** A picture that ships with the site (or an upload the site's texts name), with its intrinsic size written out so nothing shifts while it loads. */
export function Picture({ image, alt, className, eager = false }: Props) {
  return (
    <img
      src={imageOf(image).src}
      width={image.width}
      height={image.height}
      alt={alt}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
    />
  )
}
