import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * One way for each kind of part, so the next feature copies the right one. One look for every HTML mail (server/mail/frame.server.ts) and one HTML escaper
 * (components/shared/escape.ts): a mail that builds its own frame, or code that escapes `&` by itself,
 * is a second way the next mail would copy.
 */
const root = path.resolve(import.meta.dirname, '../..')
const files = execSync('git ls-files server components pages db', { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx)$/.test(file) && fs.existsSync(path.join(root, file)))

const linesMatching = (pattern: RegExp, except: string) =>
  files
    .filter((file) => file !== except)
    .flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}`] : [])),
    )

describe('one way', () => {
  it('routers and services query the database only through db/queries/', () => {
    const rawQuery =
      /\b(?:db|tx)\s*\.\s*(?:select|insert|update|delete|get|all|run)\(|^\s*\.(?:select|insert)\(|\.innerJoin\(|\bsql`|\.prepare\(|\$client/
    const found = files
      .filter((file) => /^server\/(?:api|services)\//.test(file))
      .flatMap((file) =>
        fs
          .readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (rawQuery.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      )
    expect(found).toEqual([])
  })

  it('only the mail frame writes the HTML mails’ frame', () => {
    expect(linesMatching(/font-family:sans-serif/, 'server/mail/frame.server.ts')).toEqual([])
  })

  it('only components/shared/dates.ts writes dates as text (db/clock.ts reads zones; env checks TIME_ZONE)', () => {
    const dateText =
      /Intl\.DateTimeFormat\(|toLocale(?:Date|Time)String\(|toLocaleString\([^)]*(?:dateStyle|timeStyle|month|weekday)|'(?:January|Jan)',\s*'(?:February|Feb)'|'(?:Sunday|Sun)',\s*'(?:Monday|Mon)'/
    const allowed = new Set(['components/shared/dates.ts', 'db/clock.ts', 'server/env.server.ts'])
    const found = files
      .filter((file) => !allowed.has(file))
      .flatMap((file) =>
        fs
          .readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (dateText.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      )
    expect(found).toEqual([])
  })

  it('only components/shared/escape.ts escapes markup by hand', () => {
    expect(linesMatching(/'&amp;'|"&amp;"|\/&\/g, '&amp;'/, 'components/shared/escape.ts')).toEqual([])
  })
})
