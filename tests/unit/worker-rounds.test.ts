import { describe, expect, it } from 'vitest'
import { WorkerRounds } from '#server/worker-rounds.server'

/** A round that waits until the test lets it finish. */
function heldRounds() {
  const releases: (() => void)[] = []
  let started = 0
  const round = () => {
    started++
    return new Promise<void>((resolve) => releases.push(resolve))
  }
  const releaseNext = async () => {
    releases.shift()?.()
    // Let the round's finally run (it may start the next one).
    for (let i = 0; i < 5; i++) await Promise.resolve()
  }
  return { round, releaseNext, started: () => started }
}

describe('WorkerRounds: the one loop of the outbox and the certificate queue', () => {
  it('never runs two rounds at once; wakes during a round run one more round after it', async () => {
    const held = heldRounds()
    const after: number[] = []
    const rounds = new WorkerRounds(held.round, {
      onError: () => {},
      afterRound: () => after.push(held.started()),
    })
    rounds.wake()
    rounds.wake()
    rounds.wake()
    expect(held.started()).toBe(1)
    await held.releaseNext()
    expect(held.started()).toBe(2)
    expect(after).toEqual([])
    await held.releaseNext()
    expect(held.started()).toBe(2)
    expect(after).toEqual([2])
    await rounds.idle()
  })

  it('a round that throws is reported, and the next wake runs again', async () => {
    const errors: unknown[] = []
    let calls = 0
    const rounds = new WorkerRounds(
      async () => {
        calls++
        if (calls === 1) throw new Error('the database is busy')
      },
      { onError: (error) => errors.push(error) },
    )
    rounds.wake()
    await rounds.idle()
    rounds.wake()
    await rounds.idle()
    expect(calls).toBe(2)
    expect(errors).toHaveLength(1)
  })

  it('after stop no round starts; stop waits for the round in flight', async () => {
    const held = heldRounds()
    const rounds = new WorkerRounds(held.round, { onError: () => {} })
    rounds.wake()
    let stopped = false
    const stopping = rounds.stop().then(() => {
      stopped = true
    })
    await Promise.resolve()
    expect(stopped).toBe(false)
    expect(rounds.stopped).toBe(true)
    await held.releaseNext()
    await stopping
    rounds.wake()
    expect(held.started()).toBe(1)
  })
})
