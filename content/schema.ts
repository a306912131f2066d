import { z } from 'zod'

/** A link the site writes: an absolute path on this site (docs/decisions/002-absolute-links-and-trailing-slashes.md) or an external http(s) URL. */
const hrefSchema = z
  .string()
  .refine((value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/.test(value), {
    message: 'must start with / or be an http(s) URL',
  })

const linkSchema = z.object({ label: z.string().min(1), href: hrefSchema }).strict()

/**
 * In a menu, the published committees of a kind, newest first (filled in when a page is rendered from
 * the database: docs/decisions/101-committees-by-year.md).
 */
const committeeMenuEntriesSchema = z
  .object({ committees: z.enum(['excom', 'sac', 'secretariat', 'spark', 'gsm', 'web-it']) })
  .strict()
export type CommitteeMenuEntries = z.infer<typeof committeeMenuEntriesSchema>

export const navigationItemSchema = z.union([
  linkSchema,
  z
    .object({
      label: z.string().min(1),
      children: z.array(z.union([linkSchema, committeeMenuEntriesSchema])).min(1),
    })
    .strict(),
])

export const siteConfigSchema = z
  .object({
    chapterName: z.string().min(1),
    shortName: z.string().min(1),
    societyName: z.string().min(1),
    tagline: z.string().min(1),
    description: z.string().min(50).max(200),
    /** A number: the pages write "more than {memberCount} members", so "60,000+" would say it twice. */
    memberCount: z
      .string()
      .regex(/^\d{1,3}(,\d{3})*$/, 'must be a number like 60,000 (the texts say "more than")'),
    contact: z
      .object({
        email: z.email(),
        phone: z.string().min(5),
        address: z.string().min(1),
        hours: z.array(z.string().min(1)).min(1),
        /** How soon the chapter answers a contact message, as the contact page promises. */
        replyWithinWorkingDays: z.number().int().min(1).max(30),
        mapEmbedUrl: z.url({ protocol: /^https$/ }),
      })
      .strict(),
    links: z
      .object({
        membership: z.url({ protocol: /^https?$/ }),
        join: z.url({ protocol: /^https?$/ }),
        technicalCosponsorshipForm: z.url({ protocol: /^https$/ }),
      })
      .strict(),
    social: z.array(linkSchema).min(1),
    footerColumns: z.array(
      z.object({ title: z.string().min(1), links: z.array(linkSchema).min(1) }).strict(),
    ),
    /** A script on the site's own host, e.g. "/analytics.js"; null turns analytics off. */
    analyticsScriptPath: z
      .string()
      .regex(/^\/(?!\/)[\w\-./]+\.js$/, 'must be a .js path on this site')
      .nullable(),
    /** Local date-time (no zone): the countdown counts to it in the visitor's own clock (docs/decisions/003-countdown-page.md). */
    countdownTarget: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'must be YYYY-MM-DDTHH:MM[:SS]'),
    /** The YouTube video a chapter landing page shows when the chapter has none (docs/decisions/016-chapter-info-and-video.md). */
  })
  .strict()

export type Link = z.infer<typeof linkSchema>
export type NavigationItem = z.infer<typeof navigationItemSchema>
export type SiteConfig = z.infer<typeof siteConfigSchema>

const demoEventSchema = z
  .object({
    title: z.string().min(1),
    /** Days after the day the demo is seeded; negative for past events. */
    daysFromSeed: z.number().int(),
    startTime: z.string().regex(/^\d{2}:\d{2}$/),
    endTime: z.string().regex(/^\d{2}:\d{2}$/),
    location: z.string().min(1),
    registrationMethod: z.enum(['Offline', 'Online']),
    fees: z.number().min(0),
    /** Markdown. */
    description: z.string().min(1),
    /** One of the event types of db/schema-enums.ts (checked by tests/unit/content.test.ts and when seeded). */
    type: z.string().min(1),
  })
  .strict()

export const demoContentSchema = z
  .object({
    chapters: z
      .array(
        z
          .object({
            name: z.string().min(1),
            email: z.email(),
            phone: z.string().min(5),
            info: z
              .object({
                shortDescription: z.string().min(1),
                websiteUrl: z.url(),
                facebookUrl: z.url(),
                linkedinUrl: z.url(),
                videoUrl: z.union([z.literal(''), z.url()]),
                aboutUs: z.string().min(1),
              })
              .strict(),
            members: z.array(
              z
                .object({
                  name: z.string(),
                  designation: z.string(),
                  affiliation: z.string(),
                  email: z.email(),
                })
                .strict(),
            ),
            events: z.array(demoEventSchema),
          })
          .strict(),
      )
      .min(2)
      .max(3),
    contactMessages: z.array(
      z
        .object({ name: z.string(), email: z.email(), message: z.string(), hoursAgo: z.number().min(0) })
        .strict(),
    ),
  })
  .strict()

export type DemoContent = z.infer<typeof demoContentSchema>

// ---------------------------------------------------------------------------------------------------------
// Static page content (docs/decisions/005-static-content-as-typed-data.md). Sample people are fictional; counts and shapes follow docs/product.md#entities.

/** A picture that ships with the site: a Vite-hashed URL and its intrinsic size (explicit on every <img>). */
const imageAssetSchema = z
  .object({ src: z.string().min(1), width: z.number().int().positive(), height: z.number().int().positive() })
  .strict()
export type ImageAsset = z.infer<typeof imageAssetSchema>

const text = z.string().trim().min(1)

/** The key of a picture that ships with the site: its file name without the extension (`portrait-01`). */
export const bundledImageKey = z.string().regex(/^[a-z0-9-]+$/, "a bundled picture's key")
const paragraphs = z.array(text).min(1)
const exampleEmail = z.email().refine((value) => value.endsWith('@example.org'), {
  message: 'sample addresses use example.org',
})
const whatsapp = z.string().regex(/^\+880 1\d{3}-\d{6}$/, 'must look like +880 1XXX-XXXXXX')

/** A card of a 2018-2022 committee: one email as a single string (docs/product.md#entities). */
const legacyMemberSchema = z
  .object({ name: text, designation: text, affiliation: text.optional(), email: exampleEmail.optional() })
  .strict()

/** A card of a 2023 committee: a list of emails, and optionally a WhatsApp number and a photo. */
const recentMemberSchema = z
  .object({
    name: text,
    designation: text,
    affiliation: text.optional(),
    email: z.array(exampleEmail).min(1).optional(),
    whatsapp: whatsapp.optional(),
    /** A picture that ships with the site, by its key (content/images.ts `committeePhotos`). */
    image: bundledImageKey.optional(),
    linkedin: z.url({ protocol: /^https$/ }).optional(),
  })
  .strict()

type LegacyMember = z.infer<typeof legacyMemberSchema>
type RecentMember = z.infer<typeof recentMemberSchema>
export type Member = LegacyMember | RecentMember

export const excomYears = ['23', '22', '21', '20', '19', '18'] as const
export type ExcomYear = (typeof excomYears)[number]

const committee = <Person extends z.ZodType>(person: Person) =>
  z
    .object({ year: z.number().int().min(2015).max(2030), chair: person, members: z.array(person).min(3) })
    .strict()

export const recentCommitteeSchema = committee(recentMemberSchema)
const legacyCommitteeSchema = committee(legacyMemberSchema)
export type RecentCommittee = z.infer<typeof recentCommitteeSchema>

/** Executive committees by year: 2023 with the recent card, 2018-2022 with the legacy one. */
export const excomSchema = z
  .object({
    '23': recentCommitteeSchema.refine((c) => c.year === 2023 && c.chair.image && c.chair.whatsapp, {
      message: 'the 2023 committee shows photos and WhatsApp numbers',
    }),
    '22': legacyCommitteeSchema.refine((c) => c.year === 2022),
    '21': legacyCommitteeSchema.refine((c) => c.year === 2021),
    '20': legacyCommitteeSchema.refine((c) => c.year === 2020),
    '19': legacyCommitteeSchema.refine((c) => c.year === 2019),
    '18': legacyCommitteeSchema.refine((c) => c.year === 2018),
  })
  .strict()
export type Excom = z.infer<typeof excomSchema>

export const secretariatSchema = z
  .object({
    mentor: recentMemberSchema,
    president: recentMemberSchema,
    vicePresidents: z.array(recentMemberSchema).length(2),
    teams: z
      .array(z.object({ name: text, members: z.array(recentMemberSchema).min(1) }).strict())
      .refine(
        (teams) =>
          teams.map((team) => team.name).join('|') ===
          'Public Relation|Content|Research|Graphics|Event Management',
        {
          message: 'teams are Public Relation, Content, Research, Graphics, Event Management, in this order',
        },
      ),
  })
  .strict()

export const sparkSchema = z
  .object({
    founder: z
      .object({ name: text, role: text, image: imageAssetSchema, bio: paragraphs, quote: text })
      .strict(),
    about: z
      .object({
        intro: paragraphs,
        features: z.array(z.object({ title: text, description: text }).strict()).min(3),
        teamManagement: paragraphs,
      })
      .strict(),
  })
  .strict()

/** Team SPARK by year (content/spark-teams.ts). */
export const sparkTeamsSchema = z
  .object({
    team23: z
      .object({
        chief: recentMemberSchema,
        coordinators: z.array(recentMemberSchema).min(2),
        volunteers: z.array(recentMemberSchema).min(2),
      })
      .strict(),
    /** The first entry is shown as chair, the rest as committee (docs/product.md#public-routes). */
    team22: z.array(z.object({ name: text, designation: text, email: exampleEmail }).strict()).min(3),
    team21: z.array(z.object({ name: text, designation: text }).strict()).min(3),
  })
  .strict()

export const gsmSchema = z
  .object({
    about: paragraphs,
    goals: z.array(text).min(3),
    advisors: z.array(recentMemberSchema).min(1),
    founders: z.array(recentMemberSchema).min(1),
    president: recentMemberSchema,
    members: z.array(recentMemberSchema).min(3),
  })
  .strict()

export const webItTeamSchema = z
  .object({
    advisors: z.array(recentMemberSchema).min(1),
    president: recentMemberSchema,
    members: z.array(recentMemberSchema).min(3),
  })
  .strict()

const iconNames = [
  'network',
  'library',
  'savings',
  'career',
  'conference',
  'learning',
  'community',
  'leadership',
  'newsletter',
] as const
export type IconName = (typeof iconNames)[number]

const benefitSchema = z.object({ icon: z.enum(iconNames), title: text, description: text }).strict()
export const benefitsSchema = z.array(benefitSchema).length(9)
export type Benefit = z.infer<typeof benefitSchema>

const isoDate = z.iso.date()

const articleSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    title: text,
    date: isoDate,
    author: text,
    banner: imageAssetSchema,
    summary: text,
    /** Markdown; raw HTML in it is shown as text, never run. */
    body: z.string().min(200),
  })
  .strict()
export const articlesSchema = z.array(articleSchema).length(3)
export type Article = z.infer<typeof articleSchema>

const namedContact = z.object({ name: text, email: exampleEmail }).strict()
/** A chapter created on the first start; `logo` names a file in content/images. */
export const firstRunChapterSchema = z
  .object({
    name: text,
    chair: namedContact,
    advisor: namedContact,
    logo: z
      .string()
      .regex(/^logo-\d{2}\.webp$/)
      .optional(),
  })
  .strict()
export const firstRunChaptersSchema = z
  .array(firstRunChapterSchema)
  .length(22)
  .refine(
    (chapters) => chapters.filter((chapter) => chapter.logo).length === 15,
    'Fifteen chapters have a logo',
  )
  .refine(
    (chapters) => new Set(chapters.map((chapter) => chapter.name)).size === chapters.length,
    'Names are unique',
  )

const awardSchema = z.object({ name: text, awardTitle: text, photo: imageAssetSchema }).strict()
export const awardsSchema = z
  .object({ year: z.number().int(), cards: z.array(awardSchema).length(6) })
  .strict()

const achievementSchema = z
  .object({ title: text, date: isoDate, image: imageAssetSchema, body: paragraphs })
  .strict()
export const achievementsSchema = z.array(achievementSchema).length(3)

const ambassadorSchema = z.object({ name: text, university: text, email: exampleEmail }).strict()
export const xtremeSchema = z
  .object({
    edition: z.literal('17.0'),
    intro: paragraphs,
    image: imageAssetSchema,
    ambassadors: z.array(ambassadorSchema).length(27),
  })
  .strict()

export const symposiumCallSchema = z
  .object({
    path: z.enum(['/call-for-extended-abstract', '/call-for-abstract']),
    title: text,
    season: z.enum(['Summer', 'Winter']),
    /** As shown, e.g. "10-11 June 2022". */
    dates: text,
    mode: z.literal('Online'),
    banner: imageAssetSchema,
    description: paragraphs,
    topics: z.array(text).min(3),
    importantDates: z.array(z.object({ label: text, date: text }).strict()).min(2),
    /** Role name to the people in it (docs/product.md#entities "Program committee"). */
    programCommittee: z.record(text, z.array(text).min(1)),
    technicalProgramCommittee: z.array(text).min(5),
    notes: z.array(text).min(2),
  })
  .strict()
export type SymposiumCall = z.infer<typeof symposiumCallSchema>

/** Title and description of each static public page: the pages' <head> and the sitemap read them. */
export const publicPageSchema = z.object({ title: text.max(70), description: text.min(50).max(200) }).strict()

export type SecretariatContent = z.infer<typeof secretariatSchema>
export type SparkContent = z.infer<typeof sparkSchema>
export type SparkTeams = z.infer<typeof sparkTeamsSchema>
export type GsmContent = z.infer<typeof gsmSchema>
export type WebItTeamContent = z.infer<typeof webItTeamSchema>
export type FirstRunChapter = z.infer<typeof firstRunChapterSchema>
export type Awards = z.infer<typeof awardsSchema>
export type Achievement = z.infer<typeof achievementSchema>
export type Xtreme = z.infer<typeof xtremeSchema>
export type PublicPage = z.infer<typeof publicPageSchema>

// ---------------------------------------------------------------------------------------------------------
// The site's texts, kept in the database and edited on the console's Site page (docs/decisions/099-site-texts-in-the-console.md).
// content/ holds their seed; this schema checks the seed, the API and the console's form alike.

/**
 * A picture of the texts: `bundled:<name>` for one that ships with the site (content/images.ts, resolved to
 * its hashed URL when a page renders) or an upload's `/uploads/...` path.
 */
const textImageSchema = imageAssetSchema.extend({
  src: z
    .string()
    .regex(/^(bundled:[\w.-]+|\/uploads\/[\w./-]+)$/, 'must be a picture of the site or an upload'),
})
export type TextImage = z.infer<typeof textImageSchema>
const pictureSchema = z.object({ image: textImageSchema, alt: text }).strict()

const contactSchema = siteConfigSchema.shape.contact
const socialSchema = siteConfigSchema.shape.social
const footerColumnsSchema = siteConfigSchema.shape.footerColumns

export const siteTextsSchema = z
  .object({
    home: z
      .object({
        hero: z.object({ headline: text, mission: text }).strict(),
        memberCount: siteConfigSchema.shape.memberCount,
        about: z.object({ title: text, text }).strict(),
        activities: z.object({ title: text, intro: text }).strict(),
        gallery: z.object({ title: text, images: z.array(pictureSchema).min(1) }).strict(),
      })
      .strict(),
    about: z
      .object({
        intro: paragraphs,
        mission: text,
        vision: text,
        activities: z.array(text).min(1),
        image: pictureSchema,
      })
      .strict(),
    membership: z.object({ benefits: z.array(benefitSchema).min(6) }).strict(),
    awards: awardsSchema.extend({
      cards: z.array(awardSchema.extend({ photo: textImageSchema })).min(1),
    }),
    achievements: z.array(achievementSchema.extend({ image: textImageSchema })).min(1),
    contact: contactSchema,
    social: socialSchema,
    footer: z.object({ columns: footerColumnsSchema }).strict(),
  })
  .strict()
export type SiteTexts = z.infer<typeof siteTextsSchema>
export const siteTextSections = Object.keys(siteTextsSchema.shape) as (keyof SiteTexts)[]

/** What the footer of every page shows of the texts: all a page's browser script is handed of them. */
export type SiteFooterTexts = {
  memberCount: string
  contact: Pick<SiteTexts['contact'], 'email' | 'phone' | 'address'>
  social: SiteTexts['social']
  columns: SiteTexts['footer']['columns']
}
export const footerTextsOf = ({ home, contact, social, footer }: SiteTexts): SiteFooterTexts => ({
  memberCount: home.memberCount,
  contact: { email: contact.email, phone: contact.phone, address: contact.address },
  social,
  columns: footer.columns,
})
