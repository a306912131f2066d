import { images } from './images'
import type { Xtreme } from './schema'

/** The ambassadors of the programming contest Xtreme 17.0 (/xtreme-17-0): 27 rows. People are made up. */
export const xtreme: Xtreme = {
  edition: '17.0',
  intro: [
    'Xtreme is a 24-hour global programming contest for student teams of up to three members. For edition 17.0 our ambassadors promoted the contest at their universities, helped teams register and organised practice sessions before the big day.',
    'Thank you to every ambassador below for bringing hundreds of new contestants to the competition.',
  ],
  image: images.xtreme,
  ambassadors: [
    {
      name: 'Farzana Ferdous',
      university: 'Padma University',
      email: 'farzana.ferdous@example.org',
    },
    {
      name: 'Fardin Ahmed',
      university: 'Meghna Institute of Technology',
      email: 'fardin.ahmed@example.org',
    },
    {
      name: 'Jahid Sheikh',
      university: 'Jamuna Engineering University',
      email: 'jahid.sheikh@example.org',
    },
    {
      name: 'Farzana Mondal',
      university: 'Surma University of Science and Technology',
      email: 'farzana.mondal@example.org',
    },
    {
      name: 'Ehsan Howlader',
      university: 'Buriganga Research University',
      email: 'ehsan.howlader@example.org',
    },
    {
      name: 'Mahfuz Saha',
      university: 'Karnaphuli University of Engineering and Technology',
      email: 'mahfuz.saha@example.org',
    },
    {
      name: 'Moushumi Alam',
      university: 'Rupsha International University',
      email: 'moushumi.alam@example.org',
    },
    {
      name: 'Maliha Khan',
      university: 'Chattala Technical University',
      email: 'maliha.khan@example.org',
    },
    {
      name: 'Fariha Howlader',
      university: 'Sylhet Hills University',
      email: 'fariha.howlader@example.org',
    },
    {
      name: 'Shanta Begum',
      university: 'Brahmaputra Science University',
      email: 'shanta.begum@example.org',
    },
    {
      name: 'Mahfuz Mollah',
      university: 'Dhaleshwari Institute of Information Technology',
      email: 'mahfuz.mollah@example.org',
    },
    {
      name: 'Tamanna Biswas',
      university: 'Teesta Green University',
      email: 'tamanna.biswas@example.org',
    },
    {
      name: 'Rafiq Das',
      university: 'Nabaganga River University',
      email: 'rafiq.das@example.org',
    },
    {
      name: 'Tareq Majumder',
      university: 'Kushiyara Technical University',
      email: 'tareq.majumder@example.org',
    },
    {
      name: 'Kawsar Ahmed',
      university: 'Gorai City University',
      email: 'kawsar.ahmed@example.org',
    },
    {
      name: 'Shuvo Chowdhury',
      university: 'Halda University',
      email: 'shuvo.chowdhury@example.org',
    },
    {
      name: 'Adnan Sarkar',
      university: 'Titas Institute of Technology',
      email: 'adnan.sarkar@example.org',
    },
    {
      name: 'Fariha Roy',
      university: 'Dhanu Engineering College',
      email: 'fariha.roy@example.org',
    },
    {
      name: 'Bushra Molla',
      university: 'Shitalakshya University',
      email: 'bushra.molla@example.org',
    },
    {
      name: 'Fahim Rahman',
      university: 'Madhumati University',
      email: 'fahim.rahman@example.org',
    },
    {
      name: 'Munira Islam',
      university: 'Arial Khan Institute of Science',
      email: 'munira.islam@example.org',
    },
    {
      name: 'Rony Islam',
      university: 'Sangu Valley University',
      email: 'rony.islam@example.org',
    },
    {
      name: 'Rony Mollah',
      university: 'Padma University',
      email: 'rony.mollah@example.org',
    },
    {
      name: 'Nazia Jahan',
      university: 'Meghna Institute of Technology',
      email: 'nazia.jahan@example.org',
    },
    {
      name: 'Tawhid Alam',
      university: 'Jamuna Engineering University',
      email: 'tawhid.alam@example.org',
    },
    {
      name: 'Rokeya Howlader',
      university: 'Surma University of Science and Technology',
      email: 'rokeya.howlader@example.org',
    },
    {
      name: 'Sabrina Akter',
      university: 'Buriganga Research University',
      email: 'sabrina.akter@example.org',
    },
  ],
}
