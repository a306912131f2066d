import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Every refusal (a 403) comes from a named entry of the permissions table (server/policy/rules.server.ts):
 * a route or a page that writes its own 403, or tests a role by hand, is a second way the next feature
 * would copy. The two places that turn an entry into an answer are the API's and the console pages'.
 */
const root = path.resolve(import.meta.dirname, '../..')
const ANSWERS_REFUSALS = new Set(['server/policy/require.server.ts', 'pages/dashboard/guard.server.ts'])
/** 403s that are no permission: a door link that was revoked or has ended says so on its own page. */
const NOT_PERMISSIONS: Record<string, string> = {
  'server/policy/check-in-access.server.ts': 'doorEnded',
  'server/api/door.server.ts': 'show(req, res, 403',
}

function sourceFiles(): string[] {
  return execSync('git ls-files server pages', { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx)$/.test(file) && fs.existsSync(path.join(root, file)))
}

describe('refusals come from the permissions table', () => {
  it('no 403 is written outside it, and no route or page tests a role by hand', () => {
    const found: string[] = []
    for (const file of sourceFiles()) {
      if (ANSWERS_REFUSALS.has(file) || file === 'server/policy/rules.server.ts') continue
      fs.readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const refuses = /\b(?:ApiError|render|status)\(403\b|\(\s*res,\s*403\b/.test(line)
          const allowed = NOT_PERMISSIONS[file] !== undefined && line.includes(NOT_PERMISSIONS[file])
          if (refuses && !allowed && !/permissions\[|\bcan\(/.test(line))
            found.push(`${file}:${index + 1}: ${line.trim()}`)
          // A principal's role tested by hand decides who may do what: that is the table's job.
          if (
            /principal\.role\s*[!=]==\s*'(?:admin|officer|door)'/.test(line) &&
            !file.startsWith('server/policy/')
          ) {
            found.push(`${file}:${index + 1}: ${line.trim()}`)
          }
        })
    }
    expect(found).toEqual([])
  })
})
