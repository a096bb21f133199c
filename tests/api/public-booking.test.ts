import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { bookingBody } from '../../scripts/booking-body';
import { bookingChanges, bookings, pricingHistory } from '../../src/server/domains/booking/tables/bookings';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { priceList } from '../../src/server/domains/catalogue/tables/pricing';
import type { CreateBookingInput } from '../../src/shared/api/public-booking';
import { ONE_LINE_MESSAGE } from '../../src/shared/validation/text-rules';
import { SELECTABLE_TIMEZONES, todayIn, utcToLocal } from '../../src/shared/time';
import { createBookingRecord, type NewBookingInput } from '../../src/server/domains/booking/booking-create';
import { loadBookingAggregate } from '../../src/server/domains/booking/booking-record';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://play.hatch.test' });
});
afterAll(async () => t.close());

/** A valid wizard state (unique email) for a game on 15 June 2030, with the test's own changes. */
function wizardState(overrides: Record<string, unknown> = {}): CreateBookingInput & Record<string, unknown> {
  return bookingBody({ date: '2030-06-15', ...overrides });
}

// Each booking comes from its own loopback address, so this file's many bookings stay under the per-address
// creation limit (0180), which tests/api/abuse-limits.test.ts covers.
let bookingsMade = 0;
async function create(agent: Agent, overrides: Record<string, unknown> = {}, headers?: Record<string, string>) {
  bookingsMade += 1;
  const remoteAddress = `127.0.${Math.floor(bookingsMade / 250)}.${(bookingsMade % 250) + 1}`;
  return agent.inject({ method: 'POST', url: '/api/bookings', payload: wizardState(overrides), ...(headers ? { headers } : {}), remoteAddress });
}

async function bookingRow(id: number) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error('no booking');
  return row;
}

describe('POST /api/bookings', () => {
  it('creates an enquiry priced by the server, with a temp code and the UTC moment', async () => {
    const agent = await t.visitor();
    const res = await create(agent, { players: 10, price_per_person: 1, total_price: 2, add_ons_total: 0, booking_status: 'paid' });
    expect(res.statusCode).toBe(201);
    const { booking } = res.json();
    expect(booking).toMatchObject({
      players: 10,
      price_per_person: 15,
      add_ons_total: 0,
      total_price: 150,
      booking_status: 'enquiry',
      code_type: 'temp',
      hosted: false,
      utcDateTime: '2030-06-15T14:00:00.000Z',
      game_activated: false,
      added_challenges: [],
      version: 1,
    });
    expect(booking.temp_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(booking.code).toBe(booking.temp_code);
    const row = await bookingRow(booking.id);
    expect(row.createdBySession).toMatch(/^[0-9a-f]{64}$/);
    expect(row.referralSource).toBe('Google search');
  });

  it('adds the hosted add-on once, flat, and marks the booking hosted', async () => {
    const res = await create(await t.visitor(), { players: 12, plan_type: 'pro', add_ons: ['hosted'] });
    expect(res.statusCode).toBe(201);
    expect(res.json().booking).toMatchObject({ price_per_person: 20, add_ons_total: 300, total_price: 540, hosted: true, add_ons: ['hosted'] });
  });

  it('makes a bespoke game hosted without the add-on', async () => {
    const res = await create(await t.visitor(), { plan_type: 'bespoke' });
    expect(res.json().booking).toMatchObject({ plan_type: 'bespoke', hosted: true, price_per_person: 25, total_price: 200 });
  });

  it('prices in the chosen currency', async () => {
    const res = await create(await t.visitor(), { currency: 'USD', players: 4 });
    expect(res.json().booking).toMatchObject({ currency: 'USD', price_per_person: 19, total_price: 76 });
  });

  it('uses the sale price from the price list', async () => {
    await t.db
      .update(priceList)
      .set({ salePriceMinor: 1200 })
      .where(and(eq(priceList.currency, 'EUR'), eq(priceList.itemType, 'standard')));
    const res = await create(await t.visitor(), { currency: 'EUR', players: 5 });
    expect(res.json().booking).toMatchObject({ price_per_person: 12, total_price: 60 });
    await t.db
      .update(priceList)
      .set({ salePriceMinor: null })
      .where(and(eq(priceList.currency, 'EUR'), eq(priceList.itemType, 'standard')));
  });

  it('stores every tracking field of the landing URL and the contact details', async () => {
    const tracking = {
      gclid: 'g-1',
      fbclid: 'fb-1',
      fbc: 'fb.1.2',
      li_fat_id: 'li-1',
      msclkid: 'ms-1',
      ttclid: 'tt-1',
      twclid: 'tw-1',
      pclid: 'p-1',
      snapclid: 'sn-1',
      dclid: 'd-1',
      rdt_cid: 'r-1',
      utm_source: 'instagram',
      utm_medium: 'social',
      utm_campaign: 'spring',
      utm_term: 'team games',
      utm_content: 'reel',
    };
    const res = await create(await t.visitor(), { ...tracking, full_name: '  Ada Lovelace ', phone: '+44 20 7946 0000', company_name: 'Engines Ltd' });
    expect(res.statusCode).toBe(201);
    const row = await bookingRow(res.json().booking.id);
    expect(row).toMatchObject({
      gclid: 'g-1',
      fbclid: 'fb-1',
      fbc: 'fb.1.2',
      liFatId: 'li-1',
      msclkid: 'ms-1',
      ttclid: 'tt-1',
      twclid: 'tw-1',
      pclid: 'p-1',
      snapclid: 'sn-1',
      dclid: 'd-1',
      rdtCid: 'r-1',
      utmSource: 'instagram',
      utmMedium: 'social',
      utmCampaign: 'spring',
      utmTerm: 'team games',
      utmContent: 'reel',
      fullName: 'Ada Lovelace',
      tel: '+44 20 7946 0000',
      companyName: 'Engines Ltd',
    });
    // The booker's own view carries no tracking.
    expect(res.json().booking).not.toHaveProperty('gclid');
  });

  it('writes the first pricing history entry', async () => {
    const res = await create(await t.visitor(), { players: 6, plan_type: 'pro' });
    const history = await t.db.select().from(pricingHistory).where(eq(pricingHistory.bookingId, res.json().booking.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ planType: 'pro', pricePerPersonMinor: 2000, players: 6, totalPriceMinor: 12_000, addOns: [] });
  });

  it('queues the confirmation mail with the summary and the manage link', async () => {
    const res = await create(await t.visitor(), { players: 9, add_ons: ['hosted'], full_name: 'Grace' });
    const { booking } = res.json();
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, booking.email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.status).toBe('stored');
    expect(mail.kind).toBe('booking_confirmation');
    expect(mail.text).toContain(`https://play.hatch.test/manage/${booking.manage_key}`);
    for (const part of [
      'Saturday 15 June 2030',
      '15:00 (London time)',
      'City: London',
      'Players: 9',
      'Game type: Standard',
      'Add-ons: In-Person Host',
      '£15 per person × 9 players: £135',
      'Add-ons total: £300',
      'Total: £435',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain(`href="https://play.hatch.test/manage/${booking.manage_key}"`);
  });

  describe("validation, with the wizard's messages", () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['players not a number', { players: 'abc' }, 'players', 'Please enter a valid number between 2 and 200'],
      ['players fractional', { players: 2.5 }, 'players', 'Please enter a valid number between 2 and 200'],
      ['players missing', { players: undefined }, 'players', 'Please enter a valid number between 2 and 200'],
      ['one player', { players: 1 }, 'players', 'Please enter a minimum of 2 players'],
      ['201 players', { players: 201 }, 'players', 'Please contact us if you have more than 200 players'],
      ['no city', { city: '' }, 'city', 'Please select a city to continue'],
      ['blank city', { city: '   ' }, 'city', 'Please select a city to continue'],
      ['no location', { initial_area_lat: undefined }, 'initial_area_lat', 'Please select a city to continue'],
      ['zero location', { initial_area_lat: 0, initial_area_lng: 0 }, 'city', 'Please select a city to continue'],
      ['no email', { email: '' }, 'email', 'Email address is required'],
      ['missing email', { email: undefined }, 'email', 'Email address is required'],
      ['email without dot', { email: 'a@b' }, 'email', 'Please enter a valid email address'],
      ['email with space', { email: 'a b@c.de' }, 'email', 'Please enter a valid email address'],
      ['no date', { date: undefined }, 'date', 'Please choose a date'],
      ['malformed date', { date: '15/06/2030' }, 'date', 'Invalid date/time'],
      ['impossible date', { date: '2030-02-30' }, 'date', 'Invalid date/time'],
      ['past date', { date: '2020-01-01' }, 'date', 'Please choose a date that is not in the past'],
      ['no meeting time', { meeting_time: undefined }, 'meeting_time', 'Please choose a meeting time'],
      ['hour 24', { meeting_time: { hour: 24, minute: 0 } }, 'meeting_time.hour', 'Invalid date/time'],
      ['minute 60', { meeting_time: { hour: 10, minute: 60 } }, 'meeting_time.minute', 'Invalid date/time'],
      ['a time skipped by the clock change', { date: '2030-03-31', meeting_time: { hour: 1, minute: 30 } }, 'meeting_time', 'Invalid date/time'],
      ['unknown zone', { timezone: 'Mars/Olympus' }, 'timezone', 'Please choose a valid time zone'],
    ];
    it.each(cases)('%s → 422 on %s', async (_name, overrides, field, message) => {
      const res = await create(await t.visitor(), overrides);
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(body.errors[field]).toEqual([message]);
      expect(body.message).toBeTypeOf('string');
    });

    it('refuses an unknown plan or add-on and an inactive plan', async () => {
      expect((await create(await t.visitor(), { plan_type: 'gold' })).json().errors).toHaveProperty('plan_type');
      expect((await create(await t.visitor(), { add_ons: ['limo'] })).json().errors).toHaveProperty('add_ons.0');
      await t.db
        .update(priceList)
        .set({ isActive: false })
        .where(and(eq(priceList.currency, 'GBP'), eq(priceList.itemType, 'bespoke')));
      const res = await create(await t.visitor(), { plan_type: 'bespoke' });
      await t.db
        .update(priceList)
        .set({ isActive: true })
        .where(and(eq(priceList.currency, 'GBP'), eq(priceList.itemType, 'bespoke')));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ plan_type: ['This game type is not available.'] });
    });

    it('refuses a line break or control character in every one-line field (issue 36: forged lines in the mail), storing and mailing nothing', async () => {
      const forged = 'London\r\nBcc: everyone@example.test\r\nSubject: Refund approved';
      const oneLine = ['city', 'full_name', 'phone', 'company_name', 'referral_source', 'discount_code', 'initial_area_id', 'utm_source'];
      for (const field of oneLine) {
        const email = `one-line-${field.replaceAll('_', '-')}@example.test`;
        const res = await create(await t.visitor(), { email, [field]: field === 'phone' ? '0123\n456' : forged });
        expect({ field, status: res.statusCode, errors: res.json().errors }).toEqual({ field, status: 422, errors: { [field]: [ONE_LINE_MESSAGE] } });
        expect(await t.db.select().from(bookings).where(eq(bookings.email, email))).toHaveLength(0);
        expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(0);
      }
      // A tab, a lone CR and the Unicode line separator are control characters too; a pasted trailing newline is trimmed.
      for (const city of ['Lon\tdon', 'London\rBcc: x', 'London\u2028Bcc: x']) {
        expect((await create(await t.visitor(), { city })).json().errors).toEqual({ city: [ONE_LINE_MESSAGE] });
      }
      const pasted = await create(await t.visitor(), { city: 'London\n' });
      expect(pasted.statusCode).toBe(201);
      expect(pasted.json().booking.city).toBe('London');
      // The same on a change.
      const agent = await t.visitor();
      const { booking } = (await create(agent)).json();
      const patched = await agent.patch(`/api/bookings/${booking.id}`, { city: forged, full_name: 'Grace\nHopper' });
      expect({ status: patched.statusCode, errors: patched.json().errors }).toEqual({
        status: 422,
        errors: { city: [ONE_LINE_MESSAGE], full_name: [ONE_LINE_MESSAGE] },
      });
      expect((await bookingRow(booking.id)).city).toBe(booking.city);
    });

    it('creates nothing on invalid input', async () => {
      const email = 'never-created@example.test';
      await create(await t.visitor(), { email, players: 1 });
      expect(await t.db.select().from(bookings).where(eq(bookings.email, email))).toHaveLength(0);
    });

    it('refuses a request without the CSRF token', async () => {
      const agent = await t.visitor();
      const res = await agent.inject({ method: 'POST', url: '/api/bookings', payload: wizardState(), csrf: false });
      expect(res.statusCode).toBe(419);
    });
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer to a sequential retry and creates one booking', async () => {
    const agent = await t.visitor();
    const body = wizardState();
    const first = await agent.post('/api/bookings', body, { 'idempotency-key': 'retry-key-1' });
    const second = await agent.post('/api/bookings', body, { 'idempotency-key': 'retry-key-1' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(
      await t.db
        .select()
        .from(bookings)
        .where(eq(bookings.email, String(body.email))),
    ).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, String(body.email))),
    ).toHaveLength(1);
  });

  it('creates exactly one booking for 20 concurrent requests with one key', { tags: ['postgres'] }, async () => {
    const agent = await t.visitor();
    const body = wizardState();
    const answers = await Promise.all(Array.from({ length: 20 }, () => agent.post('/api/bookings', body, { 'idempotency-key': 'concurrent-key' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((a) => a.json().booking.id));
    expect(ids.size).toBe(1);
    expect(
      await t.db
        .select()
        .from(bookings)
        .where(eq(bookings.email, String(body.email))),
    ).toHaveLength(1);
  });

  it('refuses the same key with a different body, and the same key from another visitor', async () => {
    const agent = await t.visitor();
    const first = await agent.post('/api/bookings', wizardState(), { 'idempotency-key': 'reused-key' });
    expect(first.statusCode).toBe(201);
    const changed = await agent.post('/api/bookings', wizardState({ players: 9 }), { 'idempotency-key': 'reused-key' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().message).toBe('This Idempotency-Key was already used for a different request.');
    const other = await (await t.visitor()).post('/api/bookings', wizardState(), { 'idempotency-key': 'reused-key' });
    expect(other.statusCode).toBe(422);
  });

  it('does not store a refused request: the corrected retry with the same key succeeds', async () => {
    const agent = await t.visitor();
    const bad = await agent.post('/api/bookings', wizardState({ players: 1 }), { 'idempotency-key': 'fix-and-retry' });
    expect(bad.statusCode).toBe(422);
    const good = await agent.post('/api/bookings', wizardState(), { 'idempotency-key': 'fix-and-retry' });
    expect(good.statusCode).toBe(201);
  });

  it('refuses a malformed key', async () => {
    const res = await (await t.visitor()).post('/api/bookings', wizardState(), { 'idempotency-key': 'x'.repeat(300) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('idempotency_key');
  });
});

describe('PATCH /api/bookings/:id', () => {
  async function created(agent: Agent, overrides: Record<string, unknown> = {}) {
    const res = await create(agent, overrides);
    expect(res.statusCode).toBe(201);
    return res.json().booking as { id: number; temp_code: string; email: string; version: number };
  }

  it('lets the creating session change players, plan and add-ons, repricing and recording the change', async () => {
    const agent = await t.visitor();
    const booking = await created(agent);
    const res = await agent.patch(`/api/bookings/${booking.id}`, { players: 20, plan_type: 'pro', add_ons: ['hosted'], total_price: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({
      players: 20,
      plan_type: 'pro',
      price_per_person: 20,
      add_ons_total: 300,
      total_price: 700,
      hosted: true,
      version: 2,
    });

    const history = await t.db.select().from(pricingHistory).where(eq(pricingHistory.bookingId, booking.id)).orderBy(asc(pricingHistory.id));
    expect(history.map((h) => [h.planType, h.players, h.totalPriceMinor])).toEqual([
      ['standard', 8, 12_000],
      ['pro', 20, 70_000],
    ]);
    const changes = await t.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id));
    expect(changes).toHaveLength(1);
    expect(changes[0]!.source).toBe('booker');
    expect(changes[0]!.fields).toEqual({
      players: { from: 8, to: 20 },
      plan_type: { from: 'standard', to: 'pro' },
      add_ons: { from: [], to: ['hosted'] },
    });
  });

  it('removing the hosted add-on makes a standard game self-run again', async () => {
    const agent = await t.visitor();
    const booking = await created(agent, { add_ons: ['hosted'] });
    const res = await agent.patch(`/api/bookings/${booking.id}`, { add_ons: [] });
    expect(res.json().booking).toMatchObject({ hosted: false, add_ons_total: 0, total_price: 120 });
  });

  it('keeps hosted on the shared rule through plan changes: bespoke or the paid host add-on, nothing else', async () => {
    const agent = await t.visitor();
    const booking = await created(agent, { plan_type: 'pro' });
    const steps: [Record<string, unknown>, { hosted: boolean; add_ons_total: number }][] = [
      [{ plan_type: 'bespoke' }, { hosted: true, add_ons_total: 0 }],
      [{ plan_type: 'standard' }, { hosted: false, add_ons_total: 0 }],
      [{ add_ons: ['hosted'] }, { hosted: true, add_ons_total: 300 }],
      [
        { plan_type: 'bespoke', add_ons: [] },
        { hosted: true, add_ons_total: 0 },
      ],
      [
        { plan_type: 'pro', hosted: true },
        { hosted: false, add_ons_total: 0 },
      ],
    ];
    for (const [change, expected] of steps) {
      const res = await agent.patch(`/api/bookings/${booking.id}`, change);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().booking, JSON.stringify(change)).toMatchObject(expected);
    }
  });

  it('changes contact details, date and time without a pricing entry, recomputing the UTC moment', async () => {
    const agent = await t.visitor();
    const booking = await created(agent);
    const res = await agent.patch(`/api/bookings/${booking.id}`, {
      full_name: 'Ada',
      phone: '0123',
      company_name: 'Engines',
      referral_source: 'Other: a friend',
      date: '2030-12-01',
      meeting_time: { hour: 9, minute: 30 },
      timezone: 'America/New_York',
      city: 'New York',
      initial_area_lat: 40.71427,
      initial_area_lng: -74.00597,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({
      full_name: 'Ada',
      tel: '0123',
      company_name: 'Engines',
      referral_source: 'Other: a friend',
      date: '2030-12-01',
      meeting_time: { hour: 9, minute: 30 },
      timezone: 'America/New_York',
      utcDateTime: '2030-12-01T14:30:00.000Z',
      city: 'New York',
      total_price: 120,
    });
    expect(await t.db.select().from(pricingHistory).where(eq(pricingHistory.bookingId, booking.id))).toHaveLength(1);
    // Blank clears an optional field.
    const cleared = await agent.patch(`/api/bookings/${booking.id}`, { company_name: '' });
    expect(cleared.json().booking.company_name).toBeNull();
  });

  it('revalidates date, time and zone together', async () => {
    const agent = await t.visitor();
    const booking = await created(agent);
    const past = await agent.patch(`/api/bookings/${booking.id}`, { date: '2020-01-01' });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ date: ['Please choose a date that is not in the past'] });
    const gap = await agent.patch(`/api/bookings/${booking.id}`, { date: '2030-03-31', meeting_time: { hour: 1, minute: 30 } });
    expect(gap.json().errors).toEqual({ meeting_time: ['Invalid date/time'] });
    const players = await agent.patch(`/api/bookings/${booking.id}`, { players: 250 });
    expect(players.json().errors).toEqual({ players: ['Please contact us if you have more than 200 players'] });
    expect((await bookingRow(booking.id)).version).toBe(1);
  });

  it('refuses a meeting time that has already passed today, on create and on change (422, nothing stored)', async () => {
    // A zone where it is at least 01:00 now, so 'an hour ago' is still today there.
    const now = new Date();
    const zone = SELECTABLE_TIMEZONES.map((z) => z.zone).find((z) => (utcToLocal(now.toISOString(), z)?.time.hour ?? 0) >= 1) ?? 'UTC';
    const local = utcToLocal(new Date(now.getTime() - 60 * 60_000).toISOString(), zone);
    if (!local || local.date !== todayIn(zone, now)) throw new Error('no zone where an hour ago is today');
    const agent = await t.visitor();
    const refused = await agent.post('/api/bookings', bookingBody({ date: local.date, meeting_time: local.time, timezone: zone }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ meeting_time: ['Please choose a meeting time in the future'] });
    const booking = await created(agent);
    const moved = await agent.patch(`/api/bookings/${booking.id}`, { date: local.date, meeting_time: local.time, timezone: zone });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({ meeting_time: ['Please choose a meeting time in the future'] });
    expect((await bookingRow(booking.id)).version).toBe(1);
  });

  it('accepts the temp code in X-Booking-Code from another browser, any case', async () => {
    const booking = await created(await t.visitor());
    const other = await t.visitor();
    const res = await other.patch(`/api/bookings/${booking.id}`, { players: 12 }, { 'x-booking-code': booking.temp_code.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.players).toBe(12);
  });

  it("answers 404 to another visitor, a wrong code, or another booking's code", async () => {
    const booking = await created(await t.visitor());
    const otherBooking = await created(await t.visitor());
    const stranger = await t.visitor();
    for (const headers of [undefined, { 'x-booking-code': 'WRONGCODE000' }, { 'x-booking-code': otherBooking.temp_code }]) {
      const res = await stranger.patch(`/api/bookings/${booking.id}`, { players: 3 }, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Booking not found', code: 'not_found' });
    }
    expect((await stranger.patch('/api/bookings/999999', { players: 3 })).statusCode).toBe(404);
    expect((await bookingRow(booking.id)).players).toBe(8);
  });

  it('accepts the management key of a paid booking, but then only contact details', async () => {
    const { booking, gameCode } = await createPaidBooking(t.db);
    const agent = await t.visitor();
    const headers = { 'x-manage-key': booking.manageKey };
    const contact = await agent.patch(`/api/bookings/${booking.id}`, { full_name: 'Paid Person', phone: '999' }, headers);
    expect(contact.statusCode).toBe(200);
    expect(contact.json().booking).toMatchObject({ full_name: 'Paid Person', tel: '999', code: gameCode, code_type: 'game' });
    const price = await agent.patch(`/api/bookings/${booking.id}`, { players: 30, date: '2030-07-01' }, headers);
    expect(price.statusCode).toBe(422);
    expect(price.json().errors).toEqual({
      players: ['This booking is paid: please contact us to change it.'],
      date: ['This booking is paid: please contact us to change it.'],
    });
    // Sending back unchanged values (the whole wizard state) is fine.
    const same = await agent.patch(`/api/bookings/${booking.id}`, { players: booking.players, plan_type: 'standard' }, headers);
    expect(same.statusCode).toBe(200);
  });

  it('refuses the game code (the players’ join code), and the temp code once paid: 404, nothing changes', async () => {
    const { booking, gameCode } = await createPaidBooking(t.db, { fullName: 'Olive' });
    const agent = await t.visitor();
    for (const code of [gameCode, gameCode.toLowerCase(), booking.tempCode]) {
      const res = await agent.patch(`/api/bookings/${booking.id}`, { full_name: 'Mallory' }, { 'x-booking-code': code });
      expect(res.statusCode).toBe(404);
    }
    const other = await createBooking(t.db);
    expect((await agent.patch(`/api/bookings/${booking.id}`, { full_name: 'Mallory' }, { 'x-manage-key': other.manageKey })).statusCode).toBe(404);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]?.fullName).toBe('Olive');
  });

  it('refuses a stale version with 409 and changes nothing on an empty edit', async () => {
    const agent = await t.visitor();
    const booking = await created(agent);
    expect((await agent.patch(`/api/bookings/${booking.id}`, { players: 9, version: 1 })).statusCode).toBe(200);
    const stale = await agent.patch(`/api/bookings/${booking.id}`, { players: 10, version: 1 });
    expect(stale.statusCode).toBe(409);
    const noop = await agent.patch(`/api/bookings/${booking.id}`, {});
    expect(noop.json().booking.version).toBe(2);
  });
});

describe('GET /api/booking/:code', () => {
  it('loads by temp code, any case', async () => {
    const row = await createBooking(t.db);
    const res = await t.app.inject({ method: 'GET', url: `/api/booking/${row.tempCode.toLowerCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({
      id: row.id,
      code: row.tempCode,
      code_type: 'temp',
      utcDateTime: '2030-06-15T14:00:00.000Z',
      added_challenges: [],
      game_activated: false,
    });
  });

  it('gives the temp code alone the facts and the price, never the management key, email, phone or name (issue 36, decision 0526)', async () => {
    const agent = await t.visitor();
    const made = await create(agent, { full_name: 'Grace Hopper', phone: '+44 7700 900321', company_name: 'Navy' });
    const { booking } = made.json();
    const stranger = await t.app.inject({ method: 'GET', url: `/api/booking/${booking.temp_code}` });
    expect(stranger.statusCode).toBe(200);
    const seen = stranger.json().booking;
    expect(seen).toMatchObject({ access: 'temp', code: booking.temp_code, code_type: 'temp', total_price: booking.total_price, city: booking.city });
    const text = stranger.body;
    for (const secret of [booking.manage_key, booking.email, '+44 7700 900321', 'Grace Hopper', 'Navy']) expect(text).not.toContain(secret);
    for (const field of ['manage_key', 'email', 'tel', 'full_name', 'company_name']) expect(seen).not.toHaveProperty(field);
    // The browser that made it, and the management key anywhere, still read the organiser's view.
    const own = (await agent.get(`/api/booking/${booking.temp_code}`)).json().booking;
    expect(own).toMatchObject({ manage_key: booking.manage_key, email: booking.email, tel: '+44 7700 900321' });
    const keyed = await t.app.inject({ method: 'GET', url: `/api/booking/${booking.temp_code}`, headers: { 'x-manage-key': booking.manage_key } });
    expect(keyed.json().booking).toMatchObject({ manage_key: booking.manage_key, email: booking.email });
    // A wrong key is no key.
    const wrong = await t.app.inject({ method: 'GET', url: `/api/booking/${booking.temp_code}`, headers: { 'x-manage-key': `${booking.manage_key}x` } });
    expect(wrong.json().booking).toMatchObject({ access: 'temp' });
  });

  it("loads by game code, with the game's challenges: the public view, or the organiser's with the key", async () => {
    const { booking, gameCode } = await createPaidBooking(t.db);
    const res = await t.app.inject({ method: 'GET', url: `/api/booking/${gameCode}` });
    expect(res.statusCode).toBe(200);
    const body = res.json().booking;
    expect(body).toMatchObject({ access: 'public', code: gameCode, code_type: 'game', game_activated: false });
    expect(body).not.toHaveProperty('email');
    const full = await t.app.inject({ method: 'GET', url: `/api/booking/${gameCode}`, headers: { 'x-manage-key': booking.manageKey } });
    expect(full.json().booking).toMatchObject({ id: booking.id, code: gameCode, code_type: 'game', booking_status: 'paid', email: booking.email });
    // Once paid, the temp code shows the public view too: the game is managed with the key.
    expect((await t.app.inject({ method: 'GET', url: `/api/booking/${booking.tempCode}` })).json().booking).toMatchObject({ access: 'public', code: gameCode });
    expect(Array.isArray(body.added_challenges)).toBe(true);
    expect(body.added_challenges.length).toBeGreaterThan(0);
  });

  it('answers 404 to an unknown code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/booking/NOSUCHCODE00' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Booking not found', code: 'not_found' });
  });

  it('limits look-ups per IP to 60 a minute with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 61; i++) {
      last = await t.app.inject({ method: 'GET', url: `/api/booking/GUESS${i}`, remoteAddress: '203.0.113.9' });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await t.app.inject({ method: 'GET', url: '/api/booking/GUESS', remoteAddress: '203.0.113.10' })).statusCode).toBe(404);
  });
});

describe('createBookingRecord (shared with the admin create-booking call)', () => {
  const input = (overrides: Partial<NewBookingInput> = {}): NewBookingInput => ({
    players: 10,
    date: '2020-05-01',
    meetingTime: { hour: 10, minute: 0 },
    timezone: 'Europe/London',
    city: 'Leeds',
    initialArea: { id: null, lat: 53.79648, lng: -1.54785, radius: 1000 },
    planType: 'standard',
    addOns: [],
    currency: 'GBP',
    email: 'lead@example.test',
    contact: { full_name: 'Lead Person', phone: null, company_name: 'Leads Ltd', referral_source: null },
    duration: 120,
    bookingStatus: 'lead',
    createdBySession: null,
    tracking: { utm_source: 'manual_created', utm_medium: 'admin' },
    ...overrides,
  });

  it('creates a lead, may allow a past date for staff, charges the host of a hosted game, and writes pricing history', async () => {
    const { id } = await t.db.transaction((tx) => createBookingRecord(tx, input({ hosted: true, addOns: ['hosted'] }), { allowPastDate: true }));
    const row = await bookingRow(id);
    expect(row).toMatchObject({
      bookingStatus: 'lead',
      hosted: true,
      utmSource: 'manual_created',
      utmMedium: 'admin',
      totalPriceMinor: 45_000,
      createdBySession: null,
    });
    expect(row.utcDateTime?.toISOString()).toBe('2020-05-01T09:00:00.000Z');
    expect(await t.db.select().from(pricingHistory).where(eq(pricingHistory.bookingId, id))).toHaveLength(1);
  });

  it('hands back the new booking exactly as a read in the same transaction would load it', async () => {
    const [created, loaded] = await t.db.transaction(async (tx) => {
      const made = await createBookingRecord(tx, input({ hosted: true, addOns: ['hosted'] }), { allowPastDate: true });
      return [made, await loadBookingAggregate(tx, { id: made.id })] as const;
    });
    expect(loaded).toBeDefined();
    expect(created.aggregate).toEqual(loaded);
  });

  it('refuses a hosted flag that neither the plan nor a charged add-on pays for', async () => {
    await expect(t.db.transaction((tx) => createBookingRecord(tx, input({ date: '2031-05-01', hosted: true })))).rejects.toMatchObject({
      statusCode: 422,
      errors: { hosted: ['A hosted game needs the In-Person Host add-on or the Bespoke plan'] },
    });
  });

  it('refuses a past date unless allowed, with the field errors', async () => {
    await expect(t.db.transaction((tx) => createBookingRecord(tx, input()))).rejects.toMatchObject({
      statusCode: 422,
      errors: { date: ['Please choose a date that is not in the past'] },
    });
  });
});
