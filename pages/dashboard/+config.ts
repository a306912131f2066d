import type { Config } from 'vike/types'

export default {
  // The console warns beside invitation and reset links when PUBLIC_URL would make them work only here.
  passToClient: ['publicUrlIssue'],
} satisfies Config
