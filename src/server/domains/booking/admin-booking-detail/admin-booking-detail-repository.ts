import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { bookings, contactHistory } from '../tables/bookings';
import { staffMember } from '../../identity/records';
import type { ContactType } from '../../../../shared/api/booking';

/** Staff members as the identity domain lets others read them (decision 0545). */
const staff = staffMember('staff_user');

export async function bookingExists(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id)).limit(1);
  return rows.length > 0;
}

export async function insertContact(tx: DbOrTx, values: { bookingId: number; type: ContactType; note: string; authorId: number | null }): Promise<void> {
  await tx.insert(contactHistory).values(values);
}

export async function findUser(tx: DbOrTx, id: number) {
  const rows = await tx.select({ id: staff.id, name: staff.name, email: staff.email, isHost: staff.isHost }).from(staff).where(eq(staff.id, id)).limit(1);
  return rows[0];
}
