import { describe, expect, it } from 'vitest';
import { resolveRange } from './date-ranges';

describe('date range presets', () => {
  const today = '2026-03-10';
  it('computes each preset from today', () => {
    expect(resolveRange('today', today)).toEqual({ start: today, end: today });
    expect(resolveRange('yesterday', today)).toEqual({ start: '2026-03-09', end: '2026-03-09' });
    expect(resolveRange('last_7_days', today)).toEqual({ start: '2026-03-04', end: today });
    expect(resolveRange('last_30_days', today)).toEqual({ start: '2026-02-09', end: today });
    expect(resolveRange('this_month', today)).toEqual({ start: '2026-03-01', end: today });
    expect(resolveRange('last_month', today)).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(resolveRange('year_to_date', today)).toEqual({ start: '2026-01-01', end: today });
  });
  it('keeps a custom range up to today', () => {
    expect(resolveRange('custom', today, '2026-01-05', '2026-02-01')).toEqual({ start: '2026-01-05', end: '2026-02-01' });
    expect(resolveRange('custom', today, '2026-03-01', '')).toEqual({ start: '2026-03-01', end: '2026-03-01' });
    expect(resolveRange('custom', today, '2026-03-01', '2026-04-01')).toEqual({ start: '2026-03-01', end: '2026-03-01' });
    expect(resolveRange('custom', today, '', '')).toEqual({ start: '2026-02-09', end: today });
  });
});
