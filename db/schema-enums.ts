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
 * A registration for an event: waiting for an officer (approval or payment), confirmed, on the waiting
 * list, offered a freed seat (to accept before its hold ends), or cancelled.
 */
export const registrationStatuses = ['pending', 'confirmed', 'waitlisted', 'offered', 'cancelled'] as const
export type RegistrationStatus = (typeof registrationStatuses)[number]

/** A registration form's question: a line of text, one of the officer's options, or a tick box. */
export const registrationQuestionTypes = ['text', 'choice', 'checkbox'] as const
export type RegistrationQuestionType = (typeof registrationQuestionTypes)[number]

/** How an attendee paid an event's fees (no payment gateway: officers check their statements). */
export const paymentMethods = ['bkash', 'nagad', 'rocket', 'bank', 'door'] as const
export type PaymentMethod = (typeof paymentMethods)[number]

/** Why a registration was cancelled. */
export const cancelReasons = ['attendee', 'officer', 'offer-expired', 'event-deleted'] as const
export type CancelReason = (typeof cancelReasons)[number]
