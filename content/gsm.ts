import type { GsmContent } from './schema'

/** The Graduate Student Member Forum (/about-gsm, /gsm-23). People are made up. */
export const gsm: GsmContent = {
  about: [
    "The Graduate Student Member (GSM) Forum brings together the chapter's master's and doctoral students and recent graduates. It is where young researchers meet peers from other universities, share their work and find collaborators.",
    'The forum organises research talks, writing and reviewing workshops and an annual meetup, and supports members who take their first steps as reviewers, session chairs and volunteers at conferences.',
  ],
  goals: [
    'Connect graduate students across universities in Bangladesh',
    'Help members publish, review and present their research',
    'Offer career guidance for academia and industry',
    "Give graduate members a voice in the chapter's plans",
  ],
  advisors: [
    {
      name: 'Moushumi Akter',
      designation: 'Advisor',
      affiliation: 'Dept. of EEE, Madhumati University',
      email: ['moushumi.akter@example.org'],
      linkedin: 'https://www.linkedin.com/in/moushumi-akter-example',
    },
    {
      name: 'Farzana Mollah',
      designation: 'Advisor',
      affiliation: 'Dept. of Software Engineering, Surma University of Science and Technology',
      email: ['farzana.mollah@example.org'],
    },
  ],
  founders: [
    {
      name: 'Arman Mia',
      designation: 'Founder',
      affiliation: 'Dept. of Software Engineering, Dhanu Engineering College',
      email: ['arman.mia@example.org'],
      linkedin: 'https://www.linkedin.com/in/arman-mia-example',
    },
    {
      name: 'Saiful Das',
      designation: 'Co-founder',
      affiliation: 'Dept. of CSE, Buriganga Research University',
      email: ['saiful.das@example.org'],
      linkedin: 'https://www.linkedin.com/in/saiful-das-example',
    },
  ],
  president: {
    name: 'Sumona Alam',
    designation: 'President',
    affiliation: 'Dept. of EEE, Surma University of Science and Technology',
    email: ['sumona.alam@example.org'],
    linkedin: 'https://www.linkedin.com/in/sumona-alam-example',
  },
  members: [
    {
      name: 'Moushumi Islam',
      designation: 'Vice President',
      affiliation: 'Dept. of EEE, Karnaphuli University of Engineering and Technology',
      email: ['moushumi.islam@example.org'],
      linkedin: 'https://www.linkedin.com/in/moushumi-islam-example',
    },
    {
      name: 'Sabrina Roy',
      designation: 'Secretary',
      affiliation: 'Dept. of EEE, Titas Institute of Technology',
      email: ['sabrina.roy@example.org'],
    },
    {
      name: 'Nazia Shikder',
      designation: 'Treasurer',
      affiliation: 'Dept. of EEE, Titas Institute of Technology',
      email: ['nazia.shikder@example.org'],
      linkedin: 'https://www.linkedin.com/in/nazia-shikder-example',
    },
    {
      name: 'Saiful Bhuiyan',
      designation: 'Research Coordinator',
      affiliation: 'Dept. of ICT, Padma University',
      email: ['saiful.bhuiyan@example.org'],
    },
    {
      name: 'Mehnaz Rahman',
      designation: 'Seminar Coordinator',
      affiliation: 'Dept. of Computer Science, Padma University',
      email: ['mehnaz.rahman@example.org'],
      linkedin: 'https://www.linkedin.com/in/mehnaz-rahman-example',
    },
    {
      name: 'Parvez Haque',
      designation: 'Alumni Relations',
      affiliation: 'Dept. of Software Engineering, Titas Institute of Technology',
      email: ['parvez.haque@example.org'],
    },
    {
      name: 'Tania Shikder',
      designation: 'Member',
      affiliation: 'Dept. of Software Engineering, Surma University of Science and Technology',
      email: ['tania.shikder@example.org'],
      linkedin: 'https://www.linkedin.com/in/tania-shikder-example',
    },
    {
      name: 'Jahid Mollah',
      designation: 'Member',
      affiliation: 'Dept. of Software Engineering, Dhanu Engineering College',
      email: ['jahid.mollah@example.org'],
    },
  ],
}
