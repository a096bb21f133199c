import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { bookingCalendar, calendarMoved, organiserOf, type CalendarFacts } from './booking-calendar';

const facts = (overrides: Partial<CalendarFacts> = {}): CalendarFacts => ({
  id: 42,
  city: 'Tokyo',
  players: 6,
  date: '2030-07-01',
  meetingTime: { hour: 18, minute: 30 },
  timezone: 'Asia/Tokyo',
  utcDateTime: new Date('2030-07-01T09:30:00Z'),
  duration: 90,
  meetingPointAddress: null,
  meetingPointStatus: null,
  bookingStatus: 'lead',
  leadStatus: 'new',
  calendarSequence: 0,
  tempCode: 'TMP1',
  manageKey: 'secret-key',
  gameCode: null,
  ...overrides,
});

const NOW = new Date('2030-01-01T00:00:00Z');
const eventOf = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return new ICAL.Event(vevent);
};

describe('bookingCalendar', () => {
  it('a game in Tokyo: its zone, its instant, its booked 90 minutes', () => {
    const event = eventOf(bookingCalendar(facts(), { baseUrl: 'https://hatch.example', method: 'PUBLISH', now: NOW }));
    expect(event.startDate.zone.tzid).toBe('Asia/Tokyo');
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-07-01T09:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2030-07-01T11:00:00.000Z');
  });

  it('a zone that is not a zone: the stored instant, written in UTC', () => {
    const text = bookingCalendar(facts({ timezone: 'Mars/Olympus' }), { baseUrl: 'https://hatch.example', method: 'PUBLISH', now: NOW });
    expect(text).toContain('DTSTART:20300701T093000Z');
    expect(text).not.toContain('BEGIN:VTIMEZONE');
  });

  it('DTSTAMP is UTC, and the public file holds no private link', () => {
    const text = bookingCalendar(facts({ gameCode: 'GAME1' }), { baseUrl: 'https://hatch.example', method: 'PUBLISH', now: NOW });
    expect(text).toContain('DTSTAMP:20300101T000000Z');
    expect(text).not.toContain('secret-key');
    expect(eventOf(text).description).toContain('https://hatch.example/play/GAME1');
  });
});

describe('calendarMoved (what raises SEQUENCE)', () => {
  const before = facts();
  it('a new time, zone or length, a confirmed meeting point, a cancellation', () => {
    expect(calendarMoved(before, facts({ utcDateTime: new Date('2030-07-01T10:30:00Z') }))).toBe(true);
    expect(calendarMoved(before, facts({ duration: 120 }))).toBe(true);
    expect(calendarMoved(before, facts({ meetingPointAddress: 'Hachiko', meetingPointStatus: 'confirmed' }))).toBe(true);
    expect(calendarMoved(before, facts({ leadStatus: 'lost' }))).toBe(true);
  });
  it('not: the same moment, a meeting point only requested, a payment, the players', () => {
    expect(calendarMoved(before, facts())).toBe(false);
    expect(calendarMoved(before, facts({ meetingPointAddress: 'Hachiko', meetingPointStatus: 'requested' }))).toBe(false);
    expect(calendarMoved(before, facts({ bookingStatus: 'paid' }))).toBe(false);
    expect(calendarMoved(before, facts({ players: 12 }))).toBe(false);
  });
});

describe('organiserOf (MAIL_FROM as the invite organiser)', () => {
  it('reads a name and address, or a bare address', () => {
    expect(organiserOf('hatch <games@hatch.invalid>')).toEqual({ name: 'hatch', email: 'games@hatch.invalid' });
    expect(organiserOf('"Hatch Games" <hi@example.com>')).toEqual({ name: 'Hatch Games', email: 'hi@example.com' });
    expect(organiserOf('plain@example.com')).toEqual({ name: 'hatch', email: 'plain@example.com' });
  });
});
