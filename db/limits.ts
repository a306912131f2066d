import { PAGE_SIZE_MAX, SEARCH_MAX } from './list-params'

/**
 * The length and size limits of every field (db/validation.ts builds its zod schemas from them). A module of
 * its own, without zod, so that a page can write the same limits as HTML constraint attributes without
 * shipping a validation library (the contact form).
 */
export const LIMITS = {
  title: 200,
  name: 120,
  designation: 120,
  affiliation: 200,
  location: 200,
  host: 200,
  shortDescription: 500,
  description: 10_000,
  postSummary: 1_000,
  postBody: 50_000,
  aboutUs: 10_000,
  message: 5_000,
  reply: 5_000,
  email: 254,
  url: 2_048,
  phone: 20,
  passwordMin: 10,
  passwordMax: 128,
  fees: 10_000_000,
  capacity: 100_000,
  questions: 10,
  questionLabel: 200,
  questionOptions: 20,
  questionOption: 100,
  answer: 500,
  transactionId: 60,
  paymentInstructions: 1_000,
  subject: 200,
  search: SEARCH_MAX,
  pageSizeMax: PAGE_SIZE_MAX,
} as const

/** How long a delete's toast offers Undo (the console's toast, and the wait before attendees hear an event is off). */
export const UNDO_WINDOW_MS = 10_000
