import { images } from './images'
import type { Awards } from './schema'

/** 'Award 2022' (/awards): six cards. People are made up. */
export const awards: Awards = {
  year: 2022,
  cards: [
    {
      name: 'Touhid Rahman',
      awardTitle: 'Outstanding Chapter Volunteer',
      photo: images.portraits[11],
    },
    {
      name: 'Nazia Howlader',
      awardTitle: 'Best Student Branch Chair',
      photo: images.portraits[12],
    },
    {
      name: 'Mahfuz Mondal',
      awardTitle: 'Outstanding Branch Counselor',
      photo: images.portraits[13],
    },
    {
      name: 'Riaz Tarafder',
      awardTitle: 'Young Professional of the Year',
      photo: images.portraits[14],
    },
    {
      name: 'Ayesha Sheikh',
      awardTitle: 'Best Technical Event Organizer',
      photo: images.portraits[15],
    },
    {
      name: 'Nowshin Siddique',
      awardTitle: 'Women in Computing Leadership Award',
      photo: images.portraits[0],
    },
  ],
}
