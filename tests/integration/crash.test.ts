import { describe, expect, it } from 'vitest'
import { ACKNOWLEDGED_BEFORE_KILL, runCrashRounds } from '../support/crash-rounds'
import { seedFrom } from '../support/random'

/**
 * docs/decisions/029-crash-safety.md, crash safety: 20 concurrent writers through the API, SIGKILL at a random moment, restart on the
 * same data directory, then integrity, foreign keys and every acknowledged write are checked. A few rounds
 * here; `npm run crash-test -- --rounds 200` runs many more. CRASH_SEED=<n> replays a run.
 */

const ROUNDS = 5

describe('crash safety', () => {
  it(`${ROUNDS} rounds of 20 writers killed with SIGKILL lose no acknowledged write`, async () => {
    const seed = seedFrom(process.env.CRASH_SEED)
    const report = await runCrashRounds({
      rounds: ROUNDS,
      seed,
      log: (line) => console.log(`[crash seed ${seed}] ${line}`),
    })
    console.log(
      `[crash seed ${seed}] ${report.rounds} rounds, ${report.acknowledged} acknowledged writes, ` +
        `${report.inFlightAtKill} in flight at the kills`,
    )
    expect(report.problems).toEqual([])
    expect(report.acknowledged).toBeGreaterThanOrEqual(ROUNDS * ACKNOWLEDGED_BEFORE_KILL)
    expect(report.inFlightAtKill).toBeGreaterThan(0)
  }, 90_000)
})
