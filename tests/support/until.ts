/** Polls `check` until it gives something other than undefined, and answers that; fails after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  { timeoutMs = 10_000, intervalMs = 20 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
