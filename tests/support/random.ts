/**
 * A seeded random generator (mulberry32) for tests that generate their cases: the same seed gives the
 * same cases, so a failure is reproduced by running again with the seed it printed.
 */
export type Random = {
  seed: number
  /** A float in [0, 1). */
  next: () => number
  /** An integer in [min, max]. */
  int: (min: number, max: number) => number
  pick: <T>(items: readonly T[]) => T
  chance: (probability: number) => boolean
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    seed,
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[int(0, items.length - 1)] as (typeof items)[number]
    },
    chance: (probability) => next() < probability,
  }
}

/** The seed from an environment variable when given (to replay a failure), otherwise a fresh one. */
export function seedFrom(variable: string | undefined): number {
  const given = Number(variable)
  return Number.isInteger(given) && given >= 0 ? given : Math.floor(Math.random() * 2 ** 31)
}
