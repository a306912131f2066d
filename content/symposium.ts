import { images } from './images'
import type { SymposiumCall } from './schema'

/** The two symposium calls (docs/decisions/001-symposium-call-routes.md). The people and universities are made up. */
export const symposiumCalls: SymposiumCall[] = [
  {
    path: '/call-for-extended-abstract',
    title: 'Call for Extended Abstract',
    season: 'Summer',
    dates: '10-11 June 2022',
    mode: 'Online',
    banner: images.symposiumSummer,
    description: [
      'The Summer Symposium 2022 invites students and early-career researchers to submit extended abstracts of their ongoing or completed work in computer science and engineering.',
      'The symposium is held online on 10-11 June 2022. Accepted abstracts are presented in short talks followed by questions from a panel of reviewers and peers.',
    ],
    topics: [
      'Artificial intelligence and machine learning',
      'Computer networks and security',
      'Software engineering',
      'Human-computer interaction',
      'Data science and big data',
      'Internet of things and embedded systems',
    ],
    importantDates: [
      {
        label: 'Extended abstract submission deadline',
        date: '15 May 2022',
      },
      {
        label: 'Notification of acceptance',
        date: '28 May 2022',
      },
      {
        label: 'Camera-ready abstract',
        date: '3 June 2022',
      },
      {
        label: 'Symposium (online)',
        date: '10-11 June 2022',
      },
    ],
    programCommittee: {
      'General Chair': ['Prof. Mahmuda Chowdhury, Padma University'],
      'Program Chairs': [
        'Dr. Sohel Molla, Meghna Institute of Technology',
        'Dr. Hasib Shikder, Surma University of Science and Technology',
      ],
      'Publication Chair': ['Dr. Afroza Islam, Buriganga Research University'],
      'Publicity Chairs': [
        'Afroza Karim, Jamuna Engineering University',
        'Sadia Biswas, Rupsha International University',
      ],
      'Organizing Secretary': ['Ruma Sarkar, Padma University'],
    },
    technicalProgramCommittee: [
      'Dr. Maliha Chowdhury, Padma University',
      'Dr. Naim Ahmed, Meghna Institute of Technology',
      'Dr. Anika Jahan, Jamuna Engineering University',
      'Dr. Moushumi Sultana, Surma University of Science and Technology',
      'Dr. Ishrat Ferdous, Buriganga Research University',
      'Dr. Afroza Haque, Karnaphuli University of Engineering and Technology',
      'Dr. Sohel Uddin, Rupsha International University',
      'Dr. Shanta Nahar, Chattala Technical University',
      'Dr. Emon Rahman, Sylhet Hills University',
      'Dr. Tasnuva Rahman, Brahmaputra Science University',
      'Dr. Zubair Kabir, Dhaleshwari Institute of Information Technology',
      'Dr. Ayesha Hasan, Teesta Green University',
    ],
    notes: [
      'Accepted extended abstracts are published in a book of abstracts without copyright transfer and without an ISBN.',
      'Presenting at the symposium does not prevent later publication of the full work in a journal or at a conference.',
      'Extended abstracts are two to four pages long and written in English.',
    ],
  },
  {
    path: '/call-for-abstract',
    title: 'Call for Abstract',
    season: 'Winter',
    dates: '13-14 November 2021',
    mode: 'Online',
    banner: images.symposiumWinter,
    description: [
      'The Winter Symposium 2021 invites abstracts of research in computing from undergraduate, graduate and doctoral students.',
      'The symposium is held online on 13-14 November 2021, with short presentations, feedback from experienced researchers and awards for the best presentations.',
    ],
    topics: [
      'Algorithms and theory',
      'Machine learning applications',
      'Cyber security',
      'Cloud and distributed computing',
      'Computing education',
    ],
    importantDates: [
      {
        label: 'Abstract submission deadline',
        date: '20 October 2021',
      },
      {
        label: 'Notification of acceptance',
        date: '1 November 2021',
      },
      {
        label: 'Symposium (online)',
        date: '13-14 November 2021',
      },
    ],
    programCommittee: {
      'General Chair': ['Prof. Tania Sheikh, Karnaphuli University of Engineering and Technology'],
      'Program Chairs': [
        'Dr. Dilruba Ferdous, Chattala Technical University',
        'Dr. Rakibul Haque, Brahmaputra Science University',
      ],
      'Publication Chair': ['Dr. Tanzila Parvin, Dhaleshwari Institute of Information Technology'],
      'Student Volunteer Chairs': [
        'Sakib Howlader, Teesta Green University',
        'Tareq Siddique, Nabaganga River University',
      ],
    },
    technicalProgramCommittee: [
      'Dr. Mashrur Mahmud, Karnaphuli University of Engineering and Technology',
      'Dr. Anika Mahmud, Rupsha International University',
      'Dr. Monir Siddique, Chattala Technical University',
      'Dr. Rakibul Islam, Sylhet Hills University',
      'Dr. Adnan Rahman, Brahmaputra Science University',
      'Dr. Fatema Majumder, Dhaleshwari Institute of Information Technology',
      'Dr. Emon Islam, Teesta Green University',
      'Dr. Arman Barua, Nabaganga River University',
      'Dr. Nazia Mollah, Kushiyara Technical University',
      'Dr. Tanzila Chowdhury, Gorai City University',
    ],
    notes: [
      'The symposium is open to undergraduate, graduate and doctoral students.',
      'Accepted abstracts are published in a book of abstracts without copyright transfer and without an ISBN.',
      'Presenting at the symposium does not prevent later publication of the full work elsewhere.',
    ],
  },
]
