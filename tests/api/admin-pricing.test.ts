import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { bookingBody } from '../../scripts/booking-body';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { PRICE_MESSAGES, type AdminPricing, type Pricing } from '../../src/shared/api/pricing';

let t: TestApp;
let admin: Agent & { userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());

let made = 0;
/** A booking from its own address, under the per-address creation limit. */
async function book(overrides: Record<string, unknown> = {}) {
  made += 1;
  const res = await (
    await t.visitor()
  ).inject({
    method: 'POST',
    url: '/api/bookings',
    payload: bookingBody(overrides),
    remoteAddress: `127.8.0.${made + 1}`,
  });
  expect(res.statusCode).toBe(201);
  return res.json().booking;
}

const plan = (list: Pricing | AdminPricing, type: string) => list.plans.find((p) => p.type === type);

describe('the wizard’s price list', () => {
  it('carries an ETag and answers 304 without the list to a browser that holds the current one (decision 0607)', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/pricing?currency=EUR' });
    expect(first.statusCode).toBe(200);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    // Stored, but asked again every time: a change staff make shows at once.
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ method: 'GET', url: '/api/pricing?currency=EUR', headers: { 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    const otherCurrency = await t.app.inject({ method: 'GET', url: '/api/pricing?currency=GBP', headers: { 'if-none-match': tag } });
    expect(otherCurrency.statusCode).toBe(200);
    expect(otherCurrency.json().currency).toBe('GBP');
  });
});

describe('staff read the price list', () => {
  it('answers the public shape with inactive plans and every add-on, and each plan’s list and sale price', async () => {
    const res = await admin.get('/api/admin/pricing?currency=EUR');
    expect(res.statusCode).toBe(200);
    const list: AdminPricing = res.json();
    expect(list.currency).toBe('EUR');
    expect(list.plans.map((p) => p.type)).toEqual(['standard', 'pro', 'bespoke']);
    expect(plan(list, 'standard')).toMatchObject({ price: 18, list_price: 18, sale_price: null, formatted_amount: '€18', is_active: true, name: 'Standard' });
    expect(list.addons).toEqual([expect.objectContaining({ type: 'hosted', price: 350, is_active: true })]);
  });

  it('refuses anonymous and non-admin callers, and a PUT without the CSRF token', async () => {
    const visitor = await t.visitor();
    expect((await visitor.get('/api/admin/pricing')).statusCode).toBe(401);
    const user = await t.as('user');
    expect((await user.get('/api/admin/pricing')).statusCode).toBe(403);
    expect((await user.put('/api/admin/pricing', { currency: 'GBP', plans: [{ type: 'standard', price: 1 }] })).statusCode).toBe(403);
    const noCsrf = await admin.inject({
      method: 'PUT',
      url: '/api/admin/pricing',
      payload: { currency: 'GBP', plans: [{ type: 'standard', price: 1 }] },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(419);
    expect(plan((await admin.get('/api/admin/pricing?currency=GBP')).json(), 'standard')?.price).toBe(15);
  });
});

describe('staff change the price list', () => {
  it('refuses a price with three decimals, a negative one and a sale price not below the price, and changes nothing', async () => {
    const cases = [
      { plans: [{ type: 'standard', price: 19.999 }], field: 'plans.0.price', message: PRICE_MESSAGES.price },
      { plans: [{ type: 'pro', price: 20 }], addons: [{ type: 'hosted', price: -5 }], field: 'addons.0.price', message: PRICE_MESSAGES.price },
      { plans: [{ type: 'pro', price: 20, sale_price: 20 }], field: 'plans.0.sale_price', message: PRICE_MESSAGES.sale },
    ];
    for (const { field, message, ...body } of cases) {
      const res = await admin.put('/api/admin/pricing', { currency: 'GBP', ...body });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    const list: AdminPricing = (await admin.get('/api/admin/pricing?currency=GBP')).json();
    expect([plan(list, 'standard')?.price, plan(list, 'pro')?.price, list.addons[0]?.price]).toEqual([15, 20, 300]);
  });

  it('answers the new list, the wizard’s price list shows it at once, and a new booking is priced by it', async () => {
    // Read first, so a cached answer would be there to go stale.
    const before = await (await t.visitor()).get('/api/pricing?currency=USD');
    expect(plan(before.json(), 'standard')?.price).toBe(19);
    const res = await admin.put('/api/admin/pricing', {
      currency: 'USD',
      plans: [
        { type: 'standard', price: 12.34 },
        { type: 'pro', price: 30, sale_price: 24.5 },
        { type: 'bespoke', price: 40, is_active: false },
      ],
      addons: [{ type: 'hosted', price: 399.99 }],
    });
    expect(res.statusCode).toBe(200);
    expect(plan(res.json(), 'bespoke')).toMatchObject({ is_active: false, list_price: 40 });

    const wizard = await (await t.visitor()).get('/api/pricing?currency=USD');
    expect(wizard.headers['cache-control'] ?? '').not.toMatch(/max-age=[1-9]|immutable/);
    // A browser holding the list from before the change revalidates it (decision 0607): its old tag no longer matches.
    expect(wizard.headers.etag).not.toBe(before.headers.etag);
    const revalidated = await t.app.inject({ method: 'GET', url: '/api/pricing?currency=USD', headers: { 'if-none-match': String(before.headers.etag) } });
    expect(revalidated.statusCode).toBe(200);
    const pricing: Pricing = wizard.json();
    expect(plan(pricing, 'standard')).toMatchObject({ price: 12.34, formatted_amount: '$12.34' });
    expect(plan(pricing, 'pro')).toMatchObject({ price: 24.5, is_sale: true, original_price: 30, formatted_amount: '$24.50' });
    expect(plan(pricing, 'bespoke')?.is_active).toBe(false);
    expect(pricing.addons[0]).toMatchObject({ price: 399.99, formatted_amount: '$399.99' });

    // 7 × 12.34 = 86.38, plus 399.99 for the host.
    const booking = await book({ currency: 'USD', players: 7, plan_type: 'standard', add_ons: ['hosted'] });
    expect(booking).toMatchObject({ price_per_person: 12.34, add_ons_total: 399.99, total_price: 486.37 });
    const inactive = await (
      await t.visitor()
    ).inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody({ currency: 'USD', plan_type: 'bespoke' }),
      remoteAddress: '127.8.1.1',
    });
    expect(inactive.statusCode).toBe(422);
  });

  it('leaves a booking already made at its own prices', async () => {
    const booking = await book({ currency: 'EUR', players: 10, plan_type: 'pro' });
    expect(booking).toMatchObject({ price_per_person: 23, total_price: 230 });
    expect((await admin.put('/api/admin/pricing', { currency: 'EUR', plans: [{ type: 'pro', price: 99 }] })).statusCode).toBe(200);
    const staffView = await admin.get(`/api/admin/bookings/${booking.id}`);
    expect(staffView.json().booking).toMatchObject({ price_per_person: 23, total_price: 230 });
    // A booking made now pays the new price.
    expect(await book({ currency: 'EUR', players: 10, plan_type: 'pro' })).toMatchObject({ price_per_person: 99, total_price: 990 });
  });

  it('logs the change as staff’s, with the list before and after', async () => {
    expect((await admin.put('/api/admin/pricing', { currency: 'GBP', addons: [{ type: 'hosted', price: 320.5 }] })).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'price.update'), eq(activityLog.entityId, 'GBP')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entityType: 'price',
      actorId: admin.userId,
      before: expect.objectContaining({ addons: { hosted: expect.objectContaining({ price: 300 }) } }),
      after: expect.objectContaining({ addons: { hosted: expect.objectContaining({ price: 320.5 }) } }),
    });
  });
});
