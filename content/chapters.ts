import { images } from './images'
import type { ChapterDirectory } from './schema'

/** The student-branch chapters (/chapters): 22 table rows and 15 logos. Universities and people are made up. */
export const chapterDirectory: ChapterDirectory = {
  rows: [
    {
      university: 'Padma University Student Branch',
      chair: 'Riaz Talukder',
      email: 'riaz.talukder@example.org',
      advisor: 'Prof. Badrul Haque',
      advisorEmail: 'badrul.haque@example.org',
    },
    {
      university: 'Meghna Institute of Technology Student Branch',
      chair: 'Shirin Bhuiyan',
      email: 'shirin.bhuiyan@example.org',
      advisor: 'Dr. Ruma Uddin',
      advisorEmail: 'ruma.uddin@example.org',
    },
    {
      university: 'Jamuna Engineering University Student Branch',
      chair: 'Monir Hossain',
      email: 'monir.hossain@example.org',
      advisor: 'Dr. Ishrat Rahman',
      advisorEmail: 'ishrat.rahman@example.org',
    },
    {
      university: 'Surma University of Science and Technology Student Branch',
      chair: 'Ehsan Khan',
      email: 'ehsan.khan@example.org',
      advisor: 'Dr. Tasnuva Islam',
      advisorEmail: 'tasnuva.islam@example.org',
    },
    {
      university: 'Buriganga Research University Student Branch',
      chair: 'Asif Saha',
      email: 'asif.saha@example.org',
      advisor: 'Prof. Riaz Kabir',
      advisorEmail: 'riaz.kabir@example.org',
    },
    {
      university: 'Karnaphuli University of Engineering and Technology Student Branch',
      chair: 'Shuvo Uddin',
      email: 'shuvo.uddin@example.org',
      advisor: 'Dr. Badrul Talukder',
      advisorEmail: 'badrul.talukder@example.org',
    },
    {
      university: 'Rupsha International University Student Branch',
      chair: 'Nayeem Karim',
      email: 'nayeem.karim@example.org',
      advisor: 'Dr. Saiful Alam',
      advisorEmail: 'saiful.alam@example.org',
    },
    {
      university: 'Chattala Technical University Student Branch',
      chair: 'Sohel Tarafder',
      email: 'sohel.tarafder@example.org',
      advisor: 'Dr. Adnan Biswas',
      advisorEmail: 'adnan.biswas@example.org',
    },
    {
      university: 'Sylhet Hills University Student Branch',
      chair: 'Mehnaz Roy',
      email: 'mehnaz.roy@example.org',
      advisor: 'Dr. Obaidul Bhuiyan',
      advisorEmail: 'obaidul.bhuiyan@example.org',
    },
    {
      university: 'Brahmaputra Science University Student Branch',
      chair: 'Adnan Siddique',
      email: 'adnan.siddique@example.org',
      advisor: 'Dr. Rubaiya Mondal',
      advisorEmail: 'rubaiya.mondal@example.org',
    },
    {
      university: 'Dhaleshwari Institute of Information Technology Student Branch',
      chair: 'Fariha Bhuiyan',
      email: 'fariha.bhuiyan@example.org',
      advisor: 'Dr. Tania Ferdous',
      advisorEmail: 'tania.ferdous@example.org',
    },
    {
      university: 'Teesta Green University Student Branch',
      chair: 'Ashraf Chowdhury',
      email: 'ashraf.chowdhury@example.org',
      advisor: 'Dr. Shahana Tarafder',
      advisorEmail: 'shahana.tarafder@example.org',
    },
    {
      university: 'Nabaganga River University Student Branch',
      chair: 'Tahmina Roy',
      email: 'tahmina.roy@example.org',
      advisor: 'Dr. Mashrur Majumder',
      advisorEmail: 'mashrur.majumder@example.org',
    },
    {
      university: 'Kushiyara Technical University Student Branch',
      chair: 'Naim Tarafder',
      email: 'naim.tarafder@example.org',
      advisor: 'Dr. Sumona Sarkar',
      advisorEmail: 'sumona.sarkar@example.org',
    },
    {
      university: 'Gorai City University Student Branch',
      chair: 'Shuvo Siddique',
      email: 'shuvo.siddique@example.org',
      advisor: 'Dr. Fatema Nahar',
      advisorEmail: 'fatema.nahar@example.org',
    },
    {
      university: 'Halda University Student Branch',
      chair: 'Bushra Sarkar',
      email: 'bushra.sarkar@example.org',
      advisor: 'Prof. Rafiq Mondal',
      advisorEmail: 'rafiq.mondal@example.org',
    },
    {
      university: 'Titas Institute of Technology Student Branch',
      chair: 'Israt Parvin',
      email: 'israt.parvin@example.org',
      advisor: 'Dr. Orin Ferdous',
      advisorEmail: 'orin.ferdous@example.org',
    },
    {
      university: 'Dhanu Engineering College Student Branch',
      chair: 'Aminul Mondal',
      email: 'aminul.mondal@example.org',
      advisor: 'Dr. Tahmina Tarafder',
      advisorEmail: 'tahmina.tarafder@example.org',
    },
    {
      university: 'Shitalakshya University Student Branch',
      chair: 'Tamanna Khan',
      email: 'tamanna.khan@example.org',
      advisor: 'Dr. Rubaiya Hossain',
      advisorEmail: 'rubaiya.hossain@example.org',
    },
    {
      university: 'Madhumati University Student Branch',
      chair: 'Ruma Sultana',
      email: 'ruma.sultana@example.org',
      advisor: 'Prof. Shafin Siddique',
      advisorEmail: 'shafin.siddique@example.org',
    },
    {
      university: 'Arial Khan Institute of Science Student Branch',
      chair: 'Sanjida Islam',
      email: 'sanjida.islam@example.org',
      advisor: 'Dr. Tareq Rahman',
      advisorEmail: 'tareq.rahman@example.org',
    },
    {
      university: 'Sangu Valley University Student Branch',
      chair: 'Tamanna Alam',
      email: 'tamanna.alam@example.org',
      advisor: 'Dr. Zubair Sarkar',
      advisorEmail: 'zubair.sarkar@example.org',
    },
  ],
  logos: [
    {
      title: 'Padma University Student Branch',
      image: images.logos[0],
    },
    {
      title: 'Meghna Institute of Technology Student Branch',
      image: images.logos[1],
    },
    {
      title: 'Jamuna Engineering University Student Branch',
      image: images.logos[2],
    },
    {
      title: 'Surma University of Science and Technology Student Branch',
      image: images.logos[3],
    },
    {
      title: 'Buriganga Research University Student Branch',
      image: images.logos[4],
    },
    {
      title: 'Karnaphuli University of Engineering and Technology Student Branch',
      image: images.logos[5],
    },
    {
      title: 'Rupsha International University Student Branch',
      image: images.logos[6],
    },
    {
      title: 'Chattala Technical University Student Branch',
      image: images.logos[7],
    },
    {
      title: 'Sylhet Hills University Student Branch',
      image: images.logos[8],
    },
    {
      title: 'Brahmaputra Science University Student Branch',
      image: images.logos[9],
    },
    {
      title: 'Dhaleshwari Institute of Information Technology Student Branch',
      image: images.logos[10],
    },
    {
      title: 'Teesta Green University Student Branch',
      image: images.logos[11],
    },
    {
      title: 'Nabaganga River University Student Branch',
      image: images.logos[12],
    },
    {
      title: 'Kushiyara Technical University Student Branch',
      image: images.logos[13],
    },
    {
      title: 'Gorai City University Student Branch',
      image: images.logos[14],
    },
  ],
}
