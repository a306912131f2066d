/** Value lists shared by the Drizzle schema and the zod schemas (which also run in the browser). */
export const accountRoles = ['admin', 'chapter'] as const
export type AccountRole = (typeof accountRoles)[number]

export const registrationMethods = ['Offline', 'Online'] as const
export type RegistrationMethod = (typeof registrationMethods)[number]

/** An outbox mail: waiting (or retrying), delivered, or given up after its last attempt. */
export const outboxStatuses = ['pending', 'sent', 'failed'] as const
export type OutboxStatus = (typeof outboxStatuses)[number]
