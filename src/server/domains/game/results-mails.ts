import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { gameInstances, games } from './tables/games';
import { mailOutbox } from '../../platform/db/tables';
import { loadBookingMailFacts, type BookingMailer } from '../booking';
import { RESULTS_MAIL_KIND, resultsMail } from './results-mail';
import { instanceLeaderboard } from './leaderboard';

/** Games that ended longer ago than this get no results mail (a server started after a long pause stays quiet). */
const LOOK_BACK_MS = 7 * 24 * 60 * 60_000;

/**
 * Sends each ended game's results mail to its booker, once (decision 0273). Every process runs it; the instance row
 * is locked (SKIP LOCKED) and the outbox checked inside one transaction, so two processes never mail one game twice.
 * A game ended by hand or by its time alike: the mail does not hang on who ended it.
 */
export async function queueDueResultsMails(db: Db, mailer: BookingMailer, now: Date = new Date()): Promise<number> {
  const candidates = await db
    .select({ instanceId: gameInstances.id, bookingId: games.bookingId })
    .from(gameInstances)
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    .where(
      and(
        eq(gameInstances.status, 'ended'),
        gt(gameInstances.endTime, new Date(now.getTime() - LOOK_BACK_MS)),
        sql`not exists (select 1 from ${mailOutbox} where ${mailOutbox.bookingId} = ${games.bookingId} and ${mailOutbox.kind} = ${RESULTS_MAIL_KIND})`,
      ),
    )
    .limit(50);
  let sent = 0;
  for (const c of candidates) {
    const queued = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: gameInstances.id })
        .from(gameInstances)
        .where(eq(gameInstances.id, c.instanceId))
        .for('update', { skipLocked: true });
      if (!locked) return false;
      const [already] = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.bookingId, c.bookingId), eq(mailOutbox.kind, RESULTS_MAIL_KIND)))
        .limit(1);
      if (already) return false;
      const facts = await loadBookingMailFacts(tx, c.bookingId);
      const mail = resultsMail(facts, await instanceLeaderboard(tx, c.instanceId), mailer.baseUrl);
      await mailer.mail.queue(tx, { ...mail, bookingId: c.bookingId });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}
