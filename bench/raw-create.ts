import { createHash } from 'node:crypto';
import pg from 'pg';
import { z } from 'zod';
import { newManageKey, newTempCode } from '../src/server/platform/codes';
import { round } from './load';
import { TRACKING_FIELDS } from '../src/shared/tracking';

/**
 * The floor the app's booking creation is measured against: the transaction one POST /api/bookings makes
 * (createPublicBooking: the per-address counter, then createBookingRecord: the price list, the booking, its
 * `booking.created` event for outside systems (decision 0560), its first pricing history row, then mail.queue: the
 * recipient counter and the confirmation in the outbox), sent as raw SQL
 * through node-postgres, with nothing else around it. The rows are copies of ones the app just wrote, so the same
 * bytes reach the same tables, indexes and triggers.
 */

// The columns createBookingRecord sets; the rest keep their defaults, as in the app's insert.
const BOOKING_COLUMNS = [
  'user_id',
  'initial_area_id',
  'initial_area_lat',
  'initial_area_lng',
  'initial_area_radius',
  'players',
  'hosted',
  'duration',
  'timezone',
  'full_name',
  'tel',
  'company_name',
  'referral_source',
  'city',
  'plan_type',
  'add_ons',
  'currency',
  'language',
  'price_per_person_minor',
  'add_ons_total_minor',
  'total_price_minor',
  'meeting_time',
  'date',
  'utc_date_time',
  'booking_status',
  'created_by_session',
  ...TRACKING_FIELDS,
] as const;
const PER_BOOKING = ['email', 'temp_code', 'manage_key'] as const;
const PRICING_COLUMNS = ['plan_type', 'price_per_person_minor', 'add_ons', 'players', 'total_price_minor'] as const;
const MAIL_COLUMNS = ['subject', 'text', 'html', 'kind', 'status'] as const;

const placeholders = (count: number, from = 1) => Array.from({ length: count }, (_, i) => `$${i + from}`).join(', ');
const INSERT_BOOKING = `insert into bookings (${[...BOOKING_COLUMNS, ...PER_BOOKING].join(', ')})
  values (${placeholders(BOOKING_COLUMNS.length + PER_BOOKING.length)}) on conflict (temp_code) do nothing returning *`;
const INSERT_PRICING = `insert into pricing_history (booking_id, ${PRICING_COLUMNS.join(', ')}) values (${placeholders(PRICING_COLUMNS.length + 1)}) returning *`;
const INSERT_EVENT = 'insert into event_outbox (type, subject, data) values ($1, $2, $3)';
const INSERT_MAIL = `insert into mail_outbox ("to", booking_id, ${MAIL_COLUMNS.join(', ')}) values (${placeholders(MAIL_COLUMNS.length + 2)}) returning id`;
const COUNT_HIT = `insert into rate_limits (key, window_start, count) values ($1, $2, 1)
  on conflict (key, window_start) do update set count = rate_limits.count + 1
  returning count, (select p.count from rate_limits p where p.key = $1 and p.window_start = $3::timestamptz) as previous`;
const PRICE_LIST = 'select * from price_list where currency = $1 order by sort_order';

const HOUR_MS = 60 * 60 * 1000;
const row = z.record(z.string(), z.unknown());
const template = z.object({ booking: row, pricing: row, mail: row, event: z.object({ type: z.string(), data: z.object({ booking: row }).loose() }) });

/** A JSON value as a query parameter: node-postgres would send an array as a PostgreSQL array, not as jsonb. */
const param = (value: unknown) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : value);
const columns = (source: Record<string, unknown>, names: readonly string[]) => names.map((name) => param(source[name] ?? null));

async function countHit(client: pg.PoolClient, key: string): Promise<void> {
  const start = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  await client.query(COUNT_HIT, [key, new Date(start), new Date(start - HOUR_MS).toISOString()]);
}

export type RawCreateResult = { transactions: number; seconds: number; rps: number; p50: number; p99: number; errors: number };

/**
 * Runs the create transaction `concurrency` at a time on a pool of `poolSize` (the app's) for `maxMs`. Needs one
 * booking made by the app in the database, to copy.
 */
export async function rawCreateRate(databaseUrl: string, options: { concurrency: number; poolSize: number; maxMs: number }): Promise<RawCreateResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize });
  try {
    const found = await pool.query(`select to_jsonb(b) as booking,
        (select to_jsonb(p) from pricing_history p where p.booking_id = b.id limit 1) as pricing,
        (select to_jsonb(m) from mail_outbox m where m.booking_id = b.id limit 1) as mail,
        (select to_jsonb(e) from event_outbox e where e.subject = 'booking:' || b.id limit 1) as event
      from bookings b order by b.id desc limit 1`);
    const { booking, pricing, mail, event } = template.parse(found.rows[0]);
    const bookingValues = columns(booking, BOOKING_COLUMNS);
    const pricingValues = columns(pricing, PRICING_COLUMNS);
    const mailValues = columns(mail, MAIL_COLUMNS);
    const currency = booking.currency ?? 'GBP';
    let made = 0;

    const createOne = async () => {
      const n = made++;
      const email = `raw-${n}-${Date.now()}@example.test`;
      const client = await pool.connect();
      try {
        await client.query('begin');
        await countHit(client, `booking-create:ip:10.8.${(n >> 8) & 255}.${n & 255}`);
        await client.query(PRICE_LIST, [currency]);
        const inserted = await client.query(INSERT_BOOKING, [...bookingValues, email, newTempCode(), newManageKey()]);
        const bookingId = z.object({ id: z.number() }).parse(inserted.rows[0]).id;
        const eventData = { ...event.data, booking: { ...event.data.booking, id: bookingId } };
        await client.query(INSERT_EVENT, [event.type, `booking:${bookingId}`, JSON.stringify(eventData)]);
        await client.query(INSERT_PRICING, [bookingId, ...pricingValues]);
        await countHit(client, `mail:booking_confirmation:${createHash('sha256').update(email).digest('hex')}`);
        await client.query(INSERT_MAIL, [email, bookingId, ...mailValues]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    };

    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    const deadline = started + options.maxMs;
    const worker = async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await createOne();
          latencies.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const q = (p: number) => round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
    return { transactions: latencies.length, seconds: round(seconds), rps: round(latencies.length / seconds), p50: q(0.5), p99: q(0.99), errors };
  } finally {
    await pool.end();
  }
}
