// Summary statistics for benchmark samples: nearest-rank percentiles, so every quoted figure
// is a value that was actually measured.

/** The p-th percentile (0 < p ≤ 100) by the nearest-rank method; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile: p must be in (0, 100], got ${p}`);
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1] as number;
}

/** The median as the lower middle value (a measured value, never an average of two). */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
}

export interface LatencySummary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The mean: with a fixed number of requests in flight, their count over the throughput (Little's law). */
  mean: number;
}

export function summarize(samples: readonly number[]): LatencySummary {
  return {
    n: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: samples.length ? Math.max(...samples) : Number.NaN,
    mean: samples.length ? samples.reduce((sum, x) => sum + x, 0) / samples.length : Number.NaN,
  };
}
