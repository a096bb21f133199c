import { describe, expect, it } from 'vitest';
import {
  formatAdminTimestamp,
  formatGameDate,
  formatTimestamp,
  isStartInPast,
  localToUtcIso,
  parseApiDate,
  parseWizardDate,
  todayIn,
  utcToLocal,
} from './time';

describe('time', () => {
  it('formats timestamps as dd/MM/yyyy HH:mm:ss, or Invalid date', () => {
    expect(formatTimestamp('2026-07-01T13:05:09Z', 'Europe/London')).toBe('01/07/2026 14:05:09');
    expect(formatTimestamp('2026-01-01T13:05:09Z', 'UTC')).toBe('01/01/2026 13:05:09');
    expect(formatTimestamp('not a date')).toBe('Invalid date');
    expect(formatTimestamp(null)).toBe('Invalid date');
  });
  it('turns a local date and time in a zone into UTC, or empty when invalid', () => {
    expect(localToUtcIso('2026-07-01', { hour: 15, minute: 0 }, 'Europe/London')).toBe('2026-07-01T14:00:00.000Z');
    expect(localToUtcIso('2026-12-01', { hour: 15, minute: 0 }, 'Asia/Tokyo')).toBe('2026-12-01T06:00:00.000Z');
    expect(localToUtcIso('2026-02-30', { hour: 15, minute: 0 }, 'Europe/London')).toBe('');
    expect(localToUtcIso('2026-07-01', { hour: 24, minute: 0 }, 'Europe/London')).toBe('');
    expect(localToUtcIso('2026-07-01', { hour: 10, minute: 0 }, 'Mars/Base')).toBe('');
    // 01:30 on the spring-forward night does not exist in London.
    expect(localToUtcIso('2026-03-29', { hour: 1, minute: 30 }, 'Europe/London')).toBe('');
  });
  it('turns UTC back into the local date and time of a zone', () => {
    expect(utcToLocal('2026-07-01T14:00:00.000Z', 'Europe/London')).toEqual({ date: '2026-07-01', time: { hour: 15, minute: 0 } });
    expect(utcToLocal('2026-07-01T23:30:00.000Z', 'Asia/Tokyo')).toEqual({ date: '2026-07-02', time: { hour: 8, minute: 30 } });
  });
  it('knows today in a zone', () => {
    expect(todayIn('Asia/Tokyo', new Date('2026-07-01T20:00:00Z'))).toBe('2026-07-02');
    expect(todayIn('America/Los_Angeles', new Date('2026-07-01T05:00:00Z'))).toBe('2026-06-30');
  });

  it('tells a start already past from one to come', () => {
    const now = new Date('2030-06-15T14:00:00Z');
    expect(isStartInPast('2030-06-15T13:59:00.000Z', now)).toBe(true);
    expect(isStartInPast('2030-06-15T14:00:00.000Z', now)).toBe(false);
    expect(isStartInPast('2030-06-15T16:00:00+02:00', now)).toBe(false);
    expect(isStartInPast('2030-06-16T09:00:00.000Z', now)).toBe(false);
    expect(isStartInPast('', now)).toBe(false);
  });

  it('knows whether a start has already passed', () => {
    const now = new Date('2026-07-01T12:00:00Z');
    expect(isStartInPast('2026-07-01T11:59:00.000Z', now)).toBe(true);
    expect(isStartInPast('2026-07-01T12:00:00.000Z', now)).toBe(false);
    expect(isStartInPast('2026-07-01T12:01:00.000Z', now)).toBe(false);
    expect(isStartInPast('', now)).toBe(false);
    expect(isStartInPast('not a date', now)).toBe(false);
  });
});

describe("the admin pages' one date-time formatter", () => {
  it('shows moments as dd/MM/yyyy HH:mm:ss in the admin zone', () => {
    expect(formatAdminTimestamp('2026-07-01T13:05:09Z')).toBe('01/07/2026 14:05:09');
    expect(formatAdminTimestamp('nonsense')).toBe('Invalid date');
  });
  it('shows a game by its start in its own zone, or its day alone when no time is set', () => {
    expect(formatGameDate('2026-07-01', { utcDateTime: '2026-07-01T13:00:00Z', timezone: 'Europe/Paris' })).toBe('01/07/2026 15:00:00');
    expect(formatGameDate('2026-07-01')).toBe('01/07/2026');
    expect(formatGameDate('2026-02-31')).toBe('Invalid date');
  });
});

describe('parseApiDate and parseWizardDate (date-fns parse, without its general parser)', () => {
  const ymd = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];
  it('read a real day as its local midnight', () => {
    expect(ymd(parseApiDate('2026-02-28'))).toEqual([2026, 2, 28, 0, 0]);
    expect(ymd(parseApiDate('2028-02-29'))).toEqual([2028, 2, 29, 0, 0]);
    expect(ymd(parseWizardDate('15-12-26'))).toEqual([2026, 12, 15, 0, 0]);
    expect(ymd(parseWizardDate('01-01-49'))).toEqual([2049, 1, 1, 0, 0]);
    expect(ymd(parseWizardDate('01-01-50'))).toEqual([1950, 1, 1, 0, 0]);
  });
  it('refuse what is not a day of the calendar or not in the pattern', () => {
    for (const text of ['2026-02-30', '2027-02-29', '2026-13-01', '2026-00-10', '2026-1-05', '26-01-05', '2026-01-05 ', '', 'x']) {
      expect(Number.isNaN(parseApiDate(text).getTime()), text).toBe(true);
    }
    for (const text of ['31-04-26', '15-12-2026', '1-12-26', '']) expect(Number.isNaN(parseWizardDate(text).getTime()), text).toBe(true);
  });
});
