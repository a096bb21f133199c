import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { bookingBody } from '../../scripts/booking-body';
import { bookings, pricingHistory } from '../../src/server/domains/booking/tables/bookings';
import { promoCodes } from '../../src/server/domains/commerce/tables/promo-codes';
import { DISCOUNT_MESSAGES } from '../../src/shared/commerce/discount-code';
import type { CreatePromoCodeInput } from '../../src/shared/api/promo-codes';
import { parseCsv } from '../support/csv';
import { withBooking } from '../../src/server/domains/booking/booking-write';
import { recordPayment } from '../../src/server/domains/booking/booking-lifecycle';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());

let codes = 0;
/** A new code (unique name) through the admin API. */
async function promo(terms: Partial<CreatePromoCodeInput> = {}): Promise<string> {
  codes += 1;
  const code = `SAVE${codes}X${Date.now() % 100_000}`;
  const res = await admin.post('/api/admin/promo-codes', { code, percent_off: 10, ...terms });
  expect(res.statusCode).toBe(201);
  return code;
}

// Each booking from its own address, under the per-address creation limit (0180).
let made = 0;
async function book(agent: Agent, overrides: Record<string, unknown> = {}) {
  made += 1;
  const remoteAddress = `127.9.${Math.floor(made / 250)}.${(made % 250) + 1}`;
  return agent.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody({ date: '2031-06-14', ...overrides }), remoteAddress });
}

async function bookingsFor(email: string) {
  return t.db.select().from(bookings).where(eq(bookings.email, email));
}

describe('staff promo codes', () => {
  it('creates and lists codes for admins, in their normal form', async () => {
    const res = await admin.post('/api/admin/promo-codes', {
      code: 'team spring-5',
      amount_off: 2500,
      currency: 'GBP',
      max_uses: 3,
      plans: ['pro'],
      min_players: 6,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      code: 'TEAMSPRING5',
      amount_off: 2500,
      currency: 'GBP',
      percent_off: null,
      max_uses: 3,
      uses: 0,
      plans: ['pro'],
      min_players: 6,
    });
    const list = await admin.get('/api/admin/promo-codes');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { code: string }) => c.code)).toContain('TEAMSPRING5');
  });

  it('refuses a taken code, both or neither kind of discount, and dates the wrong way round', async () => {
    await promo({ code: 'TAKENCODE' });
    expect((await admin.post('/api/admin/promo-codes', { code: 'takencode', percent_off: 5 })).json().errors.code).toEqual([DISCOUNT_MESSAGES.codeTaken]);
    const both = await admin.post('/api/admin/promo-codes', { code: 'BOTHKINDS', percent_off: 5, amount_off: 500 });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors.percent_off).toEqual([DISCOUNT_MESSAGES.percentOrAmount]);
    const dates = await admin.post('/api/admin/promo-codes', { code: 'BACKWARDS', percent_off: 5, valid_from: '2031-02-01', valid_until: '2031-01-01' });
    expect(dates.json().errors.valid_until).toEqual([DISCOUNT_MESSAGES.dates]);
  });

  it('refuses anonymous and non-admin callers, and a POST without the CSRF token', async () => {
    const visitor = await t.visitor();
    expect((await visitor.get('/api/admin/promo-codes')).statusCode).toBe(401);
    const user = await t.as('user');
    expect((await user.get('/api/admin/promo-codes')).statusCode).toBe(403);
    expect((await user.post('/api/admin/promo-codes', { code: 'NOPE123', percent_off: 5 })).statusCode).toBe(403);
    const noCsrf = await admin.inject({ method: 'POST', url: '/api/admin/promo-codes', payload: { code: 'NOCSRF1', percent_off: 5 }, csrf: false });
    expect(noCsrf.statusCode).toBe(419);
  });
});

describe('a booking with a promo code', () => {
  it('is priced by the server with the discount, in the booking, its pricing history and the code count', async () => {
    const code = await promo({ percent_off: 20 });
    const res = await book(await t.visitor(), { players: 8, plan_type: 'standard', discount_code: code.toLowerCase() });
    expect(res.statusCode).toBe(201);
    // 8 × £15 = £120, 20 % off.
    expect(res.json().booking).toMatchObject({ discount_code: code, discount_total: 24, total_price: 96 });
    const [history] = await t.db.select().from(pricingHistory).where(eq(pricingHistory.bookingId, res.json().booking.id));
    expect(history).toMatchObject({ discountCode: code, discountTotalMinor: 2_400, totalPriceMinor: 9_600 });
    const [row] = await t.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(row?.uses).toBe(1);
  });

  it("is listed in the confirmation mail with its code, and the mail's lines add up (issue 35)", async () => {
    const code = await promo({ percent_off: 10 });
    const res = await book(await t.visitor(), { players: 12, plan_type: 'pro', add_ons: ['hosted'], discount_code: code });
    expect(res.json().booking).toMatchObject({ discount_total: 54, total_price: 486 });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.bookingId, res.json().booking.id), eq(mailOutbox.kind, 'booking_confirmation')));
    // 12 × £20 + £300 = £540, 10 % off: the mail said "Price per person £20 / Add-ons £300 / Total £486" before.
    expect(mail?.text).toContain(
      ['£20 per person × 12 players: £240', 'Add-ons total: £300', 'List price: £540', `Discount (${code}): −£54`, 'Total: £486'].join('\n'),
    );
    expect(mail?.html).toContain(`Discount (${code})`);
  });

  it('is listed in the receipt of a payment, up to the total', async () => {
    const code = await promo({ percent_off: 25 });
    const booking = (await book(await t.visitor(), { players: 8, plan_type: 'standard', discount_code: code })).json().booking;
    expect((await admin.post(`/api/admin/bookings/${booking.id}/payments`, { payment_type: 'card', payment_amount: 9000 })).statusCode).toBe(201);
    const [receipt] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.bookingId, booking.id), eq(mailOutbox.kind, 'payment.receipt')));
    expect(receipt?.text).toContain(
      ['£15 per person × 8 players: £120', 'Add-ons total: £0', 'List price: £120', `Discount (${code}): −£30`, 'Total price: £90.00'].join('\n'),
    );
  });

  it('takes a fixed amount off in its currency only', async () => {
    const code = await promo({ percent_off: null, amount_off: 1050, currency: 'GBP' });
    const res = await book(await t.visitor(), { discount_code: code });
    expect(res.json().booking).toMatchObject({ discount_total: 10.5, total_price: 109.5 });
    const usd = await book(await t.visitor(), { discount_code: code, currency: 'USD' });
    expect(usd.statusCode).toBe(422);
    expect(usd.json().errors.discount_code).toEqual([DISCOUNT_MESSAGES.currency]);
  });

  it.each([
    ['an unknown code', async () => 'NOSUCHCODE', {}, DISCOUNT_MESSAGES.unknown],
    ['a code not valid yet', () => promo({ valid_from: '2999-01-01' }), {}, DISCOUNT_MESSAGES.notYet],
    ['an expired code', () => promo({ valid_until: '2020-01-01T00:00:00Z' }), {}, DISCOUNT_MESSAGES.expired],
    ['a code for another plan', () => promo({ plans: ['pro', 'bespoke'] }), { plan_type: 'standard' }, DISCOUNT_MESSAGES.plan],
    ['a code for more players', () => promo({ min_players: 10 }), { players: 8 }, 'This code needs at least 10 players.'],
  ])('refuses %s with 422 on discount_code and makes no booking', async (_what, makeCode, overrides, message) => {
    const email = `refused-${made}-${Date.now()}@example.test`;
    const res = await book(await t.visitor(), { ...overrides, email, discount_code: await makeCode() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.discount_code).toEqual([message]);
    expect(await bookingsFor(email)).toHaveLength(0);
  });

  it('refuses a used-up code, and takes its use again only when a booking gives it back', async () => {
    const code = await promo({ max_uses: 1 });
    const first = await book(await t.visitor(), { discount_code: code });
    expect(first.statusCode).toBe(201);
    const second = await book(await t.visitor(), { discount_code: code });
    expect(second.json().errors.discount_code).toEqual([DISCOUNT_MESSAGES.usedUp]);
  });

  it('gives one discount and 19 clear refusals to 20 bookings racing for a one-use code', { tags: ['postgres'] }, async () => {
    const code = await promo({ max_uses: 1 });
    const agents = await Promise.all(Array.from({ length: 20 }, () => t.visitor()));
    const answers = await Promise.all(agents.map((agent) => book(agent, { discount_code: code })));
    const made201 = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 422);
    expect(made201).toHaveLength(1);
    expect(made201[0]?.json().booking).toMatchObject({ discount_code: code, discount_total: 12, total_price: 108 });
    expect(refused).toHaveLength(19);
    for (const answer of refused) expect(answer.json().errors.discount_code).toEqual([DISCOUNT_MESSAGES.usedUp]);
    const [row] = await t.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(row?.uses).toBe(1);
    expect(await t.db.select().from(bookings).where(eq(bookings.discountCode, code))).toHaveLength(1);
  });
});

describe("the booker's edits before paying", () => {
  async function created(agent: Agent, overrides: Record<string, unknown> = {}) {
    const res = await book(agent, overrides);
    expect(res.statusCode).toBe(201);
    return res.json().booking;
  }

  it('adds, changes and removes a code, giving the old use back', async () => {
    const agent = await t.visitor();
    const booking = await created(agent);
    const oneUse = await promo({ max_uses: 1, percent_off: 50 });
    const added = await agent.patch(`/api/bookings/${booking.id}`, { discount_code: oneUse });
    expect(added.statusCode).toBe(200);
    expect(added.json().booking).toMatchObject({ discount_code: oneUse, discount_total: 60, total_price: 60 });
    // More players: the code is checked and priced again, keeping its one use.
    const more = await agent.patch(`/api/bookings/${booking.id}`, { players: 10 });
    expect(more.json().booking).toMatchObject({ discount_code: oneUse, discount_total: 75, total_price: 75 });
    const removed = await agent.patch(`/api/bookings/${booking.id}`, { discount_code: null });
    expect(removed.json().booking).toMatchObject({ discount_code: null, discount_total: 0, total_price: 150 });
    // The use is free again for someone else.
    expect((await book(await t.visitor(), { discount_code: oneUse })).statusCode).toBe(201);
  });

  it('refuses a code the booking does not qualify for, changing nothing', async () => {
    const agent = await t.visitor();
    const booking = await created(agent);
    const res = await agent.patch(`/api/bookings/${booking.id}`, { discount_code: await promo({ min_players: 20 }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.discount_code).toEqual(['This code needs at least 20 players.']);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ discountCode: null, totalPriceMinor: 12_000 });
  });
});

describe('GET /api/discount-codes/:code', () => {
  it("answers the discount and the new total by the booking's own rule, taking no use", async () => {
    const code = await promo({ percent_off: 15, max_uses: 1 });
    const res = await (await t.visitor()).get(`/api/discount-codes/${code}?plan_type=standard&players=7&currency=GBP&add_ons=hosted`);
    expect(res.statusCode).toBe(200);
    // 7 × £15 + £300 hosted = £405, 15 % off = £60.75.
    expect(res.json()).toMatchObject({ discount_code: code, kind: 'promo', discount_total: 60.75, total_price: 344.25 });
    const [row] = await t.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(row?.uses).toBe(0);
  });

  it('refuses an unknown code on the same field', async () => {
    const res = await (await t.visitor()).get('/api/discount-codes/NOTACODE?plan_type=pro&players=8');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.discount_code).toEqual([DISCOUNT_MESSAGES.unknown]);
  });
});

describe('the export and the stats', () => {
  it('carry the code and the discount of a paid booking', async () => {
    const code = await promo({ percent_off: 25 });
    const res = await book(await t.visitor(), { date: '2033-03-15', discount_code: code });
    const booking = res.json().booking;
    await withBooking(t.db, { id: booking.id }, { actor: { source: 'system', userId: null } }, (write) =>
      recordPayment(write, { paymentType: 'card', paymentAmount: 9000, recordedBy: null }, null),
    );
    const metrics = await admin.get('/api/admin/bookings/calendar/metrics?start_date=2033-03-01&end_date=2033-03-31');
    expect(metrics.json().revenue).toEqual([{ currency: 'GBP', bookings: 1, received: 90, refunded: 0, net: 90, average: 90, discounts: 30 }]);
    const [header, ...rows] = parseCsv((await admin.get('/api/admin/bookings/export')).body);
    const row = rows.find((r) => r.includes(booking.email));
    expect(row?.[header!.indexOf('Discount code')]).toBe(code);
    // List price − Discount = Total price (issue 35): 8 × £15, 25 % off.
    expect(row?.[header!.indexOf('List price')]).toBe('£120.00');
    expect(row?.[header!.indexOf('Discount')]).toBe('£30.00');
    expect(row?.[header!.indexOf('Total price')]).toBe('£90.00');
  });
});

describe('one code, one meaning (issue 35, decision 0505)', () => {
  it("refuses a promo code that is a gift voucher's code, however it is typed, with a 422 on code, creating nothing", async () => {
    const issued = await admin.post('/api/admin/gift-vouchers', { amount: 2_000, currency: 'GBP', recipient_name: 'Cody Clash' });
    expect(issued.statusCode, issued.body).toBe(201);
    const voucherCode = String(issued.json().data.code);
    const typed = `${voucherCode.slice(0, 4)}-${voucherCode.slice(4, 8)}-${voucherCode.slice(8)}`.toLowerCase();
    for (const code of [voucherCode, typed]) {
      const res = await admin.post('/api/admin/promo-codes', { code, percent_off: 50 });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.code).toEqual([DISCOUNT_MESSAGES.codeTaken]);
    }
    expect(await t.db.select().from(promoCodes).where(eq(promoCodes.code, voucherCode))).toHaveLength(0);
  });
});
