import type { PublicPage } from './schema'

/**
 * Title and description of every public page with a fixed address (docs/decisions/006-page-metadata-and-feeds.md). Each page's
 * +title.ts and +description.ts read its entry; /sitemap.xml lists them all.
 */
export const publicPages = {
  '/': {
    title: 'Home',
    description:
      'The Computing Society Bangladesh Chapter: events, student branches, membership benefits and a community advancing computer science in Bangladesh.',
  },
  '/about': {
    title: 'About Us',
    description:
      'Who we are: a non-profit, volunteer-led chapter of the Computing Society promoting computer science education and research in Bangladesh.',
  },
  '/membership': {
    title: 'Membership Benefits',
    description:
      'Nine reasons to join: a network of more than 50k members, the digital library, savings on publishing, career resources, conferences and more.',
  },
  '/excom-23': {
    title: 'Executive Committee 2023',
    description:
      'The chapter’s executive committee for 2023: chair and members with their roles, affiliations, emails and WhatsApp numbers.',
  },
  '/excom-22': {
    title: 'Executive Committee 2022',
    description:
      'The chapter’s executive committee for 2022: the chair and members with their roles and contacts.',
  },
  '/excom-21': {
    title: 'Executive Committee 2021',
    description:
      'The chapter’s executive committee for 2021: the chair and members with their roles and contacts.',
  },
  '/excom-20': {
    title: 'Executive Committee 2020',
    description:
      'The chapter’s executive committee for 2020: the chair and members with their roles and contacts.',
  },
  '/excom-19': {
    title: 'Executive Committee 2019',
    description:
      'The chapter’s executive committee for 2019: the chair and members with their roles and contacts.',
  },
  '/excom-18': {
    title: 'Executive Committee 2018',
    description:
      'The chapter’s executive committee for 2018: the chair and members with their roles and contacts.',
  },
  '/sac-23': {
    title: 'Student Activity Committee 2023',
    description:
      'The Student Activity Committee 2023, which plans contests, workshops and outreach with the student branches.',
  },
  '/secretariat-23': {
    title: 'Secretariat 2023',
    description:
      'The chapter’s secretariat for 2023: mentor, president, vice presidents and the public relation, content, research, graphics and event teams.',
  },
  '/founder-spark': {
    title: 'Founder of SPARK',
    description: 'Meet the founder of SPARK, the chapter’s volunteer student team, and the idea behind it.',
  },
  '/about-spark': {
    title: 'About SPARK',
    description:
      'SPARK, the chapter’s volunteer student team: workshops, mentoring and outreach, what members do and how the team is run.',
  },
  '/team-spark-23': {
    title: 'Team SPARK 2023',
    description:
      'Team SPARK 2023: the chief, the coordinators and the volunteers of the chapter’s youth team.',
  },
  '/team-spark-22': {
    title: 'Team SPARK 2022',
    description:
      'Team SPARK 2022: the chair and the committee of the chapter’s youth team, with their emails.',
  },
  '/team-spark-21': {
    title: 'Team SPARK 2021',
    description:
      'Team SPARK 2021: the chair and the committee of the chapter’s youth team in its early days.',
  },
  '/about-gsm': {
    title: 'About the GSM Forum',
    description:
      'The Graduate Student Member Forum connects master’s and doctoral students across Bangladesh to share research and grow together.',
  },
  '/gsm-23': {
    title: 'GSM Forum 2023',
    description:
      'The Graduate Student Member Forum committee 2023: advisors, founders, president and members.',
  },
  '/web-it-team-23': {
    title: 'Web and IT Committee 2023',
    description:
      'The Web and IT Committee 2023 that builds and runs the chapter’s website and online services.',
  },
  '/events': {
    title: 'Events',
    description:
      'Upcoming and previous events of the chapter and its student branches, and the calls of our previous symposia.',
  },
  '/call-for-extended-abstract': {
    title: 'Call for Extended Abstract',
    description:
      'Summer Symposium 2022, online on 10-11 June 2022: call for extended abstracts, topics, dates and program committee.',
  },
  '/call-for-abstract': {
    title: 'Call for Abstract',
    description:
      'Winter Symposium 2021, online on 13-14 November 2021: call for abstracts from undergraduate, graduate and doctoral students.',
  },
  '/xtreme-17-0': {
    title: 'Xtreme 17.0 Ambassadors',
    description:
      'The 27 student ambassadors who brought the Xtreme 17.0 programming contest to their universities.',
  },
  '/ieee-day': {
    title: 'Society Day',
    description: 'Something amazing is coming for Society Day. Stay tuned: the countdown is on.',
  },
  '/gallery': {
    title: 'Gallery',
    description:
      'Our photo gallery is on its way. Stay tuned for pictures of the chapter’s events and people.',
  },
  '/contact': {
    title: 'Contact Us',
    description:
      'Send the chapter a message, or find our address in Dhaka, office hours, email and phone number.',
  },
  '/blogs': {
    title: 'Blogs',
    description: 'Articles from the chapter on student computing, quantum computing, the metaverse and more.',
  },
  '/chapters': {
    title: 'Chapters',
    description:
      'The student-branch chapters across Bangladesh with their chairs, advisors and contacts, and their logos.',
  },
  '/awards': {
    title: 'Awards',
    description: 'Award 2022: the members and volunteers the chapter honoured for their outstanding work.',
  },
  '/acheivements': {
    title: 'Achievements',
    description: 'News of our members’ achievements: championship awards, scholarships and leadership roles.',
  },
  '/application-for-technical-cosponsorship': {
    title: 'Application',
    description:
      'Apply for technical co-sponsorship of your conference or event by the chapter through the application form.',
  },
} satisfies Record<string, PublicPage>

export type PublicPath = keyof typeof publicPages
