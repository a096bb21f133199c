import { randomBytes } from 'node:crypto';
import type { Db } from '../src/server/platform/db/client';
import { bookings } from '../src/server/domains/booking/tables/bookings';
import { newTempCode } from '../src/server/platform/codes';
import { recordPayment } from '../src/server/domains/booking/booking-lifecycle';
import { withBooking } from '../src/server/domains/booking/booking-write';

/** A paid booking of `players` with its game, written straight into the database as a recorded payment makes it. */
export async function createPaidBooking(db: Db, players: number): Promise<{ bookingId: number; gameCode: string }> {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(bookings)
    .values({
      initialAreaLat: 51.5074,
      initialAreaLng: -0.1278,
      initialAreaRadius: 1000,
      players,
      hosted: false,
      duration: 120,
      timezone: 'Europe/London',
      fullName: `Bench Booker ${suffix}`,
      email: `bench-${suffix}@example.test`,
      city: 'London',
      planType: 'standard',
      addOns: [],
      currency: 'GBP',
      pricePerPerson: 15,
      addOnsTotal: 0,
      totalPrice: 15 * players,
      meetingTime: { hour: 15, minute: 0 },
      date: '2030-06-15',
      utcDateTime: new Date('2030-06-15T14:00:00Z'),
      tempCode: newTempCode(),
      bookingStatus: 'enquiry',
    })
    .returning({ id: bookings.id });
  if (!row) throw new Error('booking not created');
  const { result } = await withBooking(db, { id: row.id }, { actor: { source: 'system', userId: null } }, (write) =>
    recordPayment(write, { paymentType: 'card', paymentAmount: 12_000, recordedBy: null }, null),
  );
  return { bookingId: row.id, gameCode: result.gameCode };
}
