/**
 * `npm run crash-test -- --rounds 200 [--writers 20] [--seed N]`: the crash-safety rounds of
 * tests/integration/crash.test.ts, as many as asked (docs/decisions/029-crash-safety.md). Exits 1 on the first problem, keeping the
 * data directory for inspection; prints the seed, which replays the writers' choices and kill moments.
 */
import { parseArgs } from 'node:util'
import { ensureProductionBuild } from '../support/build'
import { runCrashRounds } from '../support/crash-rounds'
import { seedFrom } from '../support/random'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '200' },
    writers: { type: 'string', default: '20' },
    seed: { type: 'string' },
  },
})

const rounds = Number(values.rounds)
const writers = Number(values.writers)
if (!Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(writers) || writers < 1) {
  console.error('Usage: npm run crash-test -- [--rounds 200] [--writers 20] [--seed N]')
  process.exit(2)
}
const seed = seedFrom(values.seed)

ensureProductionBuild()
console.log(`Crash test: ${rounds} rounds, ${writers} writers, seed ${seed}`)
const startedAt = performance.now()
const report = await runCrashRounds({ rounds, writers, seed, log: (line) => console.log(line) })
const seconds = ((performance.now() - startedAt) / 1000).toFixed(0)
console.log(
  `${report.rounds} rounds in ${seconds} s: ${report.acknowledged} acknowledged writes, ` +
    `${report.inFlightAtKill} writes in flight at the kills, ${report.problems.length} problems (seed ${seed})`,
)
for (const problem of report.problems.slice(0, 20)) console.log(`  ${problem}`)
process.exit(report.problems.length === 0 ? 0 : 1)
