import type { Benefit } from './schema'

/** The nine membership benefits (/membership); the home page shows the first six (docs/product.md#constants). */
export const benefits: Benefit[] = [
  {
    icon: 'network',
    title: 'Professional network',
    description:
      'Join a professional network of more than 50k members: researchers, engineers, educators and students who share what they know and open doors for each other.',
  },
  {
    icon: 'library',
    title: 'Digital library access',
    description:
      'Read journals, magazines and conference proceedings in the digital library, with member discounts on articles and full subscriptions.',
  },
  {
    icon: 'savings',
    title: 'Save on publishing',
    description:
      'Members save $350 on publishing papers in the society’s open-access journals, and pay reduced fees for conference submissions.',
  },
  {
    icon: 'career',
    title: 'Career resources',
    description:
      'Find jobs and internships, get your CV reviewed by mentors and learn from career talks with members working in industry and academia.',
  },
  {
    icon: 'conference',
    title: 'Conference discounts',
    description:
      'Register for the society’s conferences, symposia and workshops at member rates, in Bangladesh and around the world.',
  },
  {
    icon: 'learning',
    title: 'Continuing education',
    description:
      'Take online courses, webinars and certification preparation on software, AI, security and more, many of them free for members.',
  },
  {
    icon: 'community',
    title: 'Local chapter community',
    description:
      'Meet members at your university’s student branch and at chapter events: contests, study jams, industry visits and outreach days.',
  },
  {
    icon: 'leadership',
    title: 'Leadership and volunteering',
    description:
      'Lead a student branch, organise an event or serve on a committee, and build skills that no classroom teaches.',
  },
  {
    icon: 'newsletter',
    title: 'Magazines and newsletters',
    description:
      'Stay current with the member magazine, technical newsletters and the chapter’s own updates on events and opportunities.',
  },
]
