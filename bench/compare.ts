/**
 * The regression guard (issue 37): every figure of a bench result beside the committed baseline
 * (bench/baseline.json), with its change, and a mark on each guarded figure (a ratio, a budget or a goal's figure)
 * that got worse by more than the tolerance. Pure: reading and writing files is bench/run.ts's.
 */

/** A bench result as written to bench/results/latest.json: sections of nested objects whose leaves are figures. */
export type BenchResults = Record<string, unknown>;

/** Which way is better for a guarded figure. */
export type Better = 'higher' | 'lower';

/**
 * The figures a change must not make worse: the goals of docs/BENCHMARKS.md (ratios against raw SQL and bare node,
 * latencies, budgets of bytes and memory). Matched against a figure's dotted path; the first match decides.
 * Everything else (counts, rates on their own, machine figures) is printed but never marked: absolute rates move
 * with the machine's load, the ratios taken in one run are what stays steady.
 */
export const GUARDED: readonly { pattern: RegExp; better: Better }[] = [
  { pattern: /\.(ratio|app_to_raw_ratio)$/, better: 'higher' },
  { pattern: /^bundle\.(first_load|first_load_per_language\.[a-z]+|index_html_assets|chromium_[a-z_]+\.assets)\.(js_gzip_kb|css_gzip_kb)$/, better: 'lower' },
  { pattern: /^bundle\.lighthouse_mobile(_de)?\.performance_score$/, better: 'higher' },
  { pattern: /^create\.p99$/, better: 'lower' },
  { pattern: /^million\.endpoints\.[a-z_0-9]+\.p95$/, better: 'lower' },
  { pattern: /^million\.export\.(seconds|server_rss_before_mb|server_rss_peak_during_mb)$/, better: 'lower' },
  { pattern: /^coldstart\.median_s$/, better: 'lower' },
  { pattern: /^(game|biggame)\..*p99_ms$/, better: 'lower' },
  { pattern: /^media\..*rss_raised_by$/, better: 'lower' },
];

/** Sections that describe the run, not the code: printed with neither change nor mark. */
const NOT_FIGURES = /^(machine|date|command|sections)(\.|$)|\.machine_during\.|\.rounds_rps\.|\.statuses\./;

export const TOLERANCE = 0.15;

export type FigureRow = {
  path: string;
  baseline: number | null;
  now: number | null;
  /** now / baseline − 1, null when either is missing or the baseline is 0. */
  change: number | null;
  better: Better | null;
  /** Guarded and worse by more than the tolerance. */
  regression: boolean;
};

/** Every numeric leaf of `value`, by dotted path (array items by index). */
export function figuresOf(value: unknown, prefix = ''): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (v: unknown, path: string) => {
    if (typeof v === 'number' && Number.isFinite(v)) out.set(path, v);
    else if (Array.isArray(v)) v.forEach((item, i) => walk(item, `${path}.${i}`));
    else if (v !== null && typeof v === 'object') for (const [key, item] of Object.entries(v)) walk(item, path ? `${path}.${key}` : key);
  };
  walk(value, prefix);
  return out;
}

export function guardOf(path: string): Better | null {
  if (NOT_FIGURES.test(path)) return null;
  return GUARDED.find((g) => g.pattern.test(path))?.better ?? null;
}

/**
 * Compares the sections both results hold (a run of one section compares that section only), figure by figure, in
 * the order of `now`; figures only in one of them are listed with the other side null.
 */
export function compareResults(baseline: BenchResults, now: BenchResults, tolerance = TOLERANCE): FigureRow[] {
  const sections = Object.keys(now).filter((s) => s in baseline && !NOT_FIGURES.test(s));
  const rows: FigureRow[] = [];
  for (const section of sections) {
    const before = figuresOf(baseline[section], section);
    const after = figuresOf(now[section], section);
    const paths = [...after.keys(), ...[...before.keys()].filter((p) => !after.has(p))];
    for (const path of paths) {
      if (NOT_FIGURES.test(path)) continue;
      const b = before.get(path) ?? null;
      const n = after.get(path) ?? null;
      const change = b !== null && n !== null && b !== 0 ? n / b - 1 : null;
      const better = guardOf(path);
      const worse = change === null || better === null ? 0 : better === 'higher' ? -change : change;
      rows.push({ path, baseline: b, now: n, change, better, regression: worse > tolerance });
    }
  }
  return rows;
}

/** The new baseline: `now`'s sections replace the baseline's, the others stay, each section remembering its run. */
export function mergeBaseline(baseline: BenchResults, now: BenchResults): BenchResults {
  const sections = Object.keys(now).filter((s) => !NOT_FIGURES.test(s));
  const from = typeof baseline.sections === 'object' && baseline.sections !== null ? { ...baseline.sections } : {};
  const run = { date: now.date ?? null, command: now.command ?? null, machine: now.machine ?? null };
  const merged: BenchResults = { ...baseline };
  for (const section of sections) {
    merged[section] = now[section];
    Object.assign(from, { [section]: run });
  }
  merged.sections = from;
  return merged;
}

const fmt = (n: number | null) => (n === null ? '—' : Number.isInteger(n) ? String(n) : n.toFixed(Math.abs(n) < 10 ? 3 : 1));

/** The table `npm run bench -- compare` prints: one line per figure, a `!!` before each regression. */
export function formatComparison(rows: FigureRow[], tolerance = TOLERANCE): string {
  const width = Math.max(10, ...rows.map((r) => r.path.length));
  const lines = rows.map((r) => {
    const change = r.change === null ? '' : `${r.change >= 0 ? '+' : ''}${(r.change * 100).toFixed(1)} %`;
    const guard = r.better === null ? '' : `(${r.better} is better)`;
    return `${r.regression ? '!!' : '  '} ${r.path.padEnd(width)} ${fmt(r.baseline).padStart(10)} → ${fmt(r.now).padEnd(10)} ${change.padStart(9)} ${guard}`;
  });
  const regressions = rows.filter((r) => r.regression).length;
  lines.push(
    regressions
      ? `${regressions} guarded figure(s) worse than the baseline by more than ${tolerance * 100} % (marked !!)`
      : `no guarded figure worse than the baseline by more than ${tolerance * 100} %`,
  );
  return lines.join('\n');
}
