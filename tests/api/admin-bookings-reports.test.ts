import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { bookings, contactHistory } from '../../src/server/domains/booking/tables/bookings';
import { bookingPayments } from '../../src/server/domains/commerce/tables/ledger';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { newTempCode } from '../../src/server/platform/codes';
import { adminBookingResponse, adminBookingSchema } from '../../src/shared/api/booking';
import { calendarResponse, enquiryLeadResponse, type AdminCreateBookingInput } from '../../src/shared/api/admin-bookings';
import { todayIn } from '../../src/shared/time';
import { parseCsv } from '../support/csv';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

describe('calendar', () => {
  let junePaid: number[] = [];
  let earlyCode = '';
  beforeAll(async () => {
    const a = await createPaidBooking(t.db, { fullName: 'June Early', date: '2031-06-01', hosted: true, players: 12 });
    const b = await createPaidBooking(t.db, { fullName: 'June Late', date: '2031-06-30', players: 6 });
    await createPaidBooking(t.db, { fullName: 'July First', date: '2031-07-01' });
    await createBooking(t.db, { fullName: 'June Enquiry', date: '2031-06-12' });
    await createBooking(t.db, { fullName: 'June Completed', date: '2031-06-15', bookingStatus: 'completed' });
    junePaid = [a.booking.id, b.booking.id];
    earlyCode = a.gameCode;
    // Payments, in London time: 00:30 on 1 June (BST) is 23:30 UTC on 31 May; 00:30 on 1 July is 23:30 UTC on 30 June.
    await t.db.insert(bookingPayments).values([
      { bookingId: a.booking.id, paymentType: 'card', paymentAmount: 10_000, createdAt: new Date('2031-05-31T23:30:00Z') },
      { bookingId: a.booking.id, paymentType: 'card', paymentAmount: 5_050, createdAt: new Date('2031-06-15T12:00:00Z') },
      { bookingId: b.booking.id, paymentType: 'bank', paymentAmount: 20_000, createdAt: new Date('2031-06-20T12:00:00Z') },
      { bookingId: b.booking.id, paymentType: 'bank', paymentAmount: 99_999, createdAt: new Date('2031-06-30T23:30:00Z') },
      { bookingId: b.booking.id, paymentType: 'bank', paymentAmount: 77_777, createdAt: new Date('2031-05-31T22:59:00Z') },
    ]);
  });

  it('lists paid and completed bookings by game date within the range, in date order', async () => {
    const res = await admin.get('/api/admin/bookings/calendar?start_date=2031-06-01&end_date=2031-06-30');
    expect(res.statusCode, res.body).toBe(200);
    const body = calendarResponse.parse(res.json());
    expect(body.bookings.map((b) => [b.full_name, b.date, b.players, b.hosted])).toEqual([
      ['June Early', '2031-06-01', 12, true],
      ['June Completed', '2031-06-15', 8, false],
      ['June Late', '2031-06-30', 6, false],
    ]);
    expect(body.bookings.map((b) => b.id)).toEqual(expect.arrayContaining(junePaid));
    expect(body.bookings[0]).toMatchObject({ code: earlyCode, booking_status: 'paid', meeting_time: { hour: 15, minute: 0 }, timezone: 'Europe/London' });
  });

  it('puts the three figures on one basis: the games on the calendar, what their payments hold, average = revenue / bookings', async () => {
    const range = 'start_date=2031-06-01&end_date=2031-06-30';
    const res = await admin.get(`/api/admin/bookings/calendar/metrics?${range}`);
    expect(res.statusCode, res.body).toBe(200);
    // June Early: £120 (fixture) + £100 + £50.50; June Late: £120 + £200 + £999.99 + £777.77, whenever paid;
    // June Completed has no payments but is one of the three games (decision 0150).
    expect(res.json()).toEqual({
      total_bookings: 3,
      total_revenue: 2368.26,
      average_booking_value: 789.42,
      revenue: [{ currency: 'GBP', bookings: 3, received: 2368.26, refunded: 0, net: 2368.26, average: 789.42, discounts: 0 }],
    });
    const list = calendarResponse.parse((await admin.get(`/api/admin/bookings/calendar?${range}`)).json());
    expect(list.bookings).toHaveLength(3);
    const empty = await admin.get('/api/admin/bookings/calendar/metrics?start_date=2032-01-01&end_date=2032-01-31');
    expect(empty.json()).toEqual({ total_bookings: 0, total_revenue: 0, average_booking_value: 0, revenue: [] });
  });

  it('refuses reversed, malformed, impossible and too long ranges with 422', async () => {
    for (const q of [
      'start_date=2031-06-30&end_date=2031-06-01',
      'start_date=2031-6-1&end_date=2031-06-30',
      'start_date=2031-02-30&end_date=2031-03-30',
      'start_date=2031-01-01&end_date=2031-12-31',
      'end_date=2031-06-30',
      'start_date=8990-12-25&end_date=0371-06-62',
      'start_date=1999-12-01&end_date=1999-12-31',
    ]) {
      const res = await admin.get(`/api/admin/bookings/calendar?${q}`);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 422 });
    }
  });
});

describe('enquiries and leads over time', () => {
  beforeAll(async () => {
    const lead = { utmSource: 'admin', utmMedium: 'manual_created' };
    // A payment converts the lead (booking-lifecycle.ts): paid bookings stay leads, with lead status 'converted'.
    const paid = { bookingStatus: 'paid' as const, leadStatus: 'converted' as const };
    // 23:30 UTC on 29 March 2029 is 00:30 on 30 March in London (BST since 25 March).
    await createBooking(t.db, { fullName: 'Chart Enquiry 1', createdAt: new Date('2029-03-29T23:30:00Z') });
    await createBooking(t.db, { fullName: 'Chart Lead 1', bookingStatus: 'lead', ...lead, createdAt: new Date('2029-03-30T10:00:00Z') });
    await createBooking(t.db, { fullName: 'Chart Lead 2 paid', ...paid, ...lead, createdAt: new Date('2029-04-02T10:00:00Z') });
    await createBooking(t.db, { fullName: 'Chart Enquiry 2 paid', ...paid, createdAt: new Date('2029-04-02T11:00:00Z') });
    // Trash is no lead and no enquiry (shared/leads.ts).
    await createBooking(t.db, { fullName: 'Chart Trash', leadStatus: 'trash', createdAt: new Date('2029-04-02T12:00:00Z') });
    await createBooking(t.db, { fullName: 'Chart Enquiry 3', createdAt: new Date('2029-04-10T09:00:00Z') });
  });

  const chart = async (q: string) => {
    const res = await admin.get(`/api/admin/bookings/enquiry-lead-metrics?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return enquiryLeadResponse.parse(res.json());
  };

  it('counts per London day, zero-filled, with yyyy-MM-dd keys: every lead, and the enquiries among them', async () => {
    const r = await chart('start_date=2029-03-28&end_date=2029-04-03&interval=daily');
    expect(r.data).toEqual([
      { date: '2029-03-28', enquiries: 0, leads: 0 },
      { date: '2029-03-29', enquiries: 0, leads: 0 },
      { date: '2029-03-30', enquiries: 1, leads: 2 },
      { date: '2029-03-31', enquiries: 0, leads: 0 },
      { date: '2029-04-01', enquiries: 0, leads: 0 },
      { date: '2029-04-02', enquiries: 1, leads: 2 },
      { date: '2029-04-03', enquiries: 0, leads: 0 },
    ]);
    expect(r.totals).toEqual({ enquiries: 2, leads: 4 });
  });

  it('counts per ISO week with yyyy-Www keys', async () => {
    const r = await chart('start_date=2029-03-28&end_date=2029-04-16&interval=weekly');
    expect(r.data).toEqual([
      { date: '2029-W13', enquiries: 1, leads: 2 },
      { date: '2029-W14', enquiries: 1, leads: 2 },
      { date: '2029-W15', enquiries: 1, leads: 1 },
      { date: '2029-W16', enquiries: 0, leads: 0 },
    ]);
    expect(r.totals).toEqual({ enquiries: 3, leads: 5 });
  });

  it('counts per month with yyyy-MM keys', async () => {
    const r = await chart('start_date=2029-01-15&end_date=2029-05-31&interval=monthly');
    expect(r.data).toEqual([
      { date: '2029-01', enquiries: 0, leads: 0 },
      { date: '2029-02', enquiries: 0, leads: 0 },
      { date: '2029-03', enquiries: 1, leads: 2 },
      { date: '2029-04', enquiries: 2, leads: 3 },
      { date: '2029-05', enquiries: 0, leads: 0 },
    ]);
  });

  it('refuses an unknown interval or a reversed range', async () => {
    expect((await admin.get('/api/admin/bookings/enquiry-lead-metrics?start_date=2029-01-01&end_date=2029-01-31&interval=hourly')).statusCode).toBe(422);
    expect((await admin.get('/api/admin/bookings/enquiry-lead-metrics?start_date=2029-02-01&end_date=2029-01-31&interval=daily')).statusCode).toBe(422);
    expect((await admin.get('/api/admin/bookings/enquiry-lead-metrics?start_date=8990-12-25&end_date=0371-06-62&interval=monthly')).statusCode).toBe(422);
    expect((await admin.get('/api/admin/bookings/calendar/metrics?start_date=2029-01-01&end_date=2029-02-30')).statusCode).toBe(422);
  });
});

describe('CSV export', () => {
  const exportRows = async (query = '') => {
    const res = await admin.get(`/api/admin/bookings/export${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    return { header: header!, rows, res };
  };
  const cellOf = (header: string[], row: string[], name: string) => {
    expect(header).toContain(name);
    return row[header.indexOf(name)];
  };

  it('downloads a dated CSV attachment with readable columns: labels, names, money with its currency, local dates, no JSON', async () => {
    const tricky = await createBooking(t.db, { fullName: 'O"Brien, Pat\nJr', companyName: '=HYPERLINK("x")', addOns: ['hosted'] });
    const ny = await createPaidBooking(
      t.db,
      {
        fullName: 'Nia York',
        email: 'nia@readable.test',
        planType: 'pro',
        addOns: ['hosted', { type: 'hosted', note: 'old shape' }],
        hosted: true,
        currency: 'USD',
        pricePerPersonMinor: 2500,
        addOnsTotalMinor: 38_000,
        totalPriceMinor: 138_000,
        players: 40,
        timezone: 'America/New_York',
        date: '2031-03-05',
        meetingTime: { hour: 9, minute: 5 },
        createdAt: new Date('2031-01-10T02:30:00Z'),
        meetingPointAddress: 'Bryant Park fountain',
        meetingPointStatus: 'confirmed',
        leadStatus: 'negotiating',
        utmSource: 'Instagram_Stories',
      },
      4_321,
    );
    await t.db.insert(contactHistory).values({ bookingId: ny.booking.id, type: 'phone', note: 'Called', createdAt: new Date('2031-01-12T15:00:00Z') });
    const { header, rows, res } = await exportRows();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="bookings-${todayIn('Europe/London')}.csv"`);
    expect(header.slice(0, 6)).toEqual(['ID', 'Game code', 'Temporary code', 'Created', 'Booking status', 'Lead status']);
    for (const raw of ['created_by_session', 'add_ons', 'meeting_time', 'pricing_history', 'payments_total']) expect(header).not.toContain(raw);
    const total = (await t.db.select({ n: sql<number>`count(*)::int` }).from(bookings))[0]!.n;
    expect(rows.length).toBe(total);

    const row = rows.find((r) => r[0] === String(ny.booking.id))!;
    const cell = (name: string) => cellOf(header, row, name);
    expect(cell('Game code')).toBe(ny.gameCode);
    expect(cell('Booking status')).toBe('Paid');
    // Paying converted the lead (0190).
    expect(cell('Lead status')).toBe('Converted');
    expect(cell('Plan')).toBe('Weapons');
    expect(cell('Hosted')).toBe('Yes');
    expect(cell('Add-ons')).toBe('In-Person Host, In-Person Host');
    expect(cell('Price per person')).toBe('$25.00');
    expect(cell('Add-ons total')).toBe('$380.00');
    expect(cell('Total price')).toBe('$1,380.00');
    expect(cell('Paid')).toBe('$43.21');
    // The booking's own time zone: 02:30 UTC on 10 January is 21:30 the evening before in New York.
    expect(cell('Created')).toBe('09/01/2031 21:30');
    expect(cell('Game date')).toBe('05/03/2031 09:05');
    expect(cell('Time zone')).toBe('America/New_York');
    expect(cell('Last contact')).toBe('12/01/2031 10:00');
    expect(cell('Meeting point')).toBe('Bryant Park fountain');
    expect(cell('Meeting point status')).toBe('Confirmed');
    expect(cell('Hiding spot status')).toBe('Not set');
    expect(cell('Source')).toBe('Instagram');
    expect(cell('Game activated')).toBe('No');
    for (const value of row) expect(value).not.toMatch(/^[[{]/);

    const mine = rows.find((r) => r[0] === String(tricky.id))!;
    expect(cellOf(header, mine, 'Name')).toBe('O"Brien, Pat\nJr');
    expect(cellOf(header, mine, 'Company')).toBe(`'=HYPERLINK("x")`);
    expect(cellOf(header, mine, 'Plan')).toBe('Standard');
    expect(cellOf(header, mine, 'Total price')).toBe('£120.00');
    expect(cellOf(header, mine, 'Paid')).toBe('£0.00');
    expect(cellOf(header, mine, 'Temporary code')).toBe(tricky.tempCode);
    expect(cellOf(header, mine, 'Created')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('exports what the list shows for the same filters (tab, sub-tab, metric filter, search), every page', async () => {
    const mk = (name: string, over: Parameters<typeof createBooking>[1] = {}) =>
      createBooking(t.db, { fullName: name, email: `${name.toLowerCase()}@filter.test`, ...over });
    await mk('Fenquiry');
    await mk('Flead', { bookingStatus: 'lead', leadStatus: 'contacted' });
    await mk('Flost', { bookingStatus: 'lead', leadStatus: 'lost' });
    await createPaidBooking(t.db, { fullName: 'Fpaidhost', email: 'fpaidhost@filter.test', hosted: true, addOns: ['hosted'] });
    await createPaidBooking(t.db, { fullName: 'Fpaid', email: 'fpaid@filter.test' });
    const names = async (query: string) => (await exportRows(query)).rows.map((r) => r[cellIndex('Name')]).sort();
    const header = (await exportRows('?search=filter.test')).header;
    const cellIndex = (name: string) => header.indexOf(name);
    const listed = async (query: string) => {
      const body = (await admin.get(`/api/admin/bookings?per_page=100&${query}`)).json() as { bookings: { full_name: string }[] };
      return body.bookings.map((b) => b.full_name).sort();
    };
    const cases: [string, string[]][] = [
      ['search=filter.test', ['Fenquiry', 'Flead', 'Flost', 'Fpaid', 'Fpaidhost']],
      ['search=filter.test&view=list&status=enquiry', ['Fenquiry']],
      ['search=filter.test&view=list&status=paid', ['Fpaid', 'Fpaidhost']],
      ['search=filter.test&view=list&status=need_hosts', ['Fpaidhost']],
      // Paid bookings are converted leads (0190), so the pipeline shows them too.
      ['search=filter.test&view=leads', ['Fenquiry', 'Flead', 'Flost', 'Fpaid', 'Fpaidhost']],
      ['search=filter.test&view=leads&lead_status=lost', ['Flost']],
      ['search=fpaidhost', ['Fpaidhost']],
    ];
    for (const [query, expected] of cases) {
      expect({ query, names: await names(`?${query}`) }).toEqual({ query, names: expected });
      expect({ query, names: await listed(query) }).toEqual({ query, names: expected });
    }
    // The legacy metric filter stands in for the status, as on the page.
    expect(await names('?search=filter.test&status=enquiry&filter=need_hosts')).toEqual(['Fpaidhost']);
    expect((await admin.get('/api/admin/bookings/export?status=nonsense')).statusCode).toBe(422);
    expect((await admin.get('/api/admin/bookings/export?filter=everything')).statusCode).toBe(422);
  });

  it('streams thousands of bookings across keyset pages, each once', async () => {
    const base = {
      initialAreaLat: 51.5,
      initialAreaLng: -0.12,
      players: 8,
      email: 'bulk@example.test',
      city: 'London',
      pricePerPersonMinor: 1500,
      totalPriceMinor: 12_000,
      meetingTime: { hour: 15, minute: 0 },
      date: '2030-01-01',
    };
    await t.db.insert(bookings).values(Array.from({ length: 2600 }, (_, i) => ({ ...base, fullName: `Bulk ${i}`, tempCode: newTempCode() })));
    const { rows } = await exportRows();
    const ids = rows.map((r) => r[0]);
    const total = (await t.db.select({ n: sql<number>`count(*)::int` }).from(bookings))[0]!.n;
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(total);
    const searched = await exportRows('?search=bulk%40example.test');
    expect(searched.rows).toHaveLength(2600);
  });
});

describe('POST /api/admin/bookings', () => {
  const future = '2031-09-15';
  const payload = (over: Partial<AdminCreateBookingInput> = {}): AdminCreateBookingInput => ({
    players: 10,
    date: future,
    meeting_time: { hour: 14, minute: 30 },
    timezone: 'Europe/London',
    hosted: false,
    full_name: 'Created By Staff',
    email: 'staff-made@example.test',
    phone: '+44 20 7946 0000',
    company_name: 'Initech',
    duration: 120,
    initial_area_radius: 1000,
    initial_area_lat: 51.5074,
    initial_area_lng: -0.1278,
    initial_area_id: null,
    booking_status: 'lead',
    utm_source: 'admin',
    utm_medium: 'manual_created',
    utm_campaign: 'manual_created',
    utm_term: 'manual_created',
    utm_content: 'manual_created',
    plan_type: 'pro',
    add_ons: ['hosted'],
    city: 'London',
    utcDateTime: '2031-09-15T13:30:00.000Z',
    ...over,
  });

  it('creates a lead priced from the price list, records the activity, and answers 201 with the booking', async () => {
    const res = await admin.post('/api/admin/bookings', payload());
    expect(res.statusCode, res.body).toBe(201);
    const { booking } = adminBookingResponse.parse(res.json());
    expect(adminBookingSchema.parse(booking)).toBeTruthy();
    expect(booking).toMatchObject({
      booking_status: 'lead',
      lead_status: 'new',
      players: 10,
      hosted: true,
      plan_type: 'pro',
      add_ons: ['hosted'],
      price_per_person: 20,
      add_ons_total: 300,
      total_price: 500,
      tel: '+44 20 7946 0000',
      company_name: 'Initech',
      utcDateTime: '2031-09-15T13:30:00.000Z',
      utm_source: 'admin',
      utm_medium: 'manual_created',
      code_type: 'temp',
    });
    expect(booking.pricing_history).toHaveLength(1);
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'booking.create'), eq(activityLog.bookingId, booking.id)));
    expect(log).toHaveLength(1);
    expect(log[0]!.actorId).toBe((admin as Agent & { userId: number }).userId);
    const found = await admin.get(`/api/admin/bookings?search=${encodeURIComponent('staff-made@example.test')}`);
    expect(found.json().bookings.map((b: { id: number }) => b.id)).toEqual([booking.id]);
  });

  it('keeps the admin tracking values whatever the client sends, and derives hosted from a bespoke plan', async () => {
    const res = await admin.post('/api/admin/bookings', payload({ utm_source: 'google', plan_type: 'bespoke', add_ons: [], email: 'bespoke@example.test' }));
    expect(res.statusCode, res.body).toBe(201);
    const { booking } = adminBookingResponse.parse(res.json());
    expect(booking).toMatchObject({ utm_source: 'admin', hosted: true, price_per_person: 25, total_price: 250, source: null });
  });

  it('stores hosted only when bespoke or the charged host add-on says so, and refuses a hosted flag nobody pays for', async () => {
    const cases: [Partial<AdminCreateBookingInput>, { hosted: boolean; add_ons_total: number }][] = [
      [
        { plan_type: 'bespoke', add_ons: [], hosted: true },
        { hosted: true, add_ons_total: 0 },
      ],
      [
        { plan_type: 'standard', add_ons: ['hosted'], hosted: true },
        { hosted: true, add_ons_total: 300 },
      ],
      [
        { plan_type: 'standard', add_ons: [], hosted: false },
        { hosted: false, add_ons_total: 0 },
      ],
    ];
    for (const [i, [over, expected]] of cases.entries()) {
      const res = await admin.post('/api/admin/bookings', payload({ ...over, email: `hosted-${i}@example.test` }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().booking).toMatchObject(expected);
    }
    const before = await t.db.select({ id: bookings.id }).from(bookings);
    const unpaid = await admin.post('/api/admin/bookings', payload({ plan_type: 'pro', add_ons: [], hosted: true, email: 'free-host@example.test' }));
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().errors.hosted).toEqual(['A hosted game needs the In-Person Host add-on or the Bespoke plan']);
    expect(await t.db.select({ id: bookings.id }).from(bookings)).toHaveLength(before.length);
  });

  it('refuses invalid input with the wizard messages', async () => {
    const cases: [Partial<AdminCreateBookingInput>, string, string][] = [
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ email: '' }, 'email', 'Email address is required'],
      [{ players: 1 }, 'players', 'Please enter a minimum of 2 players'],
      [{ players: 201 }, 'players', 'Please contact us if you have more than 200 players'],
      [{ city: '' }, 'city', 'Please select a city to continue'],
      [{ meeting_time: { hour: 25, minute: 0 } }, 'meeting_time.hour', 'Invalid date/time'],
    ];
    for (const [over, field, message] of cases) {
      const res = await admin.post('/api/admin/bookings', payload(over));
      expect({ field, status: res.statusCode }).toEqual({ field, status: 422 });
      const errors: Record<string, string[]> = res.json().errors;
      expect({ field, first: errors[field]?.[0] }).toEqual({ field, first: message });
    }
    const bogusPlan = await admin.post('/api/admin/bookings', { ...payload(), plan_type: 'gold' });
    expect(bogusPlan.statusCode).toBe(422);
  });

  it('needs the CSRF header', async () => {
    const res = await admin.inject({ method: 'POST', url: '/api/admin/bookings', payload: payload(), csrf: false });
    expect(res.statusCode).toBe(419);
  });
});
