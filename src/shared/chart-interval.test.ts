import { describe, expect, it } from 'vitest';
import { bucketKey, bucketKeys, chartIntervalFor, chartIntervalForDays, intervalCaption, rangeLengthInDays } from './chart-interval';

describe('chart interval', () => {
  it('is daily up to 30 days, weekly from 31 to 90, monthly above 90', () => {
    expect(chartIntervalForDays(1)).toBe('daily');
    expect(chartIntervalForDays(30)).toBe('daily');
    expect(chartIntervalForDays(31)).toBe('weekly');
    expect(chartIntervalForDays(90)).toBe('weekly');
    expect(chartIntervalForDays(91)).toBe('monthly');
  });
  it('measures ranges inclusively', () => {
    expect(rangeLengthInDays('2026-11-21', '2026-11-21')).toBe(1);
    expect(rangeLengthInDays('2026-10-23', '2026-11-21')).toBe(30);
    expect(chartIntervalFor('2026-10-23', '2026-11-21')).toBe('daily');
    expect(chartIntervalFor('2026-10-22', '2026-11-21')).toBe('weekly');
    expect(chartIntervalFor('2026-01-01', '2026-11-21')).toBe('monthly');
    expect(rangeLengthInDays('2026-11-21', '2026-11-20')).toBe(0);
    expect(rangeLengthInDays('2026-02-30', '2026-03-01')).toBe(0);
  });
  it('captions the interval', () => {
    expect(intervalCaption('daily')).toBe('Showing daily data');
    expect(intervalCaption('weekly')).toBe('Showing weekly data');
    expect(intervalCaption('monthly')).toBe('Showing monthly data');
  });
});

describe('bucket keys', () => {
  it('uses yyyy-MM-dd, ISO week yyyy-Www and yyyy-MM', () => {
    expect(bucketKey(new Date(2026, 0, 1), 'daily')).toBe('2026-01-01');
    // 1 January 2027 is a Friday: it belongs to ISO week 53 of 2026.
    expect(bucketKey(new Date(2027, 0, 1), 'weekly')).toBe('2026-W53');
    expect(bucketKey(new Date(2026, 2, 2), 'weekly')).toBe('2026-W10');
    expect(bucketKey(new Date(2026, 10, 5), 'monthly')).toBe('2026-11');
  });
  it('lists every bucket of a range once, in order', () => {
    expect(bucketKeys('2026-02-27', '2026-03-02', 'daily')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(bucketKeys('2026-12-30', '2027-01-12', 'weekly')).toEqual(['2026-W53', '2027-W01', '2027-W02']);
    expect(bucketKeys('2026-01-31', '2026-04-01', 'monthly')).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);
    expect(bucketKeys('2026-04-02', '2026-04-01', 'daily')).toEqual([]);
  });
});
