import type { FirstRunChapter } from './schema'

/**
 * The student-branch chapters created on the first start of an empty database, without officers
 * (docs/decisions/066-chapters-from-the-database.md): each with its chair and advisor as committee members and, for the first
 * 15, a logo from content/images. From then on the console owns them. Universities and people are made up.
 */
export const firstRunChapters: FirstRunChapter[] = [
  {
    name: 'Padma University Student Branch',
    chair: { name: 'Riaz Talukder', email: 'riaz.talukder@example.org' },
    advisor: { name: 'Prof. Badrul Haque', email: 'badrul.haque@example.org' },
    logo: 'logo-01.webp',
  },
  {
    name: 'Meghna Institute of Technology Student Branch',
    chair: { name: 'Shirin Bhuiyan', email: 'shirin.bhuiyan@example.org' },
    advisor: { name: 'Dr. Ruma Uddin', email: 'ruma.uddin@example.org' },
    logo: 'logo-02.webp',
  },
  {
    name: 'Jamuna Engineering University Student Branch',
    chair: { name: 'Monir Hossain', email: 'monir.hossain@example.org' },
    advisor: { name: 'Dr. Ishrat Rahman', email: 'ishrat.rahman@example.org' },
    logo: 'logo-03.webp',
  },
  {
    name: 'Surma University of Science and Technology Student Branch',
    chair: { name: 'Ehsan Khan', email: 'ehsan.khan@example.org' },
    advisor: { name: 'Dr. Tasnuva Islam', email: 'tasnuva.islam@example.org' },
    logo: 'logo-04.webp',
  },
  {
    name: 'Buriganga Research University Student Branch',
    chair: { name: 'Asif Saha', email: 'asif.saha@example.org' },
    advisor: { name: 'Prof. Riaz Kabir', email: 'riaz.kabir@example.org' },
    logo: 'logo-05.webp',
  },
  {
    name: 'Karnaphuli University of Engineering and Technology Student Branch',
    chair: { name: 'Shuvo Uddin', email: 'shuvo.uddin@example.org' },
    advisor: { name: 'Dr. Badrul Talukder', email: 'badrul.talukder@example.org' },
    logo: 'logo-06.webp',
  },
  {
    name: 'Rupsha International University Student Branch',
    chair: { name: 'Nayeem Karim', email: 'nayeem.karim@example.org' },
    advisor: { name: 'Dr. Saiful Alam', email: 'saiful.alam@example.org' },
    logo: 'logo-07.webp',
  },
  {
    name: 'Chattala Technical University Student Branch',
    chair: { name: 'Sohel Tarafder', email: 'sohel.tarafder@example.org' },
    advisor: { name: 'Dr. Adnan Biswas', email: 'adnan.biswas@example.org' },
    logo: 'logo-08.webp',
  },
  {
    name: 'Sylhet Hills University Student Branch',
    chair: { name: 'Mehnaz Roy', email: 'mehnaz.roy@example.org' },
    advisor: { name: 'Dr. Obaidul Bhuiyan', email: 'obaidul.bhuiyan@example.org' },
    logo: 'logo-09.webp',
  },
  {
    name: 'Brahmaputra Science University Student Branch',
    chair: { name: 'Adnan Siddique', email: 'adnan.siddique@example.org' },
    advisor: { name: 'Dr. Rubaiya Mondal', email: 'rubaiya.mondal@example.org' },
    logo: 'logo-10.webp',
  },
  {
    name: 'Dhaleshwari Institute of Information Technology Student Branch',
    chair: { name: 'Fariha Bhuiyan', email: 'fariha.bhuiyan@example.org' },
    advisor: { name: 'Dr. Tania Ferdous', email: 'tania.ferdous@example.org' },
    logo: 'logo-11.webp',
  },
  {
    name: 'Teesta Green University Student Branch',
    chair: { name: 'Ashraf Chowdhury', email: 'ashraf.chowdhury@example.org' },
    advisor: { name: 'Dr. Shahana Tarafder', email: 'shahana.tarafder@example.org' },
    logo: 'logo-12.webp',
  },
  {
    name: 'Nabaganga River University Student Branch',
    chair: { name: 'Tahmina Roy', email: 'tahmina.roy@example.org' },
    advisor: { name: 'Dr. Mashrur Majumder', email: 'mashrur.majumder@example.org' },
    logo: 'logo-13.webp',
  },
  {
    name: 'Kushiyara Technical University Student Branch',
    chair: { name: 'Naim Tarafder', email: 'naim.tarafder@example.org' },
    advisor: { name: 'Dr. Sumona Sarkar', email: 'sumona.sarkar@example.org' },
    logo: 'logo-14.webp',
  },
  {
    name: 'Gorai City University Student Branch',
    chair: { name: 'Shuvo Siddique', email: 'shuvo.siddique@example.org' },
    advisor: { name: 'Dr. Fatema Nahar', email: 'fatema.nahar@example.org' },
    logo: 'logo-15.webp',
  },
  {
    name: 'Halda University Student Branch',
    chair: { name: 'Bushra Sarkar', email: 'bushra.sarkar@example.org' },
    advisor: { name: 'Prof. Rafiq Mondal', email: 'rafiq.mondal@example.org' },
  },
  {
    name: 'Titas Institute of Technology Student Branch',
    chair: { name: 'Israt Parvin', email: 'israt.parvin@example.org' },
    advisor: { name: 'Dr. Orin Ferdous', email: 'orin.ferdous@example.org' },
  },
  {
    name: 'Dhanu Engineering College Student Branch',
    chair: { name: 'Aminul Mondal', email: 'aminul.mondal@example.org' },
    advisor: { name: 'Dr. Tahmina Tarafder', email: 'tahmina.tarafder@example.org' },
  },
  {
    name: 'Shitalakshya University Student Branch',
    chair: { name: 'Tamanna Khan', email: 'tamanna.khan@example.org' },
    advisor: { name: 'Dr. Rubaiya Hossain', email: 'rubaiya.hossain@example.org' },
  },
  {
    name: 'Madhumati University Student Branch',
    chair: { name: 'Ruma Sultana', email: 'ruma.sultana@example.org' },
    advisor: { name: 'Prof. Shafin Siddique', email: 'shafin.siddique@example.org' },
  },
  {
    name: 'Arial Khan Institute of Science Student Branch',
    chair: { name: 'Sanjida Islam', email: 'sanjida.islam@example.org' },
    advisor: { name: 'Dr. Tareq Rahman', email: 'tareq.rahman@example.org' },
  },
  {
    name: 'Sangu Valley University Student Branch',
    chair: { name: 'Tamanna Alam', email: 'tamanna.alam@example.org' },
    advisor: { name: 'Dr. Zubair Sarkar', email: 'zubair.sarkar@example.org' },
  },
]
