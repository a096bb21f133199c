import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { games } from '../../game/tables/games';

export async function gameCodeOf(db: DbOrTx, bookingId: number): Promise<string | null> {
  const rows = await db.select({ code: games.code }).from(games).where(eq(games.bookingId, bookingId)).limit(1);
  return rows[0]?.code ?? null;
}
