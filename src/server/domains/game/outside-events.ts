import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { recordEvent } from '../../platform/event-outbox';
import { bookingSubject, type OutsideEventType } from '../../../shared/integrations/events';
import { games } from './tables/games';

/**
 * Records what outside systems hear of a live game (decision 0560): one outbox row in the transaction of the change,
 * under the game's booking as subject, so a webhook endpoint gets a booking's events in order. Delivered by the
 * integrations domain's job after the commit; nothing slow here.
 */
export async function recordGameOutsideEvent(
  tx: DbOrTx,
  game: { id: number; bookingId?: number; code?: string },
  type: Extract<OutsideEventType, 'chicken.found' | 'submission.reviewed' | 'results.final'>,
  data: Record<string, unknown>,
): Promise<void> {
  let { bookingId, code } = game;
  if (bookingId === undefined || code === undefined) {
    const [row] = await tx.select({ bookingId: games.bookingId, code: games.code }).from(games).where(eq(games.id, game.id));
    if (!row) return;
    ({ bookingId, code } = row);
  }
  await recordEvent(tx, { type, subject: bookingSubject(bookingId), data: { version: 1, booking_id: bookingId, game: { id: game.id, code }, ...data } });
}
