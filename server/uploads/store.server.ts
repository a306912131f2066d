import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * Writes image bytes under a name made from their hash (decisions §17): the same image stored twice
 * is one file, and a name never changes meaning, so /uploads can be cached for a year. The bytes go
 * to a temporary file first and are renamed into place, so a crash never leaves half a file.
 */
export async function storeUpload(dir: string, bytes: Buffer, extension: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true })
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extension}`
  const target = path.join(dir, name)
  const temporary = path.join(dir, `.tmp-${randomBytes(8).toString('hex')}`)
  await fs.writeFile(temporary, bytes, { flag: 'wx' })
  const handle = await fs.open(temporary, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
  await fs.rename(temporary, target)
  return `/uploads/${name}`
}
