/**
 * The fields each list can be sorted by (decisions §9), without zod: the console's tables import them,
 * and a page that only lists things then ships no validation library. db/validation.ts re-exports them.
 */
export const eventSortFields = ['eventDate', 'title', 'location', 'fees', 'createdAt'] as const
export const chapterSortFields = ['name', 'email', 'slug', 'createdAt', 'eventCount', 'memberCount'] as const
export const contactSortFields = ['receivedAt', 'name', 'email', 'read'] as const
export const excomSortFields = ['createdAt', 'name', 'designation'] as const
