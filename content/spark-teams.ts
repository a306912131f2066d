import type { SparkTeams } from './schema'

/** Team SPARK by year (/team-spark-21..23): seed data of the committees (docs/decisions/101-committees-by-year.md). People are made up. */
export const sparkTeams: SparkTeams = {
  team23: {
    chief: {
      name: 'Rakibul Ahmed',
      designation: 'Chief, Team SPARK',
      affiliation: 'Dept. of EEE, Sangu Valley University',
      email: ['rakibul.ahmed@example.org'],
    },
    coordinators: [
      {
        name: 'Hasib Ahmed',
        designation: 'Program Coordinator',
        affiliation: 'Dept. of ICT, Rupsha International University',
        email: ['hasib.ahmed@example.org'],
      },
      {
        name: 'Rezaul Barua',
        designation: 'Outreach Coordinator',
        affiliation: 'Dept. of ICT, Buriganga Research University',
        email: ['rezaul.barua@example.org'],
      },
      {
        name: 'Anika Mollah',
        designation: 'Training Coordinator',
        affiliation: 'Dept. of Software Engineering, Buriganga Research University',
        email: ['anika.mollah@example.org'],
      },
      {
        name: 'Rifat Mahmud',
        designation: 'Media Coordinator',
        affiliation: 'Dept. of Software Engineering, Surma University of Science and Technology',
        email: ['rifat.mahmud@example.org'],
      },
    ],
    volunteers: [
      {
        name: 'Zubair Karim',
        designation: 'Volunteer',
        affiliation: 'Dept. of EEE, Sangu Valley University',
        email: ['zubair.karim@example.org'],
      },
      {
        name: 'Tasnuva Parvin',
        designation: 'Volunteer',
        affiliation: 'Dept. of Software Engineering, Titas Institute of Technology',
        email: ['tasnuva.parvin@example.org'],
      },
      {
        name: 'Shirin Mahmud',
        designation: 'Volunteer',
        affiliation: 'Dept. of ICT, Rupsha International University',
        email: ['shirin.mahmud@example.org'],
      },
      {
        name: 'Sohel Rahman',
        designation: 'Volunteer',
        affiliation: 'Dept. of Computer Science, Dhaleshwari Institute of Information Technology',
        email: ['sohel.rahman@example.org'],
      },
      {
        name: 'Sazzad Alam',
        designation: 'Volunteer',
        affiliation: 'Dept. of Software Engineering, Padma University',
        email: ['sazzad.alam@example.org'],
      },
      {
        name: 'Adnan Sheikh',
        designation: 'Volunteer',
        affiliation: 'Dept. of ICT, Madhumati University',
        email: ['adnan.sheikh@example.org'],
      },
      {
        name: 'Israt Chowdhury',
        designation: 'Volunteer',
        affiliation: 'Dept. of EEE, Surma University of Science and Technology',
        email: ['israt.chowdhury@example.org'],
      },
      {
        name: 'Shafin Ahmed',
        designation: 'Volunteer',
        affiliation: 'Dept. of ICT, Sylhet Hills University',
        email: ['shafin.ahmed@example.org'],
      },
    ],
  },
  team22: [
    {
      name: 'Rafiq Barua',
      designation: 'Chair',
      email: 'rafiq.barua@example.org',
    },
    {
      name: 'Nayeem Sarkar',
      designation: 'Vice Chair',
      email: 'nayeem.sarkar@example.org',
    },
    {
      name: 'Ishrat Parvin',
      designation: 'Secretary',
      email: 'ishrat.parvin@example.org',
    },
    {
      name: 'Rony Mondal',
      designation: 'Program Coordinator',
      email: 'rony.mondal@example.org',
    },
    {
      name: 'Moushumi Hasan',
      designation: 'Outreach Coordinator',
      email: 'moushumi.hasan@example.org',
    },
    {
      name: 'Mizanur Biswas',
      designation: 'Media Coordinator',
      email: 'mizanur.biswas@example.org',
    },
    {
      name: 'Israt Molla',
      designation: 'Volunteer Lead',
      email: 'israt.molla@example.org',
    },
  ],
  team21: [
    {
      name: 'Shanta Das',
      designation: 'Chair',
    },
    {
      name: 'Ashraf Sarkar',
      designation: 'Vice Chair',
    },
    {
      name: 'Tanjim Howlader',
      designation: 'Secretary',
    },
    {
      name: 'Badrul Karim',
      designation: 'Program Coordinator',
    },
    {
      name: 'Hasib Barua',
      designation: 'Outreach Coordinator',
    },
    {
      name: 'Mahfuz Sarkar',
      designation: 'Volunteer Lead',
    },
  ],
}
