import type { SiteConfig } from './schema'

/** The society's external pages, named once: the footer links to some of them too. */
const links: SiteConfig['links'] = {
  membership: 'https://www.example.org/membership',
  join: 'https://www.example.org/join',
  technicalCosponsorshipForm: 'https://forms.example.org/technical-cosponsorship',
}

/**
 * All branding and contact details of the chapter (docs/decisions/004-branding-in-one-file.md). Change this file, rebuild, and the
 * whole site follows: titles, header, footer, contact page, sitemap.
 */
export const site: SiteConfig = {
  chapterName: 'Computing Society Bangladesh Chapter',
  shortName: 'CSBD',
  societyName: 'Computing Society',
  tagline: 'Empowering the future of computer science in Bangladesh',
  description:
    'The Bangladesh chapter of the Computing Society: a non-profit community of students, researchers and professionals advancing computer science education and research.',
  memberCount: '60,000',
  contact: {
    email: 'contact@csbd-chapter.example.org',
    phone: '+880 1700-000000',
    address: 'Dhaka, Bangladesh',
    hours: ['Monday-Friday 9am-5pm', 'Saturday 10am-4pm'],
    // What the contact page promises a sender, above the form and in its confirmation.
    replyWithinWorkingDays: 2,
    mapEmbedUrl:
      'https://www.openstreetmap.org/export/embed.html?bbox=90.3300%2C23.7000%2C90.4600%2C23.8400&layer=mapnik',
  },
  links,
  social: [
    { label: 'Facebook', href: 'https://www.facebook.com/example-chapter' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/example-chapter' },
    { label: 'YouTube', href: 'https://www.youtube.com/@example-chapter' },
    { label: 'X', href: 'https://x.com/example_chapter' },
  ],
  footerColumns: [
    {
      title: 'About',
      links: [
        { label: 'About Us', href: '/about' },
        { label: 'Executive Committee', href: '/excom-23' },
        { label: 'Chapters', href: '/chapters' },
        { label: 'Awards', href: '/awards' },
        { label: 'Achievements', href: '/acheivements' },
      ],
    },
    {
      title: 'Membership',
      links: [
        { label: 'Membership Benefits', href: '/membership' },
        { label: 'Join Now', href: links.join },
        { label: 'Contact Us', href: '/contact' },
      ],
    },
    {
      title: 'Events',
      links: [
        { label: 'Events', href: '/events' },
        { label: 'Call for Extended Abstract', href: '/call-for-extended-abstract' },
        { label: 'Call for Abstract', href: '/call-for-abstract' },
        { label: 'Technical Co-sponsorship', href: '/application-for-technical-cosponsorship' },
      ],
    },
    {
      title: 'Resources',
      links: [
        { label: 'Digital Library', href: 'https://www.example.org/digital-library' },
        { label: 'Computing Resources', href: 'https://www.example.org/computing-resources' },
        { label: 'Community Resources', href: 'https://www.example.org/community-resources' },
        { label: 'Blogs', href: '/blogs' },
      ],
    },
  ],
  analyticsScriptPath: null,
  countdownTarget: '2024-01-27T00:00:00',
}
