// Loaded into the server by `npm run bench` and `npm run load-test` (node --expose-gc --import this file):
// on SIGUSR2 it writes the process's memory to MEMORY_PROBE_FILE as one JSON object. RSS as it is, then
// the heap after a forced collection (what the process really holds, without the garbage of the last
// requests). Plain JavaScript, loaded before the server's own code; it changes nothing else.
import fs from 'node:fs'

const file = process.env.MEMORY_PROBE_FILE
if (file) {
  process.on('SIGUSR2', () => {
    const before = process.memoryUsage()
    globalThis.gc?.()
    const after = process.memoryUsage()
    const report = {
      ...before,
      at: Date.now(),
      heapUsedBeforeGc: before.heapUsed,
      heapUsed: after.heapUsed,
      heapTotalAfterGc: after.heapTotal,
    }
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(report))
    fs.renameSync(`${file}.tmp`, file)
  })
}
