import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { achievements } from '#content/achievements'
import { awards } from '#content/awards'
import { benefits } from '#content/benefits'
import { articles } from '#content/blogs'
import { firstRunChapters } from '#content/chapters'
import { excom, sac23, secretariat23, webItTeam23 } from '#content/committees'
import { demoContent } from '#content/demo'
import { gsm } from '#content/gsm'
import { allImages } from '#content/images'
import { navigation } from '#content/navigation'
import { publicPages } from '#content/public-pages'
import {
  achievementsSchema,
  articlesSchema,
  awardsSchema,
  benefitsSchema,
  demoContentSchema,
  excomSchema,
  firstRunChaptersSchema,
  gsmSchema,
  navigationItemSchema,
  publicPageSchema,
  recentCommitteeSchema,
  secretariatSchema,
  siteConfigSchema,
  sparkSchema,
  sparkTeamsSchema,
  symposiumCallSchema,
  webItTeamSchema,
  xtremeSchema,
} from '#content/schema'
import { site } from '#content/site'
import { spark } from '#content/spark'
import { sparkTeams } from '#content/spark-teams'
import { symposiumCalls } from '#content/symposium'
import { xtreme } from '#content/xtreme'
import { eventTypes } from '#db/schema-enums'
import { FIRST_RUN_LOGOS_DIR } from '#server/first-run.server'

const projectRoot = path.resolve(import.meta.dirname, '..', '..')
const issuesOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues

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
    // Each event has one of the event types; each chapter is a first-run chapter, whose chair stays its chair.
    for (const event of events) expect(eventTypes).toContain(event.type)
    const firstRunNames = firstRunChapters.map((chapter) => chapter.name)
    for (const chapter of demoContent.chapters) {
      expect(firstRunNames).toContain(chapter.name)
      expect(chapter.members.map((member) => member.designation.toLowerCase())).not.toContain('chair')
    }
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
    // "more than 60,000+ members" says it twice.
    expect(siteConfigSchema.safeParse({ ...site, memberCount: '60,000+' }).success).toBe(false)
  })

  it('static page content matches its schemas', () => {
    expect(issuesOf(excomSchema, excom)).toBeUndefined()
    expect(issuesOf(recentCommitteeSchema, sac23)).toBeUndefined()
    expect(issuesOf(secretariatSchema, secretariat23)).toBeUndefined()
    expect(issuesOf(webItTeamSchema, webItTeam23)).toBeUndefined()
    expect(issuesOf(sparkSchema, spark)).toBeUndefined()
    expect(issuesOf(sparkTeamsSchema, sparkTeams)).toBeUndefined()
    expect(issuesOf(gsmSchema, gsm)).toBeUndefined()
    expect(issuesOf(benefitsSchema, benefits)).toBeUndefined()
    expect(issuesOf(articlesSchema, articles)).toBeUndefined()
    expect(issuesOf(firstRunChaptersSchema, firstRunChapters)).toBeUndefined()
    expect(issuesOf(awardsSchema, awards)).toBeUndefined()
    expect(issuesOf(achievementsSchema, achievements)).toBeUndefined()
    expect(issuesOf(xtremeSchema, xtreme)).toBeUndefined()
    for (const call of symposiumCalls) expect(issuesOf(symposiumCallSchema, call)).toBeUndefined()
    for (const page of Object.values(publicPages)) expect(issuesOf(publicPageSchema, page)).toBeUndefined()
  })

  it('static content has the counts of docs/product.md#constants', () => {
    expect(firstRunChapters).toHaveLength(22)
    expect(xtreme.ambassadors).toHaveLength(27)
    expect(firstRunChapters.filter((chapter) => chapter.logo)).toHaveLength(15)
    expect(awards.cards).toHaveLength(6)
    expect(achievements).toHaveLength(3)
    expect(articles).toHaveLength(3)
    expect(benefits).toHaveLength(9)
    expect(secretariat23.vicePresidents).toHaveLength(2)
    expect(symposiumCalls.map((call) => call.path).sort()).toEqual([
      '/call-for-abstract',
      '/call-for-extended-abstract',
    ])
    expect(articles.map((article) => article.slug)).toEqual([
      'csbd-chapter-leads-the-way',
      'evolution-of-quantum-computing',
      'metaverse-unveiling-the-digital-reality-revolution',
    ])
  })

  it('committee cards: one email string for 2018-2022, a list with WhatsApp and photos in 2023', () => {
    for (const year of ['22', '21', '20', '19', '18'] as const) {
      const committee = excom[year]
      for (const member of [committee.chair, ...committee.members]) {
        if (member.email !== undefined) expect(typeof member.email).toBe('string')
      }
    }
    const recent = [excom['23'].chair, ...excom['23'].members]
    for (const member of recent) {
      expect(Array.isArray(member.email)).toBe(true)
      expect(member.whatsapp).toMatch(/^\+880 /)
    }
    expect(recent.filter((member) => member.image).length).toBeGreaterThan(recent.length / 2)
    // Some cards have no photo: the page shows an initials avatar for them.
    expect(recent.some((member) => !member.image)).toBe(true)
    expect(gsm.members.some((member) => member.linkedin)).toBe(true)
  })

  it('page titles are unique', () => {
    const titles = Object.values(publicPages).map((page) => page.title)
    expect(new Set(titles).size).toBe(titles.length)
  })

  it('the content schemas refuse broken content', () => {
    const legacyWithList = structuredClone(excom)
    ;(legacyWithList['22'].chair as { email?: unknown }).email = ['a@example.org']
    expect(excomSchema.safeParse(legacyWithList).success).toBe(false)
    const recentWithoutPhotos = structuredClone(excom)
    delete recentWithoutPhotos['23'].chair.image
    expect(excomSchema.safeParse(recentWithoutPhotos).success).toBe(false)
    const realLookingEmail = structuredClone(xtreme)
    const first = realLookingEmail.ambassadors[0]
    if (first) first.email = 'someone@gmail.com'
    expect(xtremeSchema.safeParse(realLookingEmail).success).toBe(false)
    expect(xtremeSchema.safeParse({ ...xtreme, ambassadors: xtreme.ambassadors.slice(1) }).success).toBe(
      false,
    )
    expect(firstRunChaptersSchema.safeParse(firstRunChapters.slice(1)).success).toBe(false)
    expect(
      firstRunChaptersSchema.safeParse(firstRunChapters.map((chapter) => ({ ...chapter, logo: undefined })))
        .success,
    ).toBe(false)
    expect(benefitsSchema.safeParse(benefits.slice(0, 6)).success).toBe(false)
    expect(
      secretariatSchema.safeParse({ ...secretariat23, teams: secretariat23.teams.slice().reverse() }).success,
    ).toBe(false)
    expect(articlesSchema.safeParse(articles.map((a) => ({ ...a, slug: 'Not A Slug' }))).success).toBe(false)
    expect(publicPageSchema.safeParse({ title: 'x', description: 'too short' }).success).toBe(false)
  })

  it('every picture exists with the size its content declares, and all of them stay light', async () => {
    let bytes = 0
    for (const image of allImages) {
      // Under Vitest an imported picture is its path from the project root.
      const file = path.join(projectRoot, image.src)
      expect(fs.existsSync(file), file).toBe(true)
      const { width, height } = await sharp(file).metadata()
      expect({ file, width, height }).toEqual({ file, width: image.width, height: image.height })
      bytes += fs.statSync(file).size
    }
    expect(bytes).toBeLessThan(400 * 1024)
  })

  it("the first-run chapters' logos exist as 200 x 200 WebP files", async () => {
    for (const chapter of firstRunChapters) {
      if (!chapter.logo) continue
      const { format, width, height } = await sharp(path.join(FIRST_RUN_LOGOS_DIR, chapter.logo)).metadata()
      expect({ logo: chapter.logo, format, width, height }).toEqual({
        logo: chapter.logo,
        format: 'webp',
        width: 200,
        height: 200,
      })
    }
  })
})
