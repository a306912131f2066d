import { images } from './images'
import type { SparkContent } from './schema'

/** SPARK, the chapter's volunteer student team (/founder-spark, /about-spark, /team-spark-21..23). People are made up. */
export const spark: SparkContent = {
  founder: {
    name: 'Tahmina Akter',
    role: 'Founder of SPARK',
    image: images.portraits[10],
    bio: [
      'Tahmina Akter started SPARK in 2019 as a second-year computer science student who wanted school and college students to meet programming before university, not after it.',
      'What began as weekend coding sessions in one classroom grew into a volunteer team that now runs workshops, mentoring circles and outreach days in several districts every year.',
      "Today the founder mentors the team's coordinators, helps new volunteers find their first project and keeps SPARK close to its first idea: learning by building, together.",
    ],
    quote: 'Every student who writes a first program with us should leave wanting to write the second one.',
  },
  about: {
    intro: [
      "SPARK is the chapter's volunteer student team. It brings computing to school and college students through hands-on workshops, mentoring and community projects, and gives university students a place to lead, teach and organise.",
      "Volunteers plan every activity themselves with guidance from the chapter's executive committee, so each event is also a lesson in teamwork and leadership.",
    ],
    features: [
      {
        title: 'Hands-on workshops',
        description:
          'Beginner-friendly sessions on programming, web development and electronics, taught by student volunteers.',
      },
      {
        title: 'Mentoring circles',
        description:
          'Small groups where university students guide school and college learners through their first projects.',
      },
      {
        title: 'Outreach days',
        description: 'Visits to schools outside the big cities with laptops, kits and a day of activities.',
      },
      {
        title: 'Leadership training',
        description: 'Volunteers learn to plan events, manage budgets and speak in public by doing it.',
      },
      {
        title: 'Project showcases',
        description:
          'Twice a year volunteers and learners present what they built to families, teachers and sponsors.',
      },
    ],
    teamManagement: [
      'Every SPARK member serves at least one year and at most three years, so the team keeps fresh ideas while experience is handed on.',
      'A member who completes one year of active service receives a certificate of service. A member who serves the full three years receives an honour from the chapter at its annual meeting.',
    ],
  },
}
