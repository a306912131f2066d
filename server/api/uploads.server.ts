import express, { type Router } from 'express'
import { type AppContext, uploadsDir } from '../context.server'
import { principalOf, signedIn } from '../policy/require.server'
import { recordActivity } from '../services/activity.server'
import { MAX_IMAGE_BYTES, sanitizeImage } from '../uploads/image.server'
import { readSingleFile } from '../uploads/multipart.server'
import { isPdfBytes, sanitizePdf } from '../uploads/pdf.server'
import { storeUpload } from '../uploads/store.server'
import { storeImage, type UploadVariants } from '../uploads/variants.server'

/**
 * POST /api/uploads (docs/decisions/017-uploads-on-this-server.md): one image in the field "image", answered with its site-relative URL
 * once it and its resized copies (docs/decisions/038-resized-image-copies.md) are stored. With
 * `?purpose=certificate-background` the file may also be a PDF, of which the first page is kept
 * (docs/decisions/083-certificates-of-participation.md).
 */
export function createUploadsRouter({ db, env }: AppContext, variants: UploadVariants): Router {
  const router = express.Router()

  router.post('/', signedIn, async (req, res) => {
    const upload = await readSingleFile(req, res, {
      field: 'image',
      maxBytes: MAX_IMAGE_BYTES,
      tooLarge: `The image is too large: at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
    })
    const file =
      req.query.purpose === 'certificate-background' && isPdfBytes(upload)
        ? { bytes: await sanitizePdf(upload), extension: 'pdf' as const }
        : await sanitizeImage(upload)
    // A PDF has no resized copies: it is only ever drawn into a certificate's PDF.
    const url =
      file.extension === 'pdf'
        ? await storeUpload(uploadsDir(env), file.bytes, file.extension)
        : await storeImage(uploadsDir(env), file.bytes, file.extension, variants)
    // The file is stored by now; the entry names it (never its bytes).
    recordActivity(db, principalOf(req), {
      action: 'upload',
      item: { type: 'upload', title: url },
      details: { bytes: file.bytes.length, type: file.extension },
    })
    res.status(201).json({ success: true, data: { url } })
  })

  return router
}
