/** Latency figures in milliseconds, rounded to hundredths for the report (the samples themselves are not rounded). */
export interface LatencySummary {
  samples: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

const hundredths = (value: number) => Math.round(value * 100) / 100;

/**
 * The nearest-rank percentile of samples already sorted ascending: the smallest sample with at least p% of all
 * samples at or below it. Exact (no buckets, no interpolation), so p95 is a latency some request really had.
 */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

export function summarise(samples: readonly number[]): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    samples: sorted.length,
    meanMs: hundredths(total / sorted.length),
    p50Ms: hundredths(percentile(sorted, 50)),
    p95Ms: hundredths(percentile(sorted, 95)),
    p99Ms: hundredths(percentile(sorted, 99)),
    maxMs: hundredths(sorted.length > 0 ? sorted[sorted.length - 1] : Number.NaN),
  };
}
