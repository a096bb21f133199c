import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Readable } from 'node:stream';
import { createTestApp, type TestApp } from '../support/test-app';
import { parseCsv as parse } from '../support/csv';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { contactHistory } from '../../src/server/db/schema/bookings';
import { exportBookingsCsv } from '../../src/server/modules/admin-bookings/admin-bookings-service';

/**
 * On a PostgreSQL server the export is written by COPY; on the embedded database by keyset pages and
 * csv-stringify. Both must give the same cells, so this compares them on awkward data.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function readAll(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return out;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('CSV export on PostgreSQL', () => {
  it('writes the same cells through COPY as through the streamed pages', async () => {
    expect(t.database.copyOut).toBeDefined();
    await createBooking(t.db, {
      fullName: 'O"Brien, Pat\nJr',
      companyName: '=HYPERLINK("x")',
      referralSource: '+44 trick',
      addOns: ['hosted'],
      hosted: true,
      pricePerPerson: 15.5,
      totalPrice: 124,
      utmSource: 'Instagram_Stories',
      initialAreaLat: 51.50735,
      meetingTime: { hour: 9, minute: 5 },
    });
    await createBooking(t.db, { fbclid: 'abc', fullName: null, companyName: '', leadStatusChangedAt: new Date('2030-01-02T03:04:05.678Z') });
    await createBooking(t.db, { liFatId: 'li', utmSource: 'newsletter', addOns: ['hosted', { type: 'hosted', note: 'say "hi", then 1, 2', n: [1, 2] }] });
    await createBooking(t.db, { addOns: [{ type: 'hosted', note: 'a, b', seats: 3 }, 'hosted'] });
    const paid = await createPaidBooking(t.db, { gclid: 'g1', fullName: 'Émile Zoë 🐔' }, 4_321);
    await t.db.insert(contactHistory).values({ bookingId: paid.booking.id, type: 'phone', note: 'Called' });

    // JSON cells are compared by value: for unusual nested shapes COPY may keep PostgreSQL's spacing.
    const normalize = (rows: string[][]) => rows.map((row) => row.map((cell) => (/^[[{]/.test(cell) ? JSON.stringify(JSON.parse(cell)) : cell)));
    const viaCopy = normalize(parse(await readAll(await exportBookingsCsv(t.database))));
    const viaPages = normalize(parse(await readAll(await exportBookingsCsv({ ...t.database, copyOut: undefined }))));
    expect(viaCopy.length).toBe(6);
    expect(viaCopy).toEqual(viaPages);
  });
});
