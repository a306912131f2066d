/**
 * What list requests may ask for (docs/decisions/009-ids-and-list-parameters.md), without zod: the console's tables import these, and a
 * page that only lists things then ships no validation library. db/validation.ts builds the list query
 * schema from them.
 */

/** Rows per page of the console's tables, the API's default page size too (db/queries/list.server.ts). */
export const DEFAULT_PAGE_SIZE = 20

/** Rows per page of the console's activity log (docs/product.md#console-screens). */
export const ACTIVITY_PAGE_SIZE = 50

/** The activity log counts its total up to one past this: counting further costs time. */
export const ACTIVITY_COUNT_CAP = 10_000

/** The longest page the API answers (`pageSize`). */
export const PAGE_SIZE_MAX = 100

/** The longest search text (`q`). */
export const SEARCH_MAX = 100

/** The fields each list can be sorted by. */
export const eventSortFields = ['eventDate', 'title', 'location', 'fees', 'createdAt'] as const
export const chapterSortFields = ['name', 'email', 'slug', 'createdAt', 'eventCount', 'memberCount'] as const
export const contactSortFields = ['receivedAt', 'name', 'email', 'read'] as const
export const excomSortFields = ['createdAt', 'name', 'designation'] as const
export const trashSortFields = ['deletedAt', 'type', 'title'] as const
export const registrationSortFields = ['createdAt', 'name', 'email', 'status'] as const
