import { crc32, deflateSync } from 'node:zlib'
import QRCode from 'qrcode'

/** QR codes of tickets: the options every code we make shares, and the PNG that mails carry inline. */

/** Error correction M: a printed or cracked-screen code still reads; 122 characters fit in version 8. */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const

/**
 * A URL as a PNG QR code (for mails: an inline image), `scale` pixels a module, with a 2-module quiet zone.
 * Synchronous, unlike qrcode's toBuffer. The modules are qrcode's; the PNG is one 8-bit grey channel.
 */
export function qrPngOf(text: string, scale = 6): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel })
  const side = (modules.size + 2 * QR_OPTIONS.margin) * scale
  const rows = Buffer.alloc((side + 1) * side, 0xff)
  for (let y = 0; y < side; y++) {
    rows[y * (side + 1)] = 0 // no filter
    const moduleY = Math.floor(y / scale) - QR_OPTIONS.margin
    for (let x = 0; x < side; x++) {
      const moduleX = Math.floor(x / scale) - QR_OPTIONS.margin
      const inside = moduleX >= 0 && moduleY >= 0 && moduleX < modules.size && moduleY < modules.size
      if (inside && modules.get(moduleY, moduleX)) rows[y * (side + 1) + 1 + x] = 0
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 8 // bits per sample
  header[9] = 0 // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}
