import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * axe-core on the page as it is now (or only inside `include`, a CSS selector), WCAG 2.2 AA, best
 * practices and the experimental rules on: nothing may be found, whatever its impact.
 */
export async function expectNoAxeViolations(page: Page, what: string, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
    'experimental',
  ])
  const results = await (include ? builder.include(include) : builder).analyze()
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
  expect(found, what).toEqual([])
}
