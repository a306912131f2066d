import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * The one configuration of every axe sweep, public pages and console alike: axe's default rules (WCAG 2.0,
 * 2.1 and 2.2 A and AA, best practices) and its experimental ones, which it never runs unless asked
 * (among them `label-content-name-mismatch`, WCAG 2.5.3 "label in name"). Frames are left out: the only
 * ones are third-party embeds (the map, the video, a form).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental']

/**
 * Toasts come and go on their own clock (two or four seconds) and fade in and out: one caught mid-fade has
 * the contrast of its opacity, not of its colours. A sweep of the page leaves them out; a test sweeps a toast
 * on its own, held open by a hover (console-site.spec.ts), by passing this selector as `include`.
 */
export const TOASTER = '[data-sonner-toaster]'

function sweep(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(TAGS).exclude('iframe')
  if (include !== TOASTER) builder.exclude(TOASTER)
  return (include ? builder.include(include) : builder).analyze()
}

const describe = (violation: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }) =>
  `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`

/** axe-core on the page as it is now: no serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const results = await sweep(page)
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(describe)
  expect(serious, `serious or critical accessibility violations: ${what}`).toEqual([])
}

/** axe-core on the page as it is now (or only inside `include`, a CSS selector): nothing found, whatever its impact. */
export async function expectNoAxeViolations(page: Page, what: string, include?: string): Promise<void> {
  const results = await sweep(page, include)
  expect(results.violations.map(describe), what).toEqual([])
}
