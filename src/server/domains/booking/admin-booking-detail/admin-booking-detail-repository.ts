import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { bookings, contactHistory } from '../tables/bookings';
import { users } from '../../identity/tables/users';
import type { ContactType } from '../../../../shared/api/booking';

export async function bookingExists(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id)).limit(1);
  return rows.length > 0;
}

export async function insertContact(tx: DbOrTx, values: { bookingId: number; type: ContactType; note: string; authorId: number | null }): Promise<void> {
  await tx.insert(contactHistory).values(values);
}

export async function findUser(tx: DbOrTx, id: number) {
  const rows = await tx.select({ id: users.id, name: users.name, email: users.email, isHost: users.isHost }).from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}
