import { describe, expect, it } from 'vitest';
import { dateTimeError, emailError, MESSAGES, playerCountError, stepPlayers } from './booking-rules';

describe('player count', () => {
  it('accepts digits from 2 to 200', () => {
    expect(playerCountError('2')).toBeNull();
    expect(playerCountError('200')).toBeNull();
  });
  it('gives the spec messages otherwise', () => {
    expect(playerCountError('abc')).toBe('Please enter a valid number between 2 and 200');
    expect(playerCountError('1.5')).toBe('Please enter a valid number between 2 and 200');
    expect(playerCountError('-3')).toBe('Please enter a valid number between 2 and 200');
    expect(playerCountError('')).toBe('Please enter a valid number between 2 and 200');
    expect(playerCountError('1')).toBe('Please enter a minimum of 2 players');
    expect(playerCountError('201')).toBe('Please contact us if you have more than 200 players');
  });
  it('steps up to 250 and down to 2', () => {
    expect(stepPlayers(249, 1)).toBe(250);
    expect(stepPlayers(250, 1)).toBe(250);
    expect(stepPlayers(3, -1)).toBe(2);
    expect(stepPlayers(2, -1)).toBe(2);
  });
});

describe('email', () => {
  it('requires text@text.text with no spaces', () => {
    expect(emailError('')).toBe('Email address is required');
    expect(emailError('   ')).toBe('Email address is required');
    expect(emailError('a@b')).toBe('Please enter a valid email address');
    expect(emailError('a b@c.d')).toBe('Please enter a valid email address');
    expect(emailError('a@b.co')).toBeNull();
  });
});

describe('date and time', () => {
  const now = new Date('2026-07-01T12:00:00Z');
  it('needs a real moment in the game zone, not in the past', () => {
    expect(dateTimeError('2026-07-02', { hour: 15, minute: 0 }, 'Europe/London', now)).toBeNull();
    expect(dateTimeError('2026-07-01', { hour: 14, minute: 0 }, 'Europe/London', now)).toBeNull();
    expect(dateTimeError('2026-06-30', { hour: 15, minute: 0 }, 'Europe/London', now)).toBe(MESSAGES.dateInPast);
    expect(dateTimeError('2026-07-02', { hour: 25, minute: 0 }, 'Europe/London', now)).toBe('Invalid date/time');
    expect(dateTimeError('2026-02-31', { hour: 10, minute: 0 }, 'Europe/London', now)).toBe('Invalid date/time');
    expect(dateTimeError('2026-07-02', null, 'Europe/London', now)).toBe(MESSAGES.meetingTimeRequired);
  });
  it('refuses a meeting time that has already passed today, in the game zone', () => {
    // 12:00 UTC is 13:00 in London: 09:00 and 12:59 today are gone, 13:01 is not.
    expect(dateTimeError('2026-07-01', { hour: 9, minute: 0 }, 'Europe/London', now)).toBe('Please choose a meeting time in the future');
    expect(dateTimeError('2026-07-01', { hour: 12, minute: 59 }, 'Europe/London', now)).toBe(MESSAGES.timeInPast);
    expect(dateTimeError('2026-07-01', { hour: 13, minute: 1 }, 'Europe/London', now)).toBeNull();
    // The same 09:00 is still ahead in Los Angeles (05:00 there).
    expect(dateTimeError('2026-07-01', { hour: 9, minute: 0 }, 'America/Los_Angeles', now)).toBeNull();
  });
});
