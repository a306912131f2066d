/** Value lists shared by the Drizzle schema and the zod schemas (which also run in the browser). */
/** A person is an administrator or an officer of one chapter. */
export const personRoles = ['admin', 'officer'] as const
export type PersonRole = (typeof personRoles)[number]

export const registrationMethods = ['Offline', 'Online'] as const
export type RegistrationMethod = (typeof registrationMethods)[number]

/** An outbox mail: waiting (or retrying), delivered, or given up after its last attempt. */
export const outboxStatuses = ['pending', 'sent', 'failed'] as const
export type OutboxStatus = (typeof outboxStatuses)[number]

/**
 * What kind of event it is (optional): one list for the column, the zod schema, the form's options and
 * the counters of the home page and the chapter landings.
 */
export const eventTypes = ['Seminar', 'Webinar', 'Workshop', 'Competition', 'Meetup', 'Other'] as const
export type EventType = (typeof eventTypes)[number]

/** "Seminars", "Workshops": a type's plural, for counters and filters. */
export const eventTypePlural = (type: EventType) => `${type}s`
