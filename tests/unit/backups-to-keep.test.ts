import { describe, expect, it } from 'vitest'
import { backupFileName, backupsToKeep } from '#server/services/scheduled-backups.server'

/** Which scheduled backups the rotation keeps: the newest of each of the 7 latest days and 4 latest weeks. */

const at = (iso: string) => backupFileName(new Date(iso))
const now = new Date('2026-11-23T12:00:00.000Z') // a Monday

describe('backupsToKeep', () => {
  it('names backups by their UTC time, sortable', () => {
    expect(at('2026-11-23T10:19:03.123Z')).toBe('chapter-2026-11-23T10-19-03-123Z.tar.gz')
    expect(backupFileName(new Date('2026-11-23T10:19:03.123Z'), '-before-migration')).toBe(
      'chapter-2026-11-23T10-19-03-123Z-before-migration.tar.gz',
    )
  })

  it('keeps only the newest of several backups taken on one day', () => {
    const names = [at('2026-11-23T01:00:00Z'), at('2026-11-23T05:00:00Z'), at('2026-11-23T09:00:00Z')]
    expect([...backupsToKeep(names, now)]).toEqual([at('2026-11-23T09:00:00Z')])
  })

  it('keeps 7 daily backups and the newest of each of the 4 latest weeks, deletes the rest', () => {
    // One backup a day at 03:00 for 40 days, up to today.
    const names = Array.from({ length: 40 }, (_, day) =>
      at(new Date(Date.parse('2026-11-23T03:00:00Z') - day * 86_400_000).toISOString()),
    )
    const kept = [...backupsToKeep(names, now)].sort()
    expect(kept).toEqual(
      [
        // the last 7 days
        '2026-11-17',
        '2026-11-18',
        '2026-11-19',
        '2026-11-20',
        '2026-11-21',
        '2026-11-22',
        '2026-11-23',
        // the newest of the weeks before (weeks start on Monday): 16-22 Nov is covered by the 22nd, then
        // 9-15, 2-8 Nov
        '2026-11-15',
        '2026-11-08',
      ]
        .map((day) => at(`${day}T03:00:00Z`))
        .sort(),
    )
  })

  it('counts only days that have a backup: a long pause does not empty the folder', () => {
    const names = [
      at('2026-09-01T03:00:00Z'),
      at('2026-09-02T03:00:00Z'),
      at('2026-09-03T03:00:00Z'),
      at('2026-11-23T03:00:00Z'),
    ]
    expect(backupsToKeep(names, now)).toEqual(new Set(names))
  })

  it('never deletes a file it did not name, a backup before migrations, or one dated in the future', () => {
    const names = [
      at('2026-11-23T01:00:00Z'),
      at('2026-11-23T02:00:00Z'),
      backupFileName(new Date('2026-11-23T01:30:00Z'), '-before-migration'),
      'site-by-hand.tar.gz',
      'notes.txt',
      at('2026-12-24T00:00:00Z'),
    ]
    const kept = backupsToKeep(names, now)
    expect(kept.has(at('2026-11-23T01:00:00Z'))).toBe(false)
    expect(kept.size).toBe(names.length - 1)
  })
})
