import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Every decision record says when it was written and whether it still holds, right under its title, and
 * the index (docs/decisions/README.md) shows the same status.
 */

const folder = path.resolve(import.meta.dirname, '../../docs/decisions')
const RECORD = /^(\d{3})-[\w-]+\.md$/
const records = fs
  .readdirSync(folder)
  .filter((file) => RECORD.test(file))
  .sort()

const DATE = /^Date: (\d{4}-\d{2}-\d{2})$/
/** `accepted`, or `superseded by [NNN](NNN-name.md)` with an optional reason after it. */
const STATUS = /^Status: (accepted|superseded by \[(\d{3})\]\(((\d{3})-[\w-]+\.md)\))(?:[,:.].*)?$/

type Header = { date: string; status: string; supersededBy?: { number: string; file: string } }

/** The Date and Status lines between a record's title and its first section, or what is wrong. */
function headerOf(text: string): Header | string {
  const lines = text.split('\n')
  if (!/^# \d{3}\. /.test(lines[0] ?? '')) return 'does not start with "# NNN. Title"'
  const top = lines.slice(
    1,
    lines.findIndex((line) => line.startsWith('## ')),
  )
  const date = top.map((line) => DATE.exec(line)?.[1]).find(Boolean)
  if (!date) return 'has no "Date: YYYY-MM-DD" line under its title'
  if (Number.isNaN(Date.parse(date)) || new Date(date).toISOString().slice(0, 10) !== date)
    return `has a date that does not exist: ${date}`
  const status = top.map((line) => STATUS.exec(line)).find(Boolean)
  if (!status)
    return 'has no "Status: accepted" or "Status: superseded by [NNN](NNN-name.md)" line under its title'
  const [, word = '', number, file, fileNumber] = status
  if (number === undefined || file === undefined) return { date, status: word }
  if (number !== fileNumber) return `says superseded by ${number} but links ${file}`
  return { date, status: word, supersededBy: { number, file } }
}

const headers = new Map(
  records.map((file) => [file, headerOf(fs.readFileSync(path.join(folder, file), 'utf8'))]),
)

describe('decision records', () => {
  it('reads the header lines it asks for', () => {
    expect(headerOf('# 001. A\n\nDate: 2026-11-23\n\nStatus: accepted\n\n## Context\n')).toEqual({
      date: '2026-11-23',
      status: 'accepted',
    })
    expect(
      headerOf(
        '# 002. B\n\nDate: 2026-11-23\n\nStatus: superseded by [005](005-c.md), see there.\n\n## Context\n',
      ),
    ).toMatchObject({ supersededBy: { number: '005', file: '005-c.md' } })
    expect(headerOf('# 003. C\n\nStatus: accepted\n\n## Context\n')).toMatch(/no "Date/)
    expect(headerOf('# 003. C\n\nDate: 2026-02-30\n\nStatus: accepted\n\n## Context\n')).toMatch(/not exist/)
    expect(headerOf('# 004. D\n\nDate: 2026-11-23\n\n## Context\nStatus: accepted\n')).toMatch(/no "Status/)
    expect(headerOf('# 004. D\n\nDate: 2026-11-23\n\nStatus: superseded by [005](006-e.md)\n')).toMatch(
      /links 006-e.md/,
    )
  })

  it('every record has its date and status under its title', () => {
    expect(records.length).toBeGreaterThan(50)
    const problems = [...headers].flatMap(([file, header]) =>
      typeof header === 'string' ? [`${file} ${header}`] : [],
    )
    expect(problems).toEqual([])
  })

  it('"superseded by" names a later record that exists', () => {
    const problems: string[] = []
    for (const [file, header] of headers) {
      if (typeof header === 'string' || !header.supersededBy) continue
      const { number, file: target } = header.supersededBy
      if (!records.includes(target)) problems.push(`${file} is superseded by ${target}, which does not exist`)
      else if (number <= file.slice(0, 3))
        problems.push(`${file} is superseded by ${target}, which is not later`)
    }
    expect(problems).toEqual([])
    // The one record known to be superseded says so in its header.
    expect(headers.get('010-one-accounts-table.md')).toMatchObject({ supersededBy: { number: '056' } })
  })

  it('the index lists every record with its status', () => {
    const index = fs.readFileSync(path.join(folder, 'README.md'), 'utf8')
    const rows = new Map(
      [...index.matchAll(/^\| (\d{3}) \| \[[^\]]*\]\(([^)]+)\) \| ([^|]+) \|/gm)].map((row) => [
        row[2] ?? '',
        (row[3] ?? '').trim(),
      ]),
    )
    const problems: string[] = []
    for (const [file, header] of headers) {
      if (typeof header === 'string') continue
      const listed = rows.get(file)
      if (listed === undefined) problems.push(`${file} has no line in the index`)
      else if (listed !== header.status)
        problems.push(`${file}: the index says "${listed}", the record "${header.status}"`)
    }
    expect(problems).toEqual([])
  })
})
