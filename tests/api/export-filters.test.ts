import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportBookingsQuery, listBookingsQuery } from '../../src/shared/api/admin-bookings';
import { paymentsExportQuery, paymentsQuery } from '../../src/shared/api/admin-payments';
import { NUL_MESSAGE } from '../../src/shared/validation/text-rules';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createPaidBooking } from '../support/fixtures';

/**
 * Issue 19: a NUL character in an export's filters made the bookings export answer 500 and cut the payments export
 * off mid-download. A list and its export take one filter schema, so every filter of either export refuses what its
 * list refuses: 422 with the field's message, as JSON, before any byte of CSV; nothing logged as a server error. On
 * the embedded database the export is paged in JS; on PostgreSQL (TEST_DATABASE_URL) the server writes it with COPY:
 * both are behind the same schema.
 */
const NUL = '\u0000';

const EXPORTS = [
  { url: '/api/admin/bookings/export', filters: { search: 'Ann', view: 'list', status: 'all', lead_status: 'all', filter: 'need_hosts' } },
  { url: '/api/admin/payments/export', filters: { from: '2026-01-01', to: '2026-12-31', payment_type: 'card', kind: 'all' } },
] as const;

const LISTS = [
  { url: '/api/admin/bookings', field: 'search' },
  { url: '/api/admin/payments', field: 'payment_type' },
  { url: '/api/admin/games', field: 'search' },
] as const;

describe('NUL characters in the filters of the exports and their lists', () => {
  let t: TestApp;
  let admin: Agent;
  const errorLogs: unknown[] = [];
  beforeAll(async () => {
    // Every line the app logs at error level or above (a 500 is logged as 'unhandled error', level 50).
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          const entry: unknown = JSON.parse(line);
          if (typeof entry === 'object' && entry !== null && 'level' in entry && typeof entry.level === 'number' && entry.level >= 50) errorLogs.push(entry);
        }
        done();
      },
    });
    t = await createTestApp({}, { logger: { level: 'warn', stream } });
    admin = await t.as('admin');
    await createPaidBooking(t.db, { fullName: 'Ann Example' });
  });
  afterAll(async () => t.close());

  it('exports work with every filter set (so the refusals below are about the NUL, not the filters)', async () => {
    for (const { url, filters } of EXPORTS) {
      const res = await admin.get(`${url}?${new URLSearchParams(filters).toString()}`);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
    }
  });

  for (const { url, filters } of EXPORTS) {
    for (const field of Object.keys(filters)) {
      for (const spelling of ['decoded', '%00'] as const) {
        it(`${url}: a NUL in ${field} (${spelling}) is refused with 422 before any CSV is sent`, async () => {
          const value = `${(filters as Record<string, string>)[field]}${NUL}x`;
          const query = new URLSearchParams({ ...filters, [field]: value }).toString();
          const res = await admin.get(`${url}?${spelling === '%00' ? query : query.replace('%00', encodeURIComponent(NUL))}`);
          expect({ field, status: res.statusCode }).toEqual({ field, status: 422 });
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          expect(res.headers['content-disposition']).toBeUndefined();
          const body = res.json<{ code: string; errors: Record<string, string[]> }>();
          expect(body.code).toBe('validation_failed');
          expect(Object.keys(body.errors)).toEqual([field]);
          expect(res.body).not.toMatch(/^Booking ID|^id,/);
        });
      }
    }
  }

  it('the lists refuse a NUL in their free-text filter with the same message', async () => {
    for (const { url, field } of LISTS) {
      const res = await admin.get(`${url}?${field}=a%00b`);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 422,
        body: { message: NUL_MESSAGE, code: 'validation_failed', errors: { [field]: [NUL_MESSAGE] } },
      });
    }
  });

  it('nothing was logged as a server error', () => {
    expect(errorLogs).toEqual([]);
  });
});

describe('one filter schema for a list and its export', () => {
  it('the export takes the very schemas of its list for every filter they share', () => {
    for (const [list, exported] of [
      [listBookingsQuery.shape, exportBookingsQuery.shape],
      [paymentsQuery.shape, paymentsExportQuery.shape],
    ] as const) {
      const shared = Object.keys(exported).filter((key) => key in list);
      expect(shared.length).toBeGreaterThan(2);
      for (const key of shared)
        expect({ key, same: (exported as Record<string, unknown>)[key] === (list as Record<string, unknown>)[key] }).toEqual({ key, same: true });
    }
  });
});
