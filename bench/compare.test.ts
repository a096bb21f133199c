import { describe, expect, it } from 'vitest';
import { compareResults, figuresOf, formatComparison, mergeBaseline } from './compare';

const baseline = {
  date: '2026-11-28T05:00:00.000Z',
  machine: { cpus: 2, load_average_at_start: '0.5 0.4 0.3' },
  ratio: { pricing: { app: { rps: 20_000, p99: 3 }, bare: { rps: 25_000 }, ratio: 0.8 } },
  create: { rps: 400, p99: 60, rounds_rps: [380, 400, 420], app_to_raw_ratio: 0.5, raw_sql: { rps: 800 } },
  bundle: { first_load: { js_gzip_kb: 140, files: 14 }, lighthouse_mobile: { performance_score: 96 } },
};

describe('the bench regression guard', () => {
  it('lists every figure of a section the two runs share, with its change', () => {
    const now = { ...baseline, create: { ...baseline.create, rps: 300 } };
    const rows = compareResults(baseline, now);
    const rps = rows.find((r) => r.path === 'create.rps');
    expect(rps).toMatchObject({ baseline: 400, now: 300, regression: false });
    expect(rps?.change).toBeCloseTo(-0.25);
    expect(rows.map((r) => r.path)).toContain('ratio.pricing.bare.rps');
    // Which run it was is not a figure.
    expect(rows.some((r) => r.path.startsWith('machine') || r.path.includes('rounds_rps'))).toBe(false);
  });

  it('marks a ratio that fell by more than 15 %, not one that fell by less', () => {
    const fell = (ratio: number) => compareResults(baseline, { ...baseline, create: { ...baseline.create, app_to_raw_ratio: ratio } });
    expect(fell(0.42).find((r) => r.path === 'create.app_to_raw_ratio')?.regression).toBe(true);
    expect(fell(0.44).find((r) => r.path === 'create.app_to_raw_ratio')?.regression).toBe(false);
    expect(fell(0.9).find((r) => r.path === 'create.app_to_raw_ratio')?.regression).toBe(false);
  });

  it('marks a budget where lower is better when it grew by more than 15 %', () => {
    const grown = (kb: number, p99: number) =>
      compareResults(baseline, { ...baseline, bundle: { ...baseline.bundle, first_load: { js_gzip_kb: kb, files: 30 } }, create: { ...baseline.create, p99 } });
    const rows = grown(162, 80);
    expect(rows.filter((r) => r.regression).map((r) => r.path)).toEqual(['create.p99', 'bundle.first_load.js_gzip_kb']);
    // The file count is printed but not guarded; a smaller bundle is no regression.
    expect(grown(100, 60).some((r) => r.regression)).toBe(false);
  });

  it('guards each language’s first load and the German wizard’s Lighthouse score (issue 38)', () => {
    const bundle = (kb: number, score: number) => ({
      first_load_per_language: { de: { js_gzip_kb: kb, css_gzip_kb: 5 } },
      lighthouse_mobile_de: { performance_score: score },
    });
    const rows = compareResults({ ...baseline, bundle: bundle(140, 96) }, { ...baseline, bundle: bundle(170, 80) });
    expect(rows.filter((r) => r.regression).map((r) => r.path)).toEqual([
      'bundle.first_load_per_language.de.js_gzip_kb',
      'bundle.lighthouse_mobile_de.performance_score',
    ]);
  });

  it('compares only the sections both hold, and shows a figure missing on one side', () => {
    const now = { date: 'x', create: { rps: 410, p99: 59, app_to_raw_ratio: 0.52, raw_sql: {}, new_figure: 7 } };
    const rows = compareResults(baseline, now);
    expect(new Set(rows.map((r) => r.path.split('.')[0]))).toEqual(new Set(['create']));
    expect(rows.find((r) => r.path === 'create.new_figure')).toMatchObject({ baseline: null, now: 7, change: null, regression: false });
    expect(rows.find((r) => r.path === 'create.raw_sql.rps')).toMatchObject({ baseline: 800, now: null });
  });

  it('prints one line per figure and a closing verdict', () => {
    const rows = compareResults(baseline, { ...baseline, ratio: { pricing: { ...baseline.ratio.pricing, ratio: 0.6 } } });
    const text = formatComparison(rows);
    expect(text).toMatch(/^!! ratio\.pricing\.ratio +0\.800 → 0\.600 +-25\.0 % \(higher is better\)$/m);
    expect(text.split('\n').at(-1)).toBe('1 guarded figure(s) worse than the baseline by more than 15 % (marked !!)');
  });

  it('writes a baseline whose sections are replaced by a newer run, the others kept, each with its run', () => {
    const merged = mergeBaseline(baseline, { date: 'later', command: 'npm run bench -- create', create: { rps: 500 } });
    expect(merged.create).toEqual({ rps: 500 });
    expect(merged.ratio).toEqual(baseline.ratio);
    expect(merged.sections).toEqual({ create: { date: 'later', command: 'npm run bench -- create', machine: null } });
  });

  it('reads array items by index', () => {
    expect([...figuresOf({ a: [1, { b: 2 }], c: 'text' }).entries()]).toEqual([
      ['a.0', 1],
      ['a.1.b', 2],
    ]);
  });
});
