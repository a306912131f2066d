import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * The one configuration of every axe sweep, public pages and console alike: axe's default rules (WCAG 2.0,
 * 2.1 and 2.2 A and AA, best practices) and its experimental ones, which it never runs unless asked
 * (among them `label-content-name-mismatch`, WCAG 2.5.3 "label in name"). Frames are left out: the only
 * ones are third-party embeds (the map, the video, a form).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental']

/** axe-core on the page as it is now: no serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).exclude('iframe').analyze()
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(serious, `serious or critical accessibility violations: ${what}`).toEqual([])
}
