import { describe, expect, it } from 'vitest'
import type { ActivityEntryDto } from '#db/dto'
import { describe as describeChange } from '#pages/dashboard/activity/columns'
import { foldUploads } from '#pages/dashboard/activity/foldUploads'

let serial = 0
const entry = (fields: Partial<ActivityEntryDto>): ActivityEntryDto => ({
  _id: String(++serial).padStart(24, '0'),
  at: '2026-11-25T10:00:00.000Z',
  actorId: 'nadia',
  actor: 'Nadia',
  action: 'create',
  type: 'event',
  itemId: null,
  itemTitle: '',
  chapterId: null,
  details: null,
  ...fields,
})
const upload = (url: string, actorId = 'nadia') =>
  entry({
    action: 'upload',
    type: 'upload',
    itemTitle: url,
    actorId,
    details: { bytes: 141_358, type: 'webp' },
  })

describe('the Activity page folds an upload into the change that used it', () => {
  it('a new event with its banner: one row "with a new image"', () => {
    const banner = '/uploads/aa.webp'
    const rows = foldUploads([entry({ itemTitle: 'Rust Day', details: { banner } }), upload(banner)])
    expect(rows).toHaveLength(1)
    expect(rows[0]?.usedUploads).toEqual([banner])
    expect(describeChange(rows[0] ?? { action: 'create', details: null, usedUploads: [] })).toBe(
      'with a new image',
    )
  })

  it("an update's new banner, past another person's change and an unrelated one of the same person", () => {
    const banner = '/uploads/bb.webp'
    const update = entry({
      action: 'update',
      details: { title: ['A', 'B'], banner: ['/uploads/old.webp', banner] },
    })
    const rows = foldUploads([
      update,
      entry({ actorId: 'karim', actor: 'Karim', details: { banner } }),
      entry({ action: 'update', details: { title: ['X', 'Y'] } }),
      upload(banner),
    ])
    expect(rows.map((row) => row.usedUploads.length)).toEqual([1, 0, 0])
    expect(describeChange(rows[0] ?? { ...update, usedUploads: [] })).toBe(
      'title: A → B; banner: a new image',
    )
  })

  it('an upload nothing used, or used only by someone else, stays a row that says what it is', () => {
    const rows = foldUploads([
      entry({ actorId: 'karim', details: { banner: '/uploads/cc.webp' } }),
      upload('/uploads/cc.webp'),
    ])
    expect(rows).toHaveLength(2)
    expect(describeChange(rows[1] ?? rows[0] ?? { action: 'upload', details: null, usedUploads: [] })).toBe(
      'An image 138 KB (WEBP)',
    )
    expect(
      describeChange({
        action: 'create',
        details: { banner: 'https://elsewhere.example/b.png' },
        usedUploads: [],
      }),
    ).toBe('')
  })
})
