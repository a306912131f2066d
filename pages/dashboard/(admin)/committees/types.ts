import type { committeeDto, committeeSummary } from '#server/services/committees.server'

/**
 * The committees as the API answers them in JSON (docs/product.md#endpoints): a row of the list, a
 * committee with its members (a revision is db/dto's RevisionDto).
 */
type Json<T> = { [Key in keyof T]: T[Key] extends Date ? string : T[Key] }

export type CommitteeSummary = Json<ReturnType<typeof committeeSummary>>
export type CommitteeDto = Json<ReturnType<typeof committeeDto>>
