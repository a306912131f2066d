import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import QRCode from 'qrcode'

/**
 * A camera for Chromium's fake capture device: a Y4M video (raw YUV 4:2:0 frames) of a QR code, drawn
 * from the code's own module matrix into the luma plane, so no image tool is needed. Chromium plays it in
 * a loop to a page that asks for the camera, when launched with the flags of `fakeCameraArgs`.
 */
export function writeQrVideo(
  text: string,
  options: { width?: number; height?: number; frames?: number } = {},
) {
  const width = options.width ?? 640
  const height = options.height ?? 480
  const frames = options.frames ?? 4
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const modules = qr.modules.size
  const quiet = 4
  const scale = Math.floor(Math.min(width, height) / (modules + 2 * quiet))
  const left = Math.floor((width - modules * scale) / 2)
  const top = Math.floor((height - modules * scale) / 2)

  const luma = Buffer.alloc(width * height, 235)
  for (let row = 0; row < modules; row++) {
    for (let column = 0; column < modules; column++) {
      if (!qr.modules.get(row, column)) continue
      for (let y = 0; y < scale; y++) {
        const start = (top + row * scale + y) * width + left + column * scale
        luma.fill(16, start, start + scale)
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128)
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qr-camera-')), 'ticket.y4m')
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]))
  return file
}

/** Chromium's flags for a camera that plays `file` and a permission prompt that always allows. */
export const fakeCameraArgs = (file: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
]
