import { describe, expect, it } from 'vitest';
import { gamesClash, hostClash, hostClashMessage } from './host-time';
import { bookedWindow } from './meeting-time';

const at = (iso: string) => new Date(iso);
const w = (start: string, end: string) => ({ start: at(start), end: at(end) });

describe('gamesClash', () => {
  const game = w('2026-06-01T10:00:00Z', '2026-06-01T12:00:00Z');
  it('clashes when the windows overlap, either way round', () => {
    expect(gamesClash(game, w('2026-06-01T11:00:00Z', '2026-06-01T13:00:00Z'), 0)).toBe(true);
    expect(gamesClash(w('2026-06-01T11:00:00Z', '2026-06-01T13:00:00Z'), game, 0)).toBe(true);
  });
  it('keeps the travel margin after either game, and a game that starts exactly when the margin ends is free', () => {
    expect(gamesClash(game, w('2026-06-01T12:59:00Z', '2026-06-01T14:00:00Z'), 60)).toBe(true);
    expect(gamesClash(game, w('2026-06-01T13:00:00Z', '2026-06-01T14:00:00Z'), 60)).toBe(false);
    expect(gamesClash(game, w('2026-06-01T08:00:00Z', '2026-06-01T09:30:00Z'), 60)).toBe(true);
    expect(gamesClash(game, w('2026-06-01T08:00:00Z', '2026-06-01T09:00:00Z'), 60)).toBe(false);
  });
});

describe('hostClash', () => {
  const window = w('2026-06-01T10:00:00Z', '2026-06-01T12:00:00Z');
  it('names the unavailable stretch before a game, and the earliest game', () => {
    const games = [
      { code: 'LATE', window: w('2026-06-01T12:30:00Z', '2026-06-01T14:00:00Z') },
      { code: 'EARLY', window: w('2026-06-01T09:00:00Z', '2026-06-01T10:30:00Z') },
    ];
    expect(hostClash(window, { games, unavailable: [] }, 60)).toMatchObject({ kind: 'game', code: 'EARLY' });
    const away = { start: at('2026-06-01T11:59:00Z'), end: at('2026-06-02T00:00:00Z'), note: 'Dentist' };
    expect(hostClash(window, { games, unavailable: [away] }, 60)).toMatchObject({ kind: 'unavailable', note: 'Dentist' });
    expect(hostClash(window, { games: [], unavailable: [{ ...away, start: at('2026-06-01T12:00:00Z') }] }, 60)).toBeNull();
  });

  it('reads each game in its own zone across a daylight-saving change', () => {
    // London on the day the clocks go forward: 10:00 BST is 09:00Z, the game ends 11:00Z.
    const london = bookedWindow({ utcDateTime: null, date: '2026-03-29', meetingTime: { hour: 10, minute: 0 }, timezone: 'Europe/London', duration: 120 });
    // New York, already on EDT (-4): 07:30 is 11:30Z, inside London's hour of travel; 08:00 (12:00Z) is free.
    const ny = (hour: number, minute: number) =>
      bookedWindow({ utcDateTime: null, date: '2026-03-29', meetingTime: { hour, minute }, timezone: 'America/New_York', duration: 60 });
    if (!london) throw new Error('no window');
    expect(london.start.toISOString()).toBe('2026-03-29T09:00:00.000Z');
    const early = ny(7, 30);
    const free = ny(8, 0);
    if (!early || !free) throw new Error('no window');
    expect(gamesClash(london, early, 60)).toBe(true);
    expect(gamesClash(london, free, 60)).toBe(false);
  });
});

describe('hostClashMessage', () => {
  it('names the other booking by its code, times in the zone given', () => {
    const message = hostClashMessage({ kind: 'game', code: 'ABC123', window: w('2026-07-01T09:00:00Z', '2026-07-01T11:00:00Z') }, 'Europe/London');
    expect(message).toBe('This host is already on booking ABC123 (01/07/2026 10:00 to 01/07/2026 12:00), too close to this game');
    expect(hostClashMessage({ kind: 'unavailable', start: at('2026-07-01T09:00:00Z'), end: at('2026-07-01T17:00:00Z'), note: ' Holiday ' }, 'UTC')).toBe(
      'This host marked themselves unavailable from 01/07/2026 09:00 to 01/07/2026 17:00: Holiday',
    );
  });
});
