import type { DemoContent } from './schema'

/**
 * Sample content for a new installation (SEED_DEMO, docs/decisions/019-configuration-by-environment.md). Every person, address and phone
 * number here is made up. Event dates are given relative to the day of seeding, so a fresh demo always
 * has upcoming and past events. Each chapter is one of the first-run chapters (content/chapters.ts, by
 * name), which the demo gives an officer, its info, more committee members and events; its chair and
 * advisor are the first-run ones.
 */
export const demoContent: DemoContent = {
  chapters: [
    {
      name: 'Padma University Student Branch',
      email: 'padma-sb@example.org',
      phone: '01700000101',
      info: {
        shortDescription:
          'A student branch of computing enthusiasts at Padma University, running workshops, contests and research circles since 2014.',
        websiteUrl: 'https://padma-sb.example.org',
        facebookUrl: 'https://www.facebook.com/padma-sb-example',
        linkedinUrl: 'https://www.linkedin.com/company/padma-sb-example',
        videoUrl: 'https://www.youtube.com/watch?v=aircAruvnKk',
        aboutUs:
          'We are a volunteer-run student branch that helps students learn by building. Every semester we host a programming contest, two hands-on workshops and a research reading circle.\n\nMembers mentor each other, visit industry partners and represent the university at national events.',
      },
      members: [
        {
          name: 'Tanvir Hossain',
          designation: 'Vice Chair (Technical)',
          affiliation: 'Dept. of CSE, Padma University',
          email: 'tanvir.hossain@example.org',
        },
        {
          name: 'Farhana Akter',
          designation: 'Vice Chair (Activity)',
          affiliation: 'Dept. of EEE, Padma University',
          email: 'farhana.akter@example.org',
        },
        {
          name: 'Rakib Chowdhury',
          designation: 'Secretary',
          affiliation: 'Dept. of CSE, Padma University',
          email: 'rakib.chowdhury@example.org',
        },
        {
          name: 'Sumaiya Islam',
          designation: 'Treasurer',
          affiliation: 'Dept. of Mathematics, Padma University',
          email: 'sumaiya.islam@example.org',
        },
      ],
      events: [
        {
          title: 'Intro to Competitive Programming Bootcamp',
          type: 'Workshop',
          daysFromSeed: 12,
          startTime: '10:00',
          endTime: '16:00',
          location: 'Lab 3, CSE Building, Padma University',
          registrationMethod: 'Offline',
          fees: 0,
          description:
            'A full-day bootcamp for first- and second-year students, with a practice contest in the afternoon.\n\n## What we cover\n\n- complexity and sorting\n- greedy algorithms\n- how online judges work\n\nBring a laptop with a **C++ or Python** environment installed. Practice problems are on [the judge](https://judge.example.org).',
        },
        {
          title: 'Machine Learning Study Jam',
          type: 'Workshop',
          daysFromSeed: 30,
          startTime: '14:00',
          endTime: '17:30',
          location: 'Online (link after registration)',
          registrationMethod: 'Online',
          fees: 100,
          description:
            'Three hours of guided notebooks on supervised learning: linear models, decision trees and evaluation. Mentors answer questions live in breakout rooms.',
        },
        {
          title: 'Women in Computing Meetup',
          type: 'Meetup',
          daysFromSeed: -25,
          startTime: '15:00',
          endTime: '18:00',
          location: 'Seminar Hall, Padma University',
          registrationMethod: 'Offline',
          fees: 0,
          description:
            'Talks and a panel with alumni working in software, research and entrepreneurship, followed by mentoring tables for students.',
        },
        {
          title: 'Git and Open Source Workshop',
          type: 'Workshop',
          daysFromSeed: -60,
          startTime: '09:30',
          endTime: '13:00',
          location: 'Lab 1, CSE Building, Padma University',
          registrationMethod: 'Offline',
          fees: 50,
          description:
            'From the first commit to the first pull request: branching, resolving conflicts and contributing to a real open-source project.',
        },
      ],
    },
    {
      name: 'Meghna Institute of Technology Student Branch',
      email: 'meghna-chapter@example.org',
      phone: '01700000202',
      info: {
        shortDescription:
          'The computing chapter of Meghna Institute of Technology: hackathons, embedded systems clubs and a yearly student symposium.',
        websiteUrl: 'https://meghna-chapter.example.org',
        facebookUrl: 'https://www.facebook.com/meghna-chapter-example',
        linkedinUrl: 'https://www.linkedin.com/company/meghna-chapter-example',
        videoUrl: '',
        aboutUs:
          'Our chapter connects students of all departments who like to build things with computers. We run an embedded systems club, a weekly problem-solving session and an annual symposium where students present their projects.',
      },
      members: [
        {
          name: 'Lamia Sultana',
          designation: 'Vice Chair (Technical)',
          affiliation: 'Meghna Institute of Technology',
          email: 'lamia.sultana@example.org',
        },
        {
          name: 'Imran Kabir',
          designation: 'Secretary',
          affiliation: 'Meghna Institute of Technology',
          email: 'imran.kabir@example.org',
        },
        {
          name: 'Tasnim Ferdous',
          designation: 'Joint Secretary',
          affiliation: 'Meghna Institute of Technology',
          email: 'tasnim.ferdous@example.org',
        },
      ],
      events: [
        {
          title: 'Embedded Systems Hackathon',
          type: 'Competition',
          daysFromSeed: 45,
          startTime: '09:00',
          endTime: '21:00',
          location: 'Innovation Hub, Meghna Institute of Technology',
          registrationMethod: 'Offline',
          fees: 300,
          description:
            'Teams of three build a working prototype on a microcontroller board in twelve hours. Kits, food and mentors are provided; judges look at usefulness, craft and the demo.',
        },
        {
          title: 'Cloud Computing Webinar',
          type: 'Webinar',
          daysFromSeed: -10,
          startTime: '20:00',
          endTime: '21:30',
          location: 'Online',
          registrationMethod: 'Online',
          fees: 0,
          description:
            'An evening webinar on deploying small web applications: virtual machines, containers and managed databases, with a live demo.',
        },
        {
          title: 'Student Research Symposium',
          type: 'Seminar',
          daysFromSeed: -120,
          startTime: '10:00',
          endTime: '17:00',
          location: 'Auditorium, Meghna Institute of Technology',
          registrationMethod: 'Offline',
          fees: 200,
          description:
            'Undergraduate and graduate students present posters and short talks on their research. Best paper and best poster awards are given at the closing session.',
        },
      ],
    },
    {
      name: 'Jamuna Engineering University Student Branch',
      email: 'jamuna-chapter@example.org',
      phone: '01700000303',
      info: {
        shortDescription:
          'A young chapter at Jamuna Engineering University focused on web development, data science and community service.',
        websiteUrl: 'https://jamuna-chapter.example.org',
        facebookUrl: 'https://www.facebook.com/jamuna-chapter-example',
        linkedinUrl: 'https://www.linkedin.com/company/jamuna-chapter-example',
        videoUrl: 'https://youtu.be/rfscVS0vtbw',
        aboutUs:
          'Founded by students who wanted more practice than the syllabus offers, the chapter runs project teams in web development and data science and teaches basic computing at nearby schools.',
      },
      members: [
        {
          name: 'Mim Akhter',
          designation: 'Vice Chair (Activity)',
          affiliation: 'Jamuna Engineering University',
          email: 'mim.akhter@example.org',
        },
        {
          name: 'Zahid Hasan',
          designation: 'Treasurer',
          affiliation: 'Jamuna Engineering University',
          email: 'zahid.hasan@example.org',
        },
      ],
      events: [
        {
          title: 'Data Science with Python Workshop',
          type: 'Workshop',
          daysFromSeed: 20,
          startTime: '10:00',
          endTime: '15:00',
          location: 'Computer Center, Jamuna Engineering University',
          registrationMethod: 'Offline',
          fees: 150,
          description:
            'Hands-on introduction to pandas, plotting and simple models using open data about rainfall and rivers in Bangladesh.',
        },
        {
          title: 'Computing for Schools Outreach Day',
          type: 'Other',
          daysFromSeed: -40,
          startTime: '09:00',
          endTime: '13:00',
          location: 'Partner schools near the university',
          registrationMethod: 'Offline',
          fees: 0,
          description:
            'Volunteers teach block-based programming and internet safety to school students. Volunteers receive a certificate of service.',
        },
        {
          title: 'Web Development Crash Course',
          type: 'Webinar',
          daysFromSeed: -90,
          startTime: '18:00',
          endTime: '20:00',
          location: 'Online',
          registrationMethod: 'Online',
          fees: 0,
          description:
            'Four evening sessions on HTML, CSS, JavaScript and deploying a personal portfolio page. Recordings are shared with registered participants.',
        },
      ],
    },
  ],
  contactMessages: [
    {
      name: 'Shahriar Kabir',
      email: 'shahriar.k@example.com',
      message: 'Hello, I am a second-year student. How can I become a member and join the next workshop?',
      hoursAgo: 3,
    },
    {
      name: 'Rumana Begum',
      email: 'rumana.begum@example.com',
      message:
        'Our university would like to start a student branch. Could someone from the chapter share the steps and the documents we need?',
      hoursAgo: 30,
    },
    {
      name: 'Kamal Uddin',
      email: 'kamal.uddin@example.com',
      message: 'Is there a recording of the cloud computing webinar? I missed it because of an exam.',
      hoursAgo: 75,
    },
  ],
}
