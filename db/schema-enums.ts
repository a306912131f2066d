/** Value lists shared by the Drizzle schema and the zod schemas (which also run in the browser). */
/** A person is an administrator or an officer of one chapter. */
export const personRoles = ['admin', 'officer'] as const
export type PersonRole = (typeof personRoles)[number]

export const registrationMethods = ['Offline', 'Online'] as const
export type RegistrationMethod = (typeof registrationMethods)[number]

/** An outbox mail: waiting (or retrying), delivered, or given up after its last attempt. */
export const outboxStatuses = ['pending', 'sent', 'failed'] as const
export type OutboxStatus = (typeof outboxStatuses)[number]
