import type { Excom, RecentCommittee, SecretariatContent, WebItTeamContent } from './schema'

/**
 * The chapter's committees (docs/product.md#public-routes). Every person here is made up; addresses use example.org.
 * 2023 cards carry a list of emails, a WhatsApp number and, for most, a photo; 2018-2022 cards carry
 * one email as a single string.
 */
export const excom: Excom = {
  '23': {
    year: 2023,
    chair: {
      name: 'Fatema Sarkar',
      designation: 'Chair',
      affiliation: 'Dept. of CSE, Nabaganga River University',
      email: ['fatema.sarkar@example.org', 'fatema.sarkar.cs@example.org'],
      whatsapp: '+880 1374-961168',
      image: 'portrait-01',
    },
    members: [
      {
        name: 'Fardin Islam',
        designation: 'Vice Chair (Technical)',
        affiliation: 'Dept. of Computer Science, Teesta Green University',
        email: ['fardin.islam@example.org', 'fardin.islam.cs@example.org'],
        whatsapp: '+880 1359-632084',
        image: 'portrait-02',
      },
      {
        name: 'Obaidul Hossain',
        designation: 'Vice Chair (Activity)',
        affiliation: 'Dept. of Software Engineering, Jamuna Engineering University',
        email: ['obaidul.hossain@example.org'],
        whatsapp: '+880 1728-173248',
        image: 'portrait-03',
      },
      {
        name: 'Jubayer Ahmed',
        designation: 'Secretary',
        affiliation: 'Dept. of Software Engineering, Dhanu Engineering College',
        email: ['jubayer.ahmed@example.org'],
        whatsapp: '+880 1360-967017',
        image: 'portrait-04',
      },
      {
        name: 'Aminul Islam',
        designation: 'Joint Secretary',
        affiliation: 'Dept. of Computer Science, Chattala Technical University',
        email: ['aminul.islam@example.org', 'aminul.islam.cs@example.org'],
        whatsapp: '+880 1363-705136',
        image: 'portrait-05',
      },
      {
        name: 'Naim Siddique',
        designation: 'Treasurer',
        affiliation: 'Dept. of EEE, Meghna Institute of Technology',
        email: ['naim.siddique@example.org'],
        whatsapp: '+880 1347-683705',
        image: 'portrait-06',
      },
      {
        name: 'Fahim Talukder',
        designation: 'Webmaster',
        affiliation: 'Dept. of EEE, Kushiyara Technical University',
        email: ['fahim.talukder@example.org'],
        whatsapp: '+880 1853-223514',
        image: 'portrait-07',
      },
      {
        name: 'Tisha Roy',
        designation: 'Membership Development Coordinator',
        affiliation: 'Dept. of EEE, Dhanu Engineering College',
        email: ['tisha.roy@example.org', 'tisha.roy.cs@example.org'],
        whatsapp: '+880 1405-709851',
        image: 'portrait-08',
      },
      {
        name: 'Tisha Bhuiyan',
        designation: 'Student Activities Coordinator',
        affiliation: 'Dept. of CSE, Teesta Green University',
        email: ['tisha.bhuiyan@example.org'],
        whatsapp: '+880 1860-846702',
        image: 'portrait-09',
      },
      {
        name: 'Farzana Molla',
        designation: 'Women in Computing Coordinator',
        affiliation: 'Dept. of Computer Science, Meghna Institute of Technology',
        email: ['farzana.molla@example.org'],
        whatsapp: '+880 1510-620528',
      },
      {
        name: 'Tamanna Saha',
        designation: 'Publication Coordinator',
        email: ['tamanna.saha@example.org', 'tamanna.saha.cs@example.org'],
        whatsapp: '+880 1737-914983',
      },
      {
        name: 'Rakibul Alam',
        designation: 'Industry Relations Coordinator',
        affiliation: 'Dept. of Software Engineering, Shitalakshya University',
        email: ['rakibul.alam@example.org'],
        whatsapp: '+880 1670-414328',
      },
    ],
  },
  '22': {
    year: 2022,
    chair: {
      name: 'Tania Mia',
      designation: 'Chair',
      affiliation: 'Dept. of CSE, Chattala Technical University',
      email: 'tania.mia@example.org',
    },
    members: [
      {
        name: 'Sumona Nahar',
        designation: 'Vice Chair (Technical)',
        affiliation: 'Dept. of Software Engineering, Dhaleshwari Institute of Information Technology',
        email: 'sumona.nahar@example.org',
      },
      {
        name: 'Tawhid Das',
        designation: 'Vice Chair (Activity)',
        affiliation: 'Dept. of CSE, Jamuna Engineering University',
        email: 'tawhid.das@example.org',
      },
      {
        name: 'Israt Mahmud',
        designation: 'Secretary',
        affiliation: 'Dept. of ICT, Karnaphuli University of Engineering and Technology',
        email: 'israt.mahmud@example.org',
      },
      {
        name: 'Mizanur Molla',
        designation: 'Joint Secretary',
        affiliation: 'Dept. of Software Engineering, Halda University',
        email: 'mizanur.molla@example.org',
      },
      {
        name: 'Rafiq Tarafder',
        designation: 'Treasurer',
        affiliation: 'Dept. of CSE, Sangu Valley University',
        email: 'rafiq.tarafder@example.org',
      },
      {
        name: 'Sanjida Molla',
        designation: 'Webmaster',
        affiliation: 'Dept. of ICT, Dhaleshwari Institute of Information Technology',
        email: 'sanjida.molla@example.org',
      },
      {
        name: 'Badrul Bhuiyan',
        designation: 'Membership Development Coordinator',
        affiliation: 'Dept. of Software Engineering, Madhumati University',
        email: 'badrul.bhuiyan@example.org',
      },
      {
        name: 'Naim Howlader',
        designation: 'Student Activities Coordinator',
        affiliation: 'Dept. of CSE, Gorai City University',
        email: 'naim.howlader@example.org',
      },
      {
        name: 'Ashraf Tarafder',
        designation: 'Women in Computing Coordinator',
        affiliation: 'Dept. of Software Engineering, Sylhet Hills University',
        email: 'ashraf.tarafder@example.org',
      },
      {
        name: 'Orin Chowdhury',
        designation: 'Publication Coordinator',
        affiliation: 'Dept. of ICT, Meghna Institute of Technology',
        email: 'orin.chowdhury@example.org',
      },
    ],
  },
  '21': {
    year: 2021,
    chair: {
      name: 'Imtiaz Roy',
      designation: 'Chair',
      affiliation: 'Dept. of Software Engineering, Sangu Valley University',
      email: 'imtiaz.roy@example.org',
    },
    members: [
      {
        name: 'Tawhid Hasan',
        designation: 'Vice Chair (Technical)',
        affiliation: 'Dept. of ICT, Nabaganga River University',
        email: 'tawhid.hasan@example.org',
      },
      {
        name: 'Tahmina Howlader',
        designation: 'Vice Chair (Activity)',
        affiliation: 'Dept. of EEE, Teesta Green University',
        email: 'tahmina.howlader@example.org',
      },
      {
        name: 'Anwar Islam',
        designation: 'Secretary',
        affiliation: 'Dept. of CSE, Halda University',
        email: 'anwar.islam@example.org',
      },
      {
        name: 'Obaidul Shikder',
        designation: 'Joint Secretary',
        affiliation: 'Dept. of EEE, Brahmaputra Science University',
        email: 'obaidul.shikder@example.org',
      },
      {
        name: 'Tania Hasan',
        designation: 'Treasurer',
        affiliation: 'Dept. of Software Engineering, Nabaganga River University',
        email: 'tania.hasan@example.org',
      },
      {
        name: 'Rubaiya Talukder',
        designation: 'Webmaster',
        affiliation: 'Dept. of Software Engineering, Gorai City University',
        email: 'rubaiya.talukder@example.org',
      },
      {
        name: 'Parvez Sarkar',
        designation: 'Membership Development Coordinator',
        affiliation: 'Dept. of Software Engineering, Buriganga Research University',
        email: 'parvez.sarkar@example.org',
      },
      {
        name: 'Priyanka Kabir',
        designation: 'Student Activities Coordinator',
        affiliation: 'Dept. of Software Engineering, Sangu Valley University',
        email: 'priyanka.kabir@example.org',
      },
      {
        name: 'Samira Sarkar',
        designation: 'Women in Computing Coordinator',
        affiliation: 'Dept. of EEE, Jamuna Engineering University',
        email: 'samira.sarkar@example.org',
      },
    ],
  },
  '20': {
    year: 2020,
    chair: {
      name: 'Mizanur Uddin',
      designation: 'Chair',
      affiliation: 'Dept. of EEE, Sangu Valley University',
      email: 'mizanur.uddin@example.org',
    },
    members: [
      {
        name: 'Arman Mollah',
        designation: 'Vice Chair (Technical)',
        affiliation: 'Dept. of EEE, Shitalakshya University',
        email: 'arman.mollah@example.org',
      },
      {
        name: 'Moushumi Biswas',
        designation: 'Vice Chair (Activity)',
        affiliation: 'Dept. of EEE, Padma University',
        email: 'moushumi.biswas@example.org',
      },
      {
        name: 'Priyanka Saha',
        designation: 'Secretary',
        affiliation: 'Dept. of Computer Science, Teesta Green University',
        email: 'priyanka.saha@example.org',
      },
      {
        name: 'Aminul Mia',
        designation: 'Joint Secretary',
        affiliation: 'Dept. of Computer Science, Buriganga Research University',
        email: 'aminul.mia@example.org',
      },
      {
        name: 'Bushra Islam',
        designation: 'Treasurer',
        affiliation: 'Dept. of Computer Science, Gorai City University',
        email: 'bushra.islam@example.org',
      },
      {
        name: 'Emon Siddique',
        designation: 'Webmaster',
        affiliation: 'Dept. of Software Engineering, Nabaganga River University',
        email: 'emon.siddique@example.org',
      },
      {
        name: 'Shafin Mollah',
        designation: 'Membership Development Coordinator',
        affiliation: 'Dept. of Software Engineering, Arial Khan Institute of Science',
        email: 'shafin.mollah@example.org',
      },
      {
        name: 'Tanjim Haque',
        designation: 'Student Activities Coordinator',
        affiliation: 'Dept. of EEE, Jamuna Engineering University',
        email: 'tanjim.haque@example.org',
      },
      {
        name: 'Mamun Karim',
        designation: 'Women in Computing Coordinator',
        affiliation: 'Dept. of ICT, Surma University of Science and Technology',
        email: 'mamun.karim@example.org',
      },
    ],
  },
  '19': {
    year: 2019,
    chair: {
      name: 'Shuvo Hossain',
      designation: 'Chair',
      affiliation: 'Dept. of CSE, Surma University of Science and Technology',
      email: 'shuvo.hossain@example.org',
    },
    members: [
      {
        name: 'Aminul Chowdhury',
        designation: 'Vice Chair (Technical)',
        affiliation: 'Dept. of CSE, Dhanu Engineering College',
        email: 'aminul.chowdhury@example.org',
      },
      {
        name: 'Sohel Das',
        designation: 'Vice Chair (Activity)',
        affiliation: 'Dept. of CSE, Padma University',
        email: 'sohel.das@example.org',
      },
      {
        name: 'Maliha Begum',
        designation: 'Secretary',
        affiliation: 'Dept. of ICT, Buriganga Research University',
        email: 'maliha.begum@example.org',
      },
      {
        name: 'Monir Das',
        designation: 'Joint Secretary',
        affiliation: 'Dept. of Software Engineering, Teesta Green University',
        email: 'monir.das@example.org',
      },
      {
        name: 'Rezaul Islam',
        designation: 'Treasurer',
        affiliation: 'Dept. of Software Engineering, Halda University',
        email: 'rezaul.islam@example.org',
      },
      {
        name: 'Munira Mondal',
        designation: 'Webmaster',
        affiliation: 'Dept. of CSE, Brahmaputra Science University',
        email: 'munira.mondal@example.org',
      },
      {
        name: 'Anika Karim',
        designation: 'Membership Development Coordinator',
        affiliation: 'Dept. of ICT, Dhaleshwari Institute of Information Technology',
        email: 'anika.karim@example.org',
      },
      {
        name: 'Munira Talukder',
        designation: 'Student Activities Coordinator',
        email: 'munira.talukder@example.org',
      },
    ],
  },
  '18': {
    year: 2018,
    chair: {
      name: 'Kamrul Rahman',
      designation: 'Chair',
      affiliation: 'Dept. of Computer Science, Rupsha International University',
      email: 'kamrul.rahman@example.org',
    },
    members: [
      {
        name: 'Sohel Chowdhury',
        designation: 'Vice Chair (Technical)',
        affiliation: 'Dept. of CSE, Dhanu Engineering College',
        email: 'sohel.chowdhury@example.org',
      },
      {
        name: 'Sumona Roy',
        designation: 'Vice Chair (Activity)',
        affiliation: 'Dept. of CSE, Arial Khan Institute of Science',
        email: 'sumona.roy@example.org',
      },
      {
        name: 'Orin Mollah',
        designation: 'Secretary',
        affiliation: 'Dept. of ICT, Titas Institute of Technology',
        email: 'orin.mollah@example.org',
      },
      {
        name: 'Habib Bhuiyan',
        designation: 'Joint Secretary',
        affiliation: 'Dept. of Computer Science, Chattala Technical University',
        email: 'habib.bhuiyan@example.org',
      },
      {
        name: 'Nafisa Ferdous',
        designation: 'Treasurer',
        affiliation: 'Dept. of EEE, Dhaleshwari Institute of Information Technology',
        email: 'nafisa.ferdous@example.org',
      },
      {
        name: 'Anwar Howlader',
        designation: 'Webmaster',
        affiliation: 'Dept. of EEE, Rupsha International University',
        email: 'anwar.howlader@example.org',
      },
      {
        name: 'Shahana Khan',
        designation: 'Membership Development Coordinator',
        affiliation: 'Dept. of Computer Science, Rupsha International University',
        email: 'shahana.khan@example.org',
      },
      {
        name: 'Shanta Kabir',
        designation: 'Student Activities Coordinator',
        email: 'shanta.kabir@example.org',
      },
    ],
  },
}

/** Student Activity Committee 2023 (/sac-23). */
export const sac23: RecentCommittee = {
  year: 2023,
  chair: {
    name: 'Sakib Rahman',
    designation: 'Chair, Student Activity Committee',
    affiliation: 'Dept. of Software Engineering, Sylhet Hills University',
    email: ['sakib.rahman@example.org'],
  },
  members: [
    {
      name: 'Moushumi Bhuiyan',
      designation: 'Vice Chair',
      affiliation: 'Dept. of ICT, Madhumati University',
      email: ['moushumi.bhuiyan@example.org'],
    },
    {
      name: 'Ayesha Kabir',
      designation: 'Secretary',
      affiliation: 'Dept. of CSE, Teesta Green University',
      email: ['ayesha.kabir@example.org'],
    },
    {
      name: 'Rifat Islam',
      designation: 'Contest Coordinator',
      affiliation: 'Dept. of Software Engineering, Chattala Technical University',
      email: ['rifat.islam@example.org'],
    },
    {
      name: 'Kawsar Mia',
      designation: 'Workshop Coordinator',
      affiliation: 'Dept. of Software Engineering, Rupsha International University',
      email: ['kawsar.mia@example.org'],
    },
    {
      name: 'Bushra Rahman',
      designation: 'Outreach Coordinator',
      affiliation: 'Dept. of ICT, Halda University',
      email: ['bushra.rahman@example.org'],
    },
    {
      name: 'Imtiaz Ahmed',
      designation: 'Volunteer Coordinator',
      affiliation: 'Dept. of CSE, Sangu Valley University',
      email: ['imtiaz.ahmed@example.org'],
    },
    {
      name: 'Nowshin Bhuiyan',
      designation: 'Social Media Coordinator',
      affiliation: 'Dept. of EEE, Halda University',
      email: ['nowshin.bhuiyan@example.org'],
    },
    {
      name: 'Dilruba Majumder',
      designation: 'Logistics Coordinator',
      affiliation: 'Dept. of Software Engineering, Jamuna Engineering University',
      email: ['dilruba.majumder@example.org'],
    },
  ],
}

/** Secretariat 2023 (/secretariat-23). */
export const secretariat23 = {
  mentor: {
    name: 'Rokeya Hasan',
    designation: 'Mentor',
    affiliation: 'Dept. of EEE, Jamuna Engineering University',
    email: ['rokeya.hasan@example.org'],
  },
  president: {
    name: 'Habib Chowdhury',
    designation: 'President',
    affiliation: 'Dept. of EEE, Padma University',
    email: ['habib.chowdhury@example.org'],
  },
  vicePresidents: [
    {
      name: 'Mahmuda Howlader',
      designation: 'Vice President (Activity)',
      affiliation: 'Dept. of EEE, Arial Khan Institute of Science',
      email: ['mahmuda.howlader@example.org'],
    },
    {
      name: 'Anwar Mondal',
      designation: 'Vice President (Technical)',
      affiliation: 'Dept. of Software Engineering, Madhumati University',
      email: ['anwar.mondal@example.org'],
    },
  ],
  teams: [
    {
      name: 'Public Relation',
      members: [
        {
          name: 'Jahid Molla',
          designation: 'Lead, Public Relation',
          affiliation: 'Dept. of EEE, Teesta Green University',
          email: ['jahid.molla@example.org'],
        },
        {
          name: 'Parvez Biswas',
          designation: 'Member, Public Relation',
          affiliation: 'Dept. of CSE, Buriganga Research University',
          email: ['parvez.biswas@example.org'],
        },
        {
          name: 'Arman Howlader',
          designation: 'Member, Public Relation',
          affiliation: 'Dept. of CSE, Arial Khan Institute of Science',
          email: ['arman.howlader@example.org'],
        },
      ],
    },
    {
      name: 'Content',
      members: [
        {
          name: 'Sumona Uddin',
          designation: 'Lead, Content',
          affiliation: 'Dept. of EEE, Kushiyara Technical University',
          email: ['sumona.uddin@example.org'],
        },
        {
          name: 'Obaidul Rahman',
          designation: 'Writer',
          affiliation: 'Dept. of EEE, Sylhet Hills University',
          email: ['obaidul.rahman@example.org'],
        },
        {
          name: 'Nazia Ferdous',
          designation: 'Writer',
          affiliation: 'Dept. of Computer Science, Chattala Technical University',
          email: ['nazia.ferdous@example.org'],
        },
      ],
    },
    {
      name: 'Research',
      members: [
        {
          name: 'Fatema Mollah',
          designation: 'Lead, Research',
          affiliation: 'Dept. of Software Engineering, Dhanu Engineering College',
          email: ['fatema.mollah@example.org'],
        },
        {
          name: 'Ishrat Islam',
          designation: 'Research Associate',
          affiliation: 'Dept. of Software Engineering, Teesta Green University',
          email: ['ishrat.islam@example.org'],
        },
        {
          name: 'Jahid Roy',
          designation: 'Research Associate',
          affiliation: 'Dept. of Software Engineering, Titas Institute of Technology',
          email: ['jahid.roy@example.org'],
        },
      ],
    },
    {
      name: 'Graphics',
      members: [
        {
          name: 'Riaz Chowdhury',
          designation: 'Lead, Graphics',
          affiliation: 'Dept. of EEE, Dhanu Engineering College',
          email: ['riaz.chowdhury@example.org'],
        },
        {
          name: 'Sumona Ferdous',
          designation: 'Designer',
          affiliation: 'Dept. of Software Engineering, Padma University',
          email: ['sumona.ferdous@example.org'],
        },
        {
          name: 'Nayeem Das',
          designation: 'Designer',
          affiliation: 'Dept. of EEE, Padma University',
          email: ['nayeem.das@example.org'],
        },
      ],
    },
    {
      name: 'Event Management',
      members: [
        {
          name: 'Sharmin Sarkar',
          designation: 'Lead, Event Management',
          affiliation: 'Dept. of Computer Science, Halda University',
          email: ['sharmin.sarkar@example.org'],
        },
        {
          name: 'Rezaul Biswas',
          designation: 'Event Coordinator',
          affiliation: 'Dept. of ICT, Meghna Institute of Technology',
          email: ['rezaul.biswas@example.org'],
        },
        {
          name: 'Tamanna Jahan',
          designation: 'Event Coordinator',
          affiliation: 'Dept. of Computer Science, Titas Institute of Technology',
          email: ['tamanna.jahan@example.org'],
        },
        {
          name: 'Munira Karim',
          designation: 'Event Coordinator',
          affiliation: 'Dept. of CSE, Dhanu Engineering College',
          email: ['munira.karim@example.org'],
        },
      ],
    },
  ],
} satisfies SecretariatContent

/** Web and IT Committee 2023 (/web-it-team-23). */
export const webItTeam23 = {
  advisors: [
    {
      name: 'Tania Bhuiyan',
      designation: 'Advisor',
      affiliation: 'Dept. of CSE, Sylhet Hills University',
      email: ['tania.bhuiyan@example.org'],
    },
    {
      name: 'Jannatul Ferdous',
      designation: 'Advisor',
      affiliation: 'Dept. of Computer Science, Gorai City University',
      email: ['jannatul.ferdous@example.org'],
    },
  ],
  president: {
    name: 'Sakib Shikder',
    designation: 'President, Web and IT Committee',
    affiliation: 'Dept. of Software Engineering, Jamuna Engineering University',
    email: ['sakib.shikder@example.org'],
  },
  members: [
    {
      name: 'Fatema Ferdous',
      designation: 'Lead Developer',
      affiliation: 'Dept. of Computer Science, Madhumati University',
      email: ['fatema.ferdous@example.org'],
    },
    {
      name: 'Kawsar Hasan',
      designation: 'Frontend Developer',
      affiliation: 'Dept. of Software Engineering, Sylhet Hills University',
      email: ['kawsar.hasan@example.org'],
    },
    {
      name: 'Israt Saha',
      designation: 'Backend Developer',
      affiliation: 'Dept. of Computer Science, Halda University',
      email: ['israt.saha@example.org'],
    },
    {
      name: 'Tania Jahan',
      designation: 'Systems Administrator',
      affiliation: 'Dept. of Computer Science, Sylhet Hills University',
      email: ['tania.jahan@example.org'],
    },
    {
      name: 'Kawsar Mondal',
      designation: 'UI/UX Designer',
      affiliation: 'Dept. of EEE, Gorai City University',
      email: ['kawsar.mondal@example.org'],
    },
    {
      name: 'Priyanka Haque',
      designation: 'Quality Assurance',
      affiliation: 'Dept. of Software Engineering, Nabaganga River University',
      email: ['priyanka.haque@example.org'],
    },
  ],
} satisfies WebItTeamContent
