/** Timing helpers shared by benchmarks: wall-clock samples, median and p90 in milliseconds. */

export interface Summary {
  median: number;
  p90: number;
  samples: number[];
}

export async function timeOnce(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Nearest-rank percentile (p in 0..100) of unsorted samples. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function summarize(samples: number[]): Summary {
  return { median: median(samples), p90: percentile(samples, 90), samples };
}

/**
 * Times a baseline and a candidate in alternation (A, B, A, B...) after warm-ups, so slow drift of a
 * noisy machine (CPU boost, other tenants, autovacuum) hits both sides alike instead of one.
 */
export async function compare(
  baseline: () => Promise<unknown>, candidate: () => Promise<unknown>, opts: { warmups: number; runs: number },
): Promise<{ baseline: Summary; candidate: Summary }> {
  for (let i = 0; i < opts.warmups; i++) {
    await baseline();
    await candidate();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < opts.runs; i++) {
    // Swap who goes first each round: the second query of a pair may benefit from caches warmed by the first.
    if (i % 2 === 0) {
      a.push(await timeOnce(baseline));
      b.push(await timeOnce(candidate));
    } else {
      b.push(await timeOnce(candidate));
      a.push(await timeOnce(baseline));
    }
  }
  return { baseline: summarize(a), candidate: summarize(b) };
}

export const ms = (n: number): string => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
