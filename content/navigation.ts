import type { NavigationItem } from './schema'

/** The header's navigation: plain links and menus of links (docs/product.md#public-layout). */
export const navigation: NavigationItem[] = [
  { label: 'Home', href: '/' },
  {
    label: 'About',
    children: [
      { label: 'About Us', href: '/about' },
      { label: 'Membership Benefits', href: '/membership' },
      { label: 'Awards', href: '/awards' },
      { label: 'Achievements', href: '/acheivements' },
    ],
  },
  { label: 'Events', href: '/events' },
  { label: 'Chapters', href: '/chapters' },
  {
    label: 'Committees',
    children: [
      { label: 'Executive Committee 2023', href: '/excom-23' },
      { label: 'Executive Committee 2022', href: '/excom-22' },
      { label: 'Executive Committee 2021', href: '/excom-21' },
      { label: 'Executive Committee 2020', href: '/excom-20' },
      { label: 'Executive Committee 2019', href: '/excom-19' },
      { label: 'Executive Committee 2018', href: '/excom-18' },
      { label: 'Student Activity Committee 2023', href: '/sac-23' },
      { label: 'Secretariat 2023', href: '/secretariat-23' },
    ],
  },
  {
    label: 'Groups',
    children: [
      { label: 'About SPARK', href: '/about-spark' },
      { label: 'Founder of SPARK', href: '/founder-spark' },
      { label: 'Team SPARK 2023', href: '/team-spark-23' },
      { label: 'Team SPARK 2022', href: '/team-spark-22' },
      { label: 'Team SPARK 2021', href: '/team-spark-21' },
      { label: 'About GSM Forum', href: '/about-gsm' },
      { label: 'GSM Forum 2023', href: '/gsm-23' },
      { label: 'Web & IT Team 2023', href: '/web-it-team-23' },
      { label: 'Xtreme 17.0 Ambassadors', href: '/xtreme-17-0' },
    ],
  },
  {
    label: 'Symposium',
    children: [
      { label: 'Summer 2022: Call for Extended Abstract', href: '/call-for-extended-abstract' },
      { label: 'Winter 2021: Call for Abstract', href: '/call-for-abstract' },
    ],
  },
  { label: 'Blogs', href: '/blogs' },
  { label: 'Contact', href: '/contact' },
]
