import { describe, expect, it } from 'vitest'
import { demoContent } from '../../content/demo'
import { navigation } from '../../content/navigation'
import { demoContentSchema, navigationItemSchema, siteConfigSchema } from '../../content/schema'
import { site } from '../../content/site'

describe('content', () => {
  it('site configuration matches its schema', () => {
    expect(siteConfigSchema.safeParse(site).error?.issues).toBeUndefined()
  })

  it('navigation matches its schema and every internal link is absolute', () => {
    for (const item of navigation) expect(navigationItemSchema.safeParse(item).error?.issues).toBeUndefined()
  })

  it('demo content matches its schema: 2-3 chapters and about ten events', () => {
    expect(demoContentSchema.safeParse(demoContent).error?.issues).toBeUndefined()
    const events = demoContent.chapters.flatMap((chapter) => chapter.events)
    expect(events.length).toBeGreaterThanOrEqual(8)
    expect(events.length).toBeLessThanOrEqual(12)
    // Upcoming and past events both show on a fresh demo.
    expect(events.some((event) => event.daysFromSeed > 0)).toBe(true)
    expect(events.some((event) => event.daysFromSeed < 0)).toBe(true)
  })

  it('the schema refuses broken content', () => {
    expect(siteConfigSchema.safeParse({ ...site, contact: { ...site.contact, email: 'nope' } }).success).toBe(
      false,
    )
    expect(
      siteConfigSchema.safeParse({
        ...site,
        footerColumns: [{ title: 'x', links: [{ label: 'a', href: 'about' }] }],
      }).success,
    ).toBe(false)
    expect(
      siteConfigSchema.safeParse({ ...site, analyticsScriptPath: 'https://tracker.example.com/a.js' })
        .success,
    ).toBe(false)
    expect(siteConfigSchema.safeParse({ ...site, unknownKey: true }).success).toBe(false)
  })
})
