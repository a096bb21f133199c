import { describe, expect, it } from 'vitest';
import { normalizePlayers } from '../../../shared/api/booker-game';
import { addOnNames, chickenText, planName, whenText } from './booking-format';

describe('booker page formatting', () => {
  it('reads the game moment in its own zone', () => {
    expect(whenText({ date: '2030-06-15', meeting_time: { hour: 15, minute: 0 }, timezone: 'Europe/London', utcDateTime: '2030-06-15T14:00:00.000Z' })).toBe(
      'Saturday 15 June 2030 at 15:00',
    );
    expect(whenText({ date: '2030-06-15', meeting_time: { hour: 9, minute: 30 }, timezone: 'Asia/Tokyo', utcDateTime: null })).toBe(
      'Saturday 15 June 2030 at 09:30',
    );
    expect(whenText({ date: 'nope', meeting_time: { hour: 9, minute: 30 }, timezone: 'Asia/Tokyo', utcDateTime: null })).toBe('Not set');
    // A time that is not a time of day: the spec's fallback, 14:00, as the server gives it.
    expect(whenText({ date: '2030-06-15', meeting_time: { hour: 99, minute: 0 }, timezone: 'Asia/Tokyo', utcDateTime: null })).toBe(
      'Saturday 15 June 2030 at 14:00',
    );
  });

  it("uses the spec's words for the Chicken", () => {
    expect([chickenText('self'), chickenText('player'), chickenText('team'), chickenText(null)]).toEqual(['The booker', 'A player', 'A team', 'Undecided']);
  });

  it('names plans and add-ons', () => {
    expect(planName('pro')).toBe('Weapons');
    expect(addOnNames([])).toBe('None');
    expect(addOnNames(['hosted'])).toBe('In-Person Host');
  });

  it('tidies comma-separated players', () => {
    expect(normalizePlayers(' Ann,Bob ,, ,Cy ')).toBe('Ann, Bob, Cy');
    expect(normalizePlayers('')).toBe('');
  });
});
