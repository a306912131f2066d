import { z } from 'zod'

/** A link the site writes: an absolute path on this site (decisions §2) or an external http(s) URL. */
export const hrefSchema = z
  .string()
  .refine((value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/.test(value), {
    message: 'must start with / or be an http(s) URL',
  })

export const linkSchema = z.object({ label: z.string().min(1), href: hrefSchema }).strict()

export const navigationItemSchema = z.union([
  linkSchema,
  z.object({ label: z.string().min(1), children: z.array(linkSchema).min(1) }).strict(),
])

export const siteConfigSchema = z
  .object({
    chapterName: z.string().min(1),
    shortName: z.string().min(1),
    societyName: z.string().min(1),
    tagline: z.string().min(1),
    description: z.string().min(50).max(200),
    memberCount: z.string().min(1),
    contact: z
      .object({
        email: z.email(),
        phone: z.string().min(5),
        address: z.string().min(1),
        hours: z.array(z.string().min(1)).min(1),
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
    /** Local date-time (no zone): the countdown counts to it in the visitor's own clock (decisions §3). */
    countdownTarget: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'must be YYYY-MM-DDTHH:MM[:SS]'),
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
    description: z.string().min(1),
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
