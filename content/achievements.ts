import { images } from './images'
import type { Achievement } from './schema'

/** Three news items with images (/acheivements). People are made up. */
export const achievements: Achievement[] = [
  {
    title: 'Chapter chair Imtiaz Saha wins the championship award at the National Computing Conference',
    date: '2023-03-18',
    image: images.achievementAward,
    body: [
      'Imtiaz Saha, chair of the chapter, received the championship award at the National Computing Conference for leading the best-organised student programme of the year.',
      "The jury praised the chapter's workshops in districts outside Dhaka and its mentoring scheme for first-year students.",
    ],
  },
  {
    title: "Tawhid Mollah receives the society's undergraduate scholarship",
    date: '2023-06-02',
    image: images.achievementScholarship,
    body: [
      "Tawhid Mollah, a third-year student and SPARK volunteer, was awarded the society's undergraduate scholarship for work on low-cost sensors for flood monitoring.",
      'The scholarship supports one year of study and a visit to an international student conference.',
    ],
  },
  {
    title: 'Sadia Barua named regional co-lead for a global coding competition',
    date: '2023-09-10',
    image: images.achievementColead,
    body: [
      'Sadia Barua has been appointed regional co-lead for a global 24-hour coding competition, coordinating ambassadors and practice sessions across the region.',
      'It is the first time a member of our chapter holds this role.',
    ],
  },
]
