/** The value at fraction `p` (0 … 1) of an ascending list: the benches' p50 and p99. NaN for an empty list. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN
