import type { DbOrTx } from '../../../platform/db/client';
import { gameOfBooking } from '../../game/records';

export async function gameCodeOf(db: DbOrTx, bookingId: number): Promise<string | null> {
  return (await gameOfBooking(db, bookingId))?.code ?? null;
}
