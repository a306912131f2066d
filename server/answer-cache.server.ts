import type { Queryable } from '#db/client.server'
import { dataVersionOf, KeptUntilDataChanges } from '#db/queries/list.server'

/** Answers kept per connection at most (each at most a page of 100 rows). */
const MAX_KEPT_ANSWERS = 100

const answersOf = new WeakMap<object, KeptUntilDataChanges<string>>()

/**
 * `make()`'s text (a whole JSON answer) for `key`, made again only once the data has changed, on this
 * connection or another: a list everyone may read is asked for again and again with the same parameters,
 * and between two writes its answer cannot change. Inside a transaction it is always made.
 */
export function keptUntilDataChanges(db: Queryable, key: string, make: () => string): string {
  const version = dataVersionOf(db)
  if (version === undefined) return make()
  let answers = answersOf.get(db)
  if (!answers) {
    answers = new KeptUntilDataChanges(MAX_KEPT_ANSWERS)
    answersOf.set(db, answers)
  }
  return answers.get(version, key, make)
}
