import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { openDataDirDatabase } from '#db/client.server'
import { BackupError, createBackup } from '#server/services/backup.server'

it('two backups racing to one file name: one is written, the other refused, neither overwrites', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chapter-backup-race-'))
  openDataDirDatabase(dataDir).$client.close()
  const target = path.join(dataDir, 'race.tar.gz')
  // Both pass the "does it exist yet" check before either has written: only the final step can refuse.
  const results = await Promise.allSettled([createBackup(dataDir, target), createBackup(dataDir, target)])
  const written = results.filter((result) => result.status === 'fulfilled')
  const refused = results.filter((result) => result.status === 'rejected')
  expect(written).toHaveLength(1)
  expect(refused).toHaveLength(1)
  expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(BackupError)
  expect((refused[0] as PromiseRejectedResult).reason.message).toMatch(/already exists/)
  expect(fs.statSync(target).size).toBe((written[0] as PromiseFulfilledResult<{ bytes: number }>).value.bytes)
  expect(fs.readdirSync(dataDir).filter((name) => name.includes('.partial-'))).toEqual([])
})
