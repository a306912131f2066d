import type { NavigationItem } from './schema'

/**
 * The header's navigation: plain links and menus of links (docs/product.md#public-layout); `committees`
 * stands for the published committees of a kind, newest first.
 */
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
    children: [{ committees: 'excom' }, { committees: 'sac' }, { committees: 'secretariat' }],
  },
  {
    label: 'Groups',
    children: [
      { label: 'About SPARK', href: '/about-spark' },
      { label: 'Founder of SPARK', href: '/founder-spark' },
      { committees: 'spark' },
      { label: 'About GSM Forum', href: '/about-gsm' },
      { committees: 'gsm' },
      { committees: 'web-it' },
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
