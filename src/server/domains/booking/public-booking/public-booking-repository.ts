import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../platform/db/client';
import { pricingHistory, type StoredAddOn } from '../tables/bookings';
import { games } from '../../game/tables/games';
import type { PlanType } from '../../../../shared/plans';

export async function gameCodeOf(db: DbOrTx, bookingId: number): Promise<string | null> {
  const rows = await db.select({ code: games.code }).from(games).where(eq(games.bookingId, bookingId)).limit(1);
  return rows[0]?.code ?? null;
}

export async function insertPricingHistory(
  tx: Tx,
  entry: { bookingId: number; planType: PlanType; pricePerPerson: number; addOns: StoredAddOn[]; players: number; totalPrice: number },
): Promise<void> {
  await tx.insert(pricingHistory).values(entry);
}
