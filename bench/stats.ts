import { round } from './load';

/** The value at percentile `p` of ascending `sorted` values (nearest rank, the next one up). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) : 0;

/** Count, p50, p99 and max of timings in ms, as the game sections report them. */
export const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50_ms: round(percentile(sorted, 50)), p99_ms: round(percentile(sorted, 99)), max_ms: round(sorted.at(-1) ?? 0) };
};
