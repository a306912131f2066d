import { z } from 'zod'

/**
 * The check-in API's answers as the door page reads them (docs/product.md#check-in), checked with zod when
 * they arrive: the roster is kept on the phone and trusted offline, so nothing malformed may be stored.
 */

const timestamp = z.string().min(1)

export const rosterAttendeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  ticketVersion: z.number().int().min(1),
  checkedInAt: timestamp.nullable(),
  checkedInBy: z.string().nullable(),
})
export type RosterAttendee = z.infer<typeof rosterAttendeeSchema>

export const rosterEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  eventDate: z.string(),
  startTime: z.string().nullable().optional(),
  endTime: z.string().nullable().optional(),
})
export type RosterEvent = z.infer<typeof rosterEventSchema>

/** The registration a person holds for the event besides a cancelled one (same email, not cancelled). */
export const otherRegistrationSchema = rosterAttendeeSchema
  .omit({ ticketVersion: true })
  .extend({ status: z.string() })
export type OtherRegistration = z.infer<typeof otherRegistrationSchema>

/** A cancelled registration, named, with the one its person holds now. */
export const cancelledRegistrationSchema = z.object({
  id: z.string(),
  name: z.string(),
  otherRegistration: otherRegistrationSchema.nullable(),
})
export type CancelledRegistration = z.infer<typeof cancelledRegistrationSchema>

/** GET /api/events/{id}/check-ins/roster */
export const rosterAnswerSchema = z.object({
  event: rosterEventSchema,
  /** The event's Ed25519 public key: base64url of the raw 32 bytes. */
  publicKey: z.string().min(1),
  attendees: z.array(rosterAttendeeSchema),
  /** Registrations whose tickets no longer admit anyone (cancelled). */
  revoked: z.array(z.string()),
  /** The cancelled, named (absent from a roster kept before it was sent). */
  cancelled: z.array(cancelledRegistrationSchema).optional(),
  /** When the door link that fetched it expires; null for a signed-in officer. */
  expiresAt: timestamp.nullable(),
})
export type RosterAnswer = z.infer<typeof rosterAnswerSchema>

const answeredAttendeeSchema = z.object({ id: z.string(), name: z.string(), status: z.string().optional() })

/** POST /api/events/{id}/check-ins: 200, and 409 with the same fields and a message. */
export const checkInAnswerSchema = z.object({
  attendee: answeredAttendeeSchema,
  checkedInAt: timestamp,
  by: z.string().nullable(),
  /** On a 409: the scan was made before the check-in the server holds (two doors, one offline). */
  conflict: z.boolean().optional(),
})
export type CheckInAnswer = z.infer<typeof checkInAnswerSchema>

/** POST /api/events/{id}/check-ins: 410 'Cancelled', naming the person and what they hold now. */
export const cancelledAnswerSchema = z.object({
  attendee: answeredAttendeeSchema,
  otherRegistration: otherRegistrationSchema.nullable().optional(),
})

/** GET /api/events/{id}/check-ins/summary */
export const summaryAnswerSchema = z.object({
  checkedIn: z.number().int(),
  confirmed: z.number().int(),
  conflicts: z.number().int(),
})
export type SummaryAnswer = z.infer<typeof summaryAnswerSchema>

/** GET /api/events/{id}/check-ins/search?q= */
export const searchAnswerSchema = z.object({
  attendees: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.string(),
      checkedInAt: timestamp.nullable(),
      checkedInBy: z.string().nullable(),
    }),
  ),
})
export type SearchAnswer = z.infer<typeof searchAnswerSchema>
