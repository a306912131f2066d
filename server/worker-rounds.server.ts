/**
 * The loop of a background worker in the server process (the outbox, the certificate queue): a round runs
 * when the worker is woken, never two at once; a wake during a round runs one more right after it, so
 * work added meanwhile is not left waiting; a round that throws is reported and the worker goes on.
 * After a round with no wake pending, `afterRound` may set a timer for the next one (the outbox's retries).
 */
export class WorkerRounds {
  private running: Promise<void> | undefined
  private wokenWhileRunning = false
  private stoppedFlag = false

  constructor(
    private readonly round: () => Promise<void>,
    private readonly options: { onError: (error: unknown) => void; afterRound?: () => void },
  ) {}

  /** True once stop() was called: a round checks it between two pieces of work. */
  get stopped(): boolean {
    return this.stoppedFlag
  }

  get isRunning(): boolean {
    return this.running !== undefined
  }

  /** Runs a round now, or right after the one running. */
  wake(): void {
    if (this.stoppedFlag) return
    if (this.running) {
      this.wokenWhileRunning = true
      return
    }
    this.running = this.round()
      .catch(this.options.onError)
      .finally(() => {
        this.running = undefined
        if (this.wokenWhileRunning) {
          this.wokenWhileRunning = false
          this.wake()
        } else if (!this.stoppedFlag) this.options.afterRound?.()
      })
  }

  /** Resolves once no round is running (a wake during one runs the next before this resolves). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  /** No new round starts; the one in flight gets `waitMs` at most to finish (all of its time without). */
  async stop(waitMs?: number): Promise<void> {
    this.stoppedFlag = true
    const running = this.running
    if (!running) return
    if (waitMs === undefined) {
      await running
      return
    }
    let timeout: NodeJS.Timeout | undefined
    await Promise.race([running, new Promise((resolve) => (timeout = setTimeout(resolve, waitMs)))])
    clearTimeout(timeout)
  }
}
