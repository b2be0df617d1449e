/** The p-th percentile (nearest rank) of some timings; 0 for none. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Milliseconds as the benches print them. */
export const ms = (value: number): string => `${value.toFixed(2)} ms`;

/** The median of some timings (the 50th percentile by nearest rank); 0 for none. */
export const median = (samples: readonly number[]): number => percentile(samples, 50);
