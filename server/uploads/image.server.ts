import { fileTypeFromBuffer } from 'file-type'
import { IMAGE_UPLOAD_FORMATS, IMAGE_UPLOAD_MAX_BYTES } from '#db/validation'
import { ApiError } from '../errors.server'
import { loadSharp } from './sharp.server'

/** docs/decisions/017-uploads-on-this-server.md: at most 5 MB, JPEG, PNG, WebP, GIF or AVIF (db/validation.ts, which the form reads too). */
export const MAX_IMAGE_BYTES = IMAGE_UPLOAD_MAX_BYTES
/** Enough for any camera in use; a tiny file that declares more (a decompression bomb) is refused unread. */
export const MAX_IMAGE_PIXELS = 50_000_000
/** Stored images fit in this square: larger photos only make the pages heavier. */
export const MAX_STORED_SIDE = 2560

const formats = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
} as const satisfies Record<keyof typeof IMAGE_UPLOAD_FORMATS, string>
type Extension = (typeof formats)[keyof typeof formats]

// Markup inside an image file makes it a polyglot (a GIF that is also an HTML page): refused outright.
// Only tags long enough, with what follows them, that compressed pixel data does not spell them by chance.
const MARKUP = /<(?:script|html|body|iframe|object|embed)[\s>/]|<!doctype\s+html|<\?php\s/i

const formatNames = Object.values(IMAGE_UPLOAD_FORMATS)
const notAnImage = (
  message = `Only ${formatNames.slice(0, -1).join(', ')} or ${formatNames.at(-1)} images can be uploaded.`,
) => new ApiError(415, message)
const tooManyPixels = () =>
  new ApiError(413, `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`)

/**
 * Checks the bytes and re-encodes them with sharp: turned upright by its EXIF orientation, then all
 * metadata (EXIF, GPS, XMP, comments) dropped, and anything after the image data gone with it.
 */
export async function sanitizeImage(bytes: Buffer): Promise<{ bytes: Buffer; extension: Extension }> {
  const type = await fileTypeFromBuffer(bytes)
  const extension =
    type && Object.hasOwn(formats, type.mime) ? formats[type.mime as keyof typeof formats] : null
  if (!extension) throw notAnImage()
  if (MARKUP.test(bytes.toString('latin1'))) throw notAnImage('This file is not a plain image.')

  const animated = extension === 'gif' || extension === 'webp'
  const sharp = await loadSharp()
  const input = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated })
  const { width = 0, height = 0 } = await input().metadata().catch(refusal)
  if (width * height > MAX_IMAGE_PIXELS) throw tooManyPixels()

  const pipeline = input()
    .autoOrient()
    .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
    .timeout({ seconds: 30 })
  const encoded = {
    jpg: () => pipeline.jpeg({ quality: 85 }),
    png: () => pipeline.png(),
    webp: () => pipeline.webp({ quality: 85 }),
    gif: () => pipeline.gif(),
    avif: () => pipeline.avif({ quality: 60, effort: 2 }),
  }[extension]()
  return { bytes: await encoded.toBuffer().catch(refusal), extension }
}

/** What sharp could not decode is the upload's fault: 413 beyond the pixel limit, otherwise 415. */
function refusal(error: unknown): never {
  if (/pixel limit/i.test(String((error as Error)?.message))) throw tooManyPixels()
  throw notAnImage('The file could not be read as an image.')
}
