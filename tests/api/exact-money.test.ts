import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { bookingBody } from '../../scripts/booking-body';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { priceList } from '../../src/server/domains/catalogue/tables/pricing';
import { withBooking } from '../../src/server/domains/booking/booking-write';
import { recordPayment } from '../../src/server/domains/booking/booking-lifecycle';
import { parseCsv } from '../support/csv';
import { invoices } from '../../src/server/domains/commerce/tables/invoices';
import { adminBookingResponse } from '../../src/shared/api/booking';
import { priceBreakdown } from '../../src/shared/price-breakdown';
import { unitsToMinor } from '../../src/shared/money';

/**
 * The contract's "Exact money" example through the API (issue 35, decision 0500): 7 players at £1.45 with 10 % off
 * is £10.15 less £1.02 (101.5p rounded half-up), £9.13, and the summary's quote, the booking's answer, its stored
 * row, the payment terms and the export all say the same to the penny.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  const settings = { seller_name: 'Hatch Events Ltd', seller_address: '1 Market Street, London', vat_number: 'GB123456789', vat_rate: 20 };
  expect((await admin.put('/api/admin/invoice-settings', settings)).statusCode).toBe(200);
  // Through the staff's price list (0515), which the public price list's cache forgets at once.
  const prices = await admin.put('/api/admin/pricing', { currency: 'GBP', plans: [{ type: 'standard', price: 1.45 }], addons: [] });
  expect(prices.statusCode).toBe(200);
});
afterAll(async () => t.close());

describe('exact money through the API', { tags: ['postgres'] }, () => {
  it('takes 10 % of 7 × £1.45 once, half-up: discount 1.02, total 9.13, everywhere', async () => {
    const created = await admin.post('/api/admin/promo-codes', { code: 'TENOFF145', percent_off: 10 });
    expect(created.statusCode).toBe(201);
    const visitor = await t.visitor();

    const pricing = await visitor.get('/api/pricing?currency=GBP');
    expect(pricing.json().plans.find((p: { type: string }) => p.type === 'standard')).toMatchObject({ price: 1.45, formatted_amount: '£1.45' });

    const quote = await visitor.get('/api/discount-codes/TENOFF145?plan_type=standard&players=7&currency=GBP');
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ price_per_person: 1.45, add_ons_total: 0, discount_total: 1.02, total_price: 9.13 });

    const res = await visitor.post('/api/bookings', bookingBody({ players: 7, plan_type: 'standard', currency: 'GBP', discount_code: 'TENOFF145' }));
    expect(res.statusCode).toBe(201);
    const booking = res.json().booking;
    expect(booking).toMatchObject({ price_per_person: 1.45, add_ons_total: 0, discount_code: 'TENOFF145', discount_total: 1.02, total_price: 9.13 });
    expect(res.body).toContain('"discount_total":1.02');
    expect(res.body).toContain('"total_price":9.13');

    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ pricePerPersonMinor: 145, addOnsTotalMinor: 0, discountTotalMinor: 102, totalPriceMinor: 913 });

    // The ledger: a payment of the whole 913p leaves nothing due; the export says £9.13 paid of £9.13.
    await withBooking(t.db, { id: booking.id }, { actor: { source: 'system', userId: null } }, (write) =>
      recordPayment(write, { paymentType: 'card', paymentAmount: 913, recordedBy: null }, null),
    );
    const detail = await admin.get(`/api/admin/bookings/${booking.id}`);
    expect(detail.json().booking).toMatchObject({ total_price: 9.13, discount_total: 1.02, booking_status: 'paid' });
    const [header, ...rows] = parseCsv((await admin.get('/api/admin/bookings/export')).body);
    const line = rows.find((r) => r.includes(booking.email));
    expect(line?.[header!.indexOf('Price per person')]).toBe('£1.45');
    expect(line?.[header!.indexOf('Discount')]).toBe('£1.02');
    expect(line?.[header!.indexOf('Total price')]).toBe('£9.13');
    expect(line?.[header!.indexOf('Paid')]).toBe('£9.13');
  });

  it('rounds a half penny up: 5 % of 2 × £10.05 = £20.10 is £1.01', async () => {
    await t.db
      .update(priceList)
      .set({ priceMinor: 1005 })
      .where(and(eq(priceList.currency, 'GBP'), eq(priceList.itemKind, 'plan'), eq(priceList.itemType, 'pro')));
    expect((await admin.post('/api/admin/promo-codes', { code: 'FIVEOFF2010', percent_off: 5 })).statusCode).toBe(201);
    const quote = await (await t.visitor()).get('/api/discount-codes/FIVEOFF2010?plan_type=pro&players=2&currency=GBP');
    expect(quote.json()).toMatchObject({ price_per_person: 10.05, discount_total: 1.01, total_price: 19.09 });
  });

  it('agrees to the penny with an integer reference over random prices, players, add-ons, codes, free vouchers and concession refunds: summary, booking, ledger, invoices and credit notes, and both exports (property)', async () => {
    let run = 0;
    const setPrice = (itemKind: string, itemType: string, priceMinor: number) =>
      t.db
        .update(priceList)
        .set({ priceMinor, salePriceMinor: null, isActive: true })
        .where(and(eq(priceList.currency, 'GBP'), eq(priceList.itemKind, itemKind), eq(priceList.itemType, itemType)));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 50_000 }),
        fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
        fc.integer({ min: 2, max: 200 }),
        fc.oneof(
          fc.integer({ min: 1, max: 100 }).map((percent_off) => ({ percent_off })),
          fc.integer({ min: 1, max: 500_000 }).map((amount_off) => ({ amount_off, currency: 'GBP' })),
        ),
        fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100 })),
        fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100 })),
        async (perPerson, hosted, players, terms, voucherShare, concessionShare) => {
          run += 1;
          await setPrice('plan', 'standard', perPerson);
          if (hosted !== null) await setPrice('addon', 'hosted', hosted);
          // The reference: BigInt, the percentage rounded half-up by comparing twice the remainder with the divisor.
          const list = BigInt(perPerson) * BigInt(players) + BigInt(hosted ?? 0);
          let off = 'percent_off' in terms ? (list * BigInt(terms.percent_off)) / 100n : BigInt(terms.amount_off);
          if ('percent_off' in terms && ((list * BigInt(terms.percent_off)) % 100n) * 2n >= 100n) off += 1n;
          if (off > list) off = list;
          const total = list - off;
          const units = (minor: bigint) => Number(minor) / 100;
          const pounds = (minor: bigint) => `£${(minor / 100n).toLocaleString('en-GB')}.${String(minor % 100n).padStart(2, '0')}`;

          const code = `PROP${run}X${Date.now() % 100_000}`;
          expect((await admin.post('/api/admin/promo-codes', { code, ...terms })).statusCode).toBe(201);
          const addOns = hosted === null ? [] : ['hosted'];
          const expected = {
            price_per_person: units(BigInt(perPerson)),
            add_ons_total: units(BigInt(hosted ?? 0)),
            discount_total: units(off),
            total_price: units(total),
          };

          const visitor = await t.visitor();
          const quote = await visitor.get(
            `/api/discount-codes/${code}?plan_type=standard&players=${players}&currency=GBP${hosted === null ? '' : '&add_ons=hosted'}`,
          );
          expect(quote.json()).toMatchObject(expected);
          const res = await visitor.inject({
            method: 'POST',
            url: '/api/bookings',
            payload: bookingBody({ players, plan_type: 'standard', currency: 'GBP', add_ons: addOns, discount_code: code, date: '2031-07-01' }),
            remoteAddress: `127.35.${Math.floor(run / 250)}.${(run % 250) + 1}`,
          });
          expect(res.statusCode, res.body).toBe(201);
          const booking = res.json().booking;
          expect(booking).toMatchObject(expected);

          // The money: a staff-issued (free) gift voucher pays a share, a card the rest, then staff give part of the
          // card payment back as a concession (the price is lower now: nothing becomes due, a credit note).
          let voucherPaid = 0n;
          let conceded = 0n;
          if (total > 0n) {
            // A voucher is issued for £5 to £1,000; it pays at most what is due.
            const share = (total * BigInt(voucherShare)) / 100n;
            const voucherAmount = share === 0n ? 0n : share < 500n ? 500n : share > 100_000n ? 100_000n : share;
            if (voucherAmount > 0n) {
              const issued = await admin.post('/api/admin/gift-vouchers', { amount: Number(voucherAmount), currency: 'GBP', recipient_name: 'Prop Erty' });
              expect(issued.statusCode, issued.body).toBe(201);
              const redeemed = await visitor.post(
                `/api/booking/${booking.temp_code}/voucher`,
                { code: String(issued.json().data.code) },
                { 'x-manage-key': booking.manage_key },
              );
              expect(redeemed.statusCode, redeemed.body).toBe(200);
              voucherPaid = voucherAmount < total ? voucherAmount : total;
            }
            const cardAmount = total - voucherPaid;
            if (cardAmount > 0n) {
              const paid = await admin.post(`/api/admin/bookings/${booking.id}/payments`, { payment_type: 'card', payment_amount: Number(cardAmount) });
              expect(paid.statusCode, paid.body).toBe(201);
              conceded = (cardAmount * BigInt(concessionShare)) / 100n;
              const card = adminBookingResponse.parse(paid.json()).booking.booking_payments.find((p) => p.payment_type === 'card');
              if (conceded > 0n && card) {
                const refund = await admin.post(`/api/admin/bookings/${booking.id}/payments/${card.id}/refund`, {
                  amount: Number(conceded),
                  reason: 'Goodwill',
                  purpose: 'concession',
                });
                expect(refund.statusCode, refund.body).toBe(201);
              }
            }
            const documents = await t.db.select().from(invoices).where(eq(invoices.bookingId, booking.id)).orderBy(asc(invoices.id));
            expect(documents).toHaveLength([voucherPaid > 0n, cardAmount > 0n, conceded > 0n].filter(Boolean).length);
            // The documents add up to what is kept, each line by line, with no adjustment line, net + VAT = gross.
            expect(BigInt(documents.reduce((sum, d) => sum + d.gross, 0))).toBe(total - conceded);
            for (const d of documents) {
              expect((d.net ?? 0) + (d.vat ?? 0)).toBe(d.gross);
              expect(Math.abs(d.lines.reduce((sum, l) => sum + l.amount, 0))).toBe(Math.abs(d.gross));
              expect(d.lines.map((l) => l.description)).not.toContain('Price adjustment');
            }
            if (documents.length === 1) expect(documents[0]!.lines.find((l) => l.description.startsWith('Discount'))?.amount ?? 0).toBe(-Number(off));
          }
          const kept = total - conceded;

          // The booking and its summary: the total is what is kept, nothing is due, and the summary's lines add up to it.
          const staff = adminBookingResponse.parse((await admin.get(`/api/admin/bookings/${booking.id}`)).json()).booking;
          expect(unitsToMinor(staff.total_price)).toBe(Number(kept));
          const lines = priceBreakdown(staff);
          const shown = lines.filter((l) => l.kind === 'list' || l.kind === 'discount' || l.kind === 'adjustment').reduce((sum, l) => sum + l.amountMinor, 0);
          const totalLine = lines.find((l) => l.kind === 'total')?.amountMinor;
          expect({ totalLine, shown: lines.some((l) => l.kind === 'list') ? shown : totalLine }).toEqual({ totalLine: Number(kept), shown: Number(kept) });
          if (off > 0n) expect(lines.find((l) => l.kind === 'discount')?.amountMinor).toBe(-Number(off));
          // The booker's payment state says the same: all of it paid, nothing due.
          const state = await visitor.get(`/api/manage/${booking.manage_key}/payment`);
          expect(state.statusCode, state.body).toBe(200);
          expect(state.json().payment).toMatchObject({ total: Number(kept), paid: Number(kept), due: 0 });

          // The ledger and the accountant's export: the entries of the booking sum to what is kept.
          const net = staff.booking_payments.reduce((sum, p) => sum + p.payment_amount, 0);
          expect(net).toBe(Number(kept));
          const [fHeader, ...fRows] = parseCsv((await admin.get('/api/admin/finance/export?from=2020-01-01&to=2099-12-31')).body);
          const mine = fRows.filter((r) => r[fHeader!.indexOf('Booking')] === booking.temp_code);
          expect(mine).toHaveLength(staff.booking_payments.length);
          const cents = (text: string) => {
            const negative = text.startsWith('-');
            const [whole = '0', frac = ''] = text.replace('-', '').split('.');
            const value = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0') || '0');
            return negative ? -value : value;
          };
          expect(mine.reduce((sum, r) => sum + cents(r[fHeader!.indexOf('Amount')] ?? ''), 0n)).toBe(kept);
          for (const r of mine) {
            const [n, v, g] = ['Net', 'VAT', 'Gross'].map((c) => cents(r[fHeader!.indexOf(c)] ?? ''));
            expect(n! + v!).toBe(g);
          }

          const [header, ...rows] = parseCsv((await admin.get('/api/admin/bookings/export')).body);
          const line = rows.find((r) => r.includes(booking.email));
          expect(line?.[header!.indexOf('Discount')]).toBe(pounds(off));
          expect(line?.[header!.indexOf('Total price')]).toBe(pounds(kept));
          expect(line?.[header!.indexOf('Paid')]).toBe(pounds(kept));
        },
      ),
      { numRuns: 8 },
    );
  }, 300_000);
});
