import { afterAll, describe, expect, it } from 'vitest';
import { migrationDatabase } from '../support/migration-database';

/**
 * Migration 0030 (decision 0500) on a database holding bookings made before it: prices, totals, discounts, a quote's
 * lines and the price list were numeric(12,2) pounds; after it they are integers of pence, every amount the same
 * (£1.45 → 145, £9.13 → 913, £1,234,567.89 → 123456789), and the ledger (already pence) untouched.
 */
const migrations = migrationDatabase();
const db = migrations.db;
afterAll(async () => migrations.close());

type Money = [string, string, string, string];
const oldBookings: Money[] = [
  // price_per_person, add_ons_total, discount_total, total_price, as the old columns held them
  ['1.45', '0.00', '1.01', '9.14'],
  ['15.00', '300.00', '60.75', '344.25'],
  ['20.10', '0.00', '1.00', '19.10'],
  ['0.01', '0.00', '0.00', '0.07'],
  ['12345.67', '0.99', '0.00', '1234567.89'],
];

describe('migration 0030: money in minor units', () => {
  it('keeps every total, price, discount, quote line and payment exactly, as integers of pence', async () => {
    await migrations.upTo('0030_');

    await db.exec('set session_replication_role = replica');
    const ids: number[] = [];
    for (const [i, [ppp, addOns, discount, total]] of oldBookings.entries()) {
      const { rows } = await db.query<{ id: number }>(
        `insert into bookings (initial_area_lat, initial_area_lng, players, email, city, price_per_person, add_ons_total, discount_total, total_price, meeting_time, date, temp_code)
         values (51.5, -0.12, 7, $1, 'London', $2, $3, $4, $5, '{"hour":15,"minute":0}', '2030-06-15', $6) returning id`,
        [`old-${i}@example.test`, ppp, addOns, discount, total, `OLD${i}`],
      );
      const id = rows[0]!.id;
      ids.push(id);
      await db.query(
        `insert into pricing_history (booking_id, plan_type, price_per_person, players, discount_total, total_price) values ($1, 'standard', $2, 7, $3, $4)`,
        [id, ppp, discount, total],
      );
      await db.query(`insert into booking_payments (booking_id, payment_type, payment_amount) values ($1, 'card', $2)`, [id, 913 + i]);
    }
    await db.query(
      `insert into proposals (booking_id, token, plan_type, players, add_ons, lines, currency, price_per_person, add_ons_total, lines_total, total_price, valid_until)
       values ($1, 'tok', 'pro', 30, '["hosted"]', $2, 'GBP', 20.10, 300, 15.25, 918.25, '2031-01-01')`,
      [
        ids[0],
        JSON.stringify([
          { label: 'Travel', amount: 45.5 },
          { label: 'Loyalty', amount: -30.25 },
        ]),
      ],
    );
    await db.exec(
      `insert into price_list (currency, item_kind, item_type, price, sale_price) values ('GBP', 'plan', 'standard', 1.45, null), ('GBP', 'plan', 'pro', 20.10, 18.99)`,
    );
    await db.exec('set session_replication_role = origin');

    await migrations.apply('0030_');

    const { rows: after } = await db.query<Record<string, number>>(
      `select price_per_person_minor, add_ons_total_minor, discount_total_minor, total_price_minor from bookings order by id`,
    );
    const pence = (text: string) => Number(text.replace('.', ''));
    expect(after.map((r) => [r.price_per_person_minor, r.add_ons_total_minor, r.discount_total_minor, r.total_price_minor])).toEqual(
      oldBookings.map((m) => m.map(pence)),
    );
    const { rows: history } = await db.query<Record<string, number>>(
      `select price_per_person_minor, discount_total_minor, total_price_minor from pricing_history order by id`,
    );
    expect(history.map((r) => [r.price_per_person_minor, r.discount_total_minor, r.total_price_minor])).toEqual(
      oldBookings.map(([ppp, , discount, total]) => [pence(ppp), pence(discount), pence(total)]),
    );
    const { rows: payments } = await db.query<{ payment_amount: number }>(`select payment_amount from booking_payments order by id`);
    expect(payments.map((p) => p.payment_amount)).toEqual(oldBookings.map((_, i) => 913 + i));
    const { rows: quotes } = await db.query(`select lines, price_per_person_minor, add_ons_total_minor, lines_total_minor, total_price_minor from proposals`);
    expect(quotes).toEqual([
      {
        lines: [
          { label: 'Travel', amountMinor: 4_550 },
          { label: 'Loyalty', amountMinor: -3_025 },
        ],
        price_per_person_minor: 2_010,
        add_ons_total_minor: 30_000,
        lines_total_minor: 1_525,
        total_price_minor: 91_825,
      },
    ]);
    const { rows: prices } = await db.query(`select item_type, price_minor, sale_price_minor from price_list order by item_type`);
    expect(prices).toEqual([
      { item_type: 'pro', price_minor: 2_010, sale_price_minor: 1_899 },
      { item_type: 'standard', price_minor: 145, sale_price_minor: null },
    ]);
    // The old columns are gone, so nothing can read pounds as pence; the quote's total may still not go below zero.
    const { rows: columns } = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name in ('bookings', 'pricing_history', 'proposals', 'price_list') and column_name in ('total_price', 'price_per_person', 'price', 'sale_price')`,
    );
    expect(columns).toEqual([]);
    await expect(db.query(`update proposals set total_price_minor = -1`)).rejects.toThrow(/proposals_total_check/);
  }, 180_000); // every migration from the first, on a shared machine
});
