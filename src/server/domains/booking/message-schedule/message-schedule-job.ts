import type { Db } from '../../../platform/db/client';
import { planStaleBookings } from './message-plan';
import { sendDueMessages, type SendContext } from './message-send';

/**
 * One run of the message schedule (a scheduler job in every process, decision 0380): plan the bookings that changed,
 * then send what is due. `now` is the run's clock: tests pass the instant they want, the server the time.
 */
export async function runMessageSchedule(db: Db, ctx: SendContext): Promise<{ planned: number; sent: number }> {
  const planned = await planStaleBookings(db, ctx);
  const sent = await sendDueMessages(db, ctx);
  return { planned, sent };
}
