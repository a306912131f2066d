import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * Writes bytes to `dir/name` so that a crash never leaves half a file and an acknowledged write survives a
 * power cut: a temporary file first, synced, renamed into place, and the folder synced too.
 */
export async function writeFileDurably(dir: string, name: string, bytes: Buffer): Promise<void> {
  await fs.mkdir(dir, { recursive: true })
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
  // The new name is part of the folder: sync it too, or a power cut could lose an acknowledged upload.
  const folder = await fs.open(dir, 'r')
  try {
    await folder.sync()
  } finally {
    await folder.close()
  }
}

/**
 * Writes image bytes under a name made from their hash (docs/decisions/017-uploads-on-this-server.md): the same image stored twice
 * is one file, and a name never changes meaning, so /uploads can be cached for a year.
 */
export async function storeUpload(dir: string, bytes: Buffer, extension: string): Promise<string> {
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extension}`
  await writeFileDurably(dir, name, bytes)
  return `/uploads/${name}`
}
