import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { calendarFeedResponse, calendarFeedStateResponse } from '../../src/shared/api/calendar-feed';

/**
 * Issue 31 (decision 0394): each host and admin can make a private calendar feed of their games (a secret URL), see
 * that it is on, regenerate it and revoke it; the feed parses with a real iCalendar parser; a revoked URL is a 404.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://hatch.example' });
});
afterAll(async () => t.close());

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

/** The feed's path on this app, from the URL its owner was given. */
const pathOf = (url: string) => {
  expect(url.startsWith('https://hatch.example/api/calendar-feeds/')).toBe(true);
  return new URL(url).pathname;
};

async function makeFeed(agent: Agent): Promise<string> {
  const res = await agent.post('/api/host/calendar-feed');
  expect(res.statusCode, res.body).toBe(201);
  const url = calendarFeedResponse.parse(res.json()).feed.url;
  if (!url) throw new Error('no feed url');
  return url;
}

describe("a host's private calendar feed", () => {
  it("holds the host's games (not others', not cancelled ones), each at its instant in its zone, with no private link", async () => {
    const host = await t.as('host');
    const other = await t.createUser({ role: 'host' });
    const { booking: paid, gameCode } = await createPaidBooking(t.db, {
      city: 'Tokyo',
      utcDateTime: null,
      date: '2031-04-05',
      meetingTime: { hour: 10, minute: 30 },
      timezone: 'Asia/Tokyo',
      assignedHostId: host.userId,
      meetingPointAddress: 'Hachiko statue',
      meetingPointStatus: 'confirmed',
    });
    const lead = await createBooking(t.db, { city: 'London', date: '2031-04-06', utcDateTime: new Date('2031-04-06T14:00:00Z'), assignedHostId: host.userId });
    const cancelled = await createBooking(t.db, {
      date: '2031-04-07',
      utcDateTime: new Date('2031-04-07T14:00:00Z'),
      assignedHostId: host.userId,
      bookingStatus: 'cancelled',
    });
    const others = await createBooking(t.db, { date: '2031-04-08', utcDateTime: new Date('2031-04-08T14:00:00Z'), assignedHostId: other.id });

    expect(calendarFeedStateResponse.parse((await host.get('/api/host/calendar-feed')).json())).toEqual({ feed: null });
    const url = await makeFeed(host);
    // The owner sees it is on; the URL itself is shown only once (only a hash is kept).
    expect(calendarFeedStateResponse.parse((await host.get('/api/host/calendar-feed')).json()).feed).toMatchObject({ url: null });

    // A calendar app reads it with no session at all.
    const res = await (await t.visitor()).get(pathOf(url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const events = parse(res.body);
    const uids = events.map((e) => e.uid);
    expect(uids).toEqual([`booking-${paid.id}@hatch.example`, `booking-${lead.id}@hatch.example`]);
    expect(uids).not.toContain(`booking-${cancelled.id}@hatch.example`);
    expect(uids).not.toContain(`booking-${others.id}@hatch.example`);
    const tokyo = events[0];
    expect(tokyo?.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Asia/Tokyo');
    expect(tokyo?.startDate.toJSDate().toISOString()).toBe('2031-04-05T01:30:00.000Z');
    expect(tokyo?.location).toBe('Hachiko statue');
    expect(tokyo?.description).toContain(`Booking ${gameCode}`);
    expect(res.body).not.toContain(paid.manageKey);
    expect(events[1]?.description).toContain(`Booking ${lead.tempCode}`);
  });

  it('regenerating replaces the URL and revoking ends it: the old URLs answer 404', async () => {
    const host = await t.as('host');
    await createBooking(t.db, { date: '2031-05-01', utcDateTime: new Date('2031-05-01T14:00:00Z'), assignedHostId: host.userId });
    const first = await makeFeed(host);
    const second = await makeFeed(host);
    expect(second).not.toBe(first);
    const visitor = await t.visitor();
    expect((await visitor.get(pathOf(first))).statusCode).toBe(404);
    expect((await visitor.get(pathOf(second))).statusCode).toBe(200);

    const revoked = await host.delete('/api/host/calendar-feed');
    expect(revoked.statusCode).toBe(200);
    expect((await visitor.get(pathOf(second))).statusCode).toBe(404);
    expect(calendarFeedStateResponse.parse((await host.get('/api/host/calendar-feed')).json())).toEqual({ feed: null });
  });

  it("an admin's feed holds every open game; only staff may make one", async () => {
    const admin = await t.as('admin');
    const b = await createBooking(t.db, { date: '2031-06-01', utcDateTime: new Date('2031-06-01T14:00:00Z') });
    const events = parse((await (await t.visitor()).get(pathOf(await makeFeed(admin)))).body);
    expect(events.map((e) => e.uid)).toContain(`booking-${b.id}@hatch.example`);

    expect((await (await t.visitor()).post('/api/host/calendar-feed')).statusCode).toBe(401);
    expect((await (await t.as('user')).post('/api/host/calendar-feed')).statusCode).toBe(403);
    expect((await (await t.visitor()).get('/api/calendar-feeds/this-is-not-a-feed-secret-at-all-000/hatch.ics')).statusCode).toBe(404);
  });

  it('a host whose role is taken away reads nothing from their old feed', async () => {
    const admin = await t.as('admin');
    const host = await t.as('host');
    const url = await makeFeed(host);
    const demoted = await admin.patch(`/api/admin/users/${host.userId}/roles`, { is_admin: false, is_host: false });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await (await t.visitor()).get(pathOf(url))).statusCode).toBe(404);
  });
});
