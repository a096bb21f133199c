import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import { recordGameOutsideEvent } from './outside-events';
import type { Db, Tx } from '../../platform/db/client';
import { gameInstances, games, submissions } from './tables/games';
import { mailOutbox } from '../../platform/db/tables';
import { loadBookingMailFacts, type BookingMailer } from '../booking';
import { correctedResultsMail, RESULTS_MAIL_KIND, resultsMail, sameResults, type ResultsTeam } from './results-mail';
import { instanceLeaderboard } from './leaderboard';
import { RESUME_WINDOW_MS } from '../../../shared/lifecycle/game-states';

/** Games that ended longer ago than this get no results mail nor correction (a server started after a long pause stays quiet). */
const LOOK_BACK_MS = 7 * 24 * 60 * 60_000;

/**
 * How long after the end the results mail waits for answers made in time that are still pending review (decision
 * 0530): as long as the game may still be resumed, the time of the prize-giving when the host reviews the last
 * answers. Past it the booker gets the ranking as it stands, and a correction if it changes later.
 */
export const RESULTS_MAIL_WAIT_MS = RESUME_WINDOW_MS;

type Candidate = { instanceId: number; bookingId: number; endTime: Date | null };

const rankingOf = async (tx: Tx, instanceId: number): Promise<ResultsTeam[]> =>
  (await instanceLeaderboard(tx, instanceId)).map((t) => ({ rank: t.rank, name: t.name, total: t.total }));

/** Instances with answers made before their end still pending review (an ended instance takes no other answers). */
async function instancesWithPendingAnswers(db: Db, instanceIds: readonly number[]): Promise<Set<number>> {
  if (instanceIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ instanceId: submissions.instanceId })
    .from(submissions)
    .innerJoin(gameInstances, eq(gameInstances.id, submissions.instanceId))
    .where(and(inArray(submissions.instanceId, [...instanceIds]), eq(submissions.status, 'pending'), lte(submissions.submittedAt, gameInstances.endTime)));
  return new Set(rows.map((r) => r.instanceId));
}

/**
 * The booker's results mail, and a correction whenever the final ranking changes after it (decisions 0273, 0530).
 * Every process runs it on a ticker. A mail waits while an answer made in time is pending review, at most
 * RESULTS_MAIL_WAIT_MS after the end. What was mailed is kept on the instance (results_mailed), written in the same
 * transaction as the outbox row with the instance locked (SKIP LOCKED): two processes never mail one change twice,
 * and a correction goes once per change. A game ended by hand or by its time alike; a resumed game is live again
 * and waits for its next end.
 */
export async function queueDueResultsMails(db: Db, mailer: BookingMailer, now: Date = new Date()): Promise<number> {
  const candidates: Candidate[] = await db
    .select({ instanceId: gameInstances.id, bookingId: games.bookingId, endTime: gameInstances.endTime })
    .from(gameInstances)
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    .where(and(eq(gameInstances.status, 'ended'), gt(gameInstances.endTime, new Date(now.getTime() - LOOK_BACK_MS))))
    .orderBy(desc(gameInstances.endTime))
    .limit(200);
  const pending = await instancesWithPendingAnswers(
    db,
    candidates.map((c) => c.instanceId),
  );
  let sent = 0;
  for (const c of candidates) {
    const waiting = pending.has(c.instanceId) && c.endTime !== null && now.getTime() < c.endTime.getTime() + RESULTS_MAIL_WAIT_MS;
    if (waiting) continue;
    if (await mailIfChanged(db, mailer, c.instanceId, c.bookingId)) sent++;
  }
  return sent;
}

/** In one transaction with the instance locked: the results mail, or a correction when the ranking changed since. */
async function mailIfChanged(db: Db, mailer: BookingMailer, instanceId: number, bookingId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: gameInstances.status, mailed: gameInstances.resultsMailed })
      .from(gameInstances)
      .where(eq(gameInstances.id, instanceId))
      .for('update', { skipLocked: true });
    if (!locked || locked.status !== 'ended') return false;
    const ranking = await rankingOf(tx, instanceId);
    if (locked.mailed && sameResults(locked.mailed, ranking)) return false;
    const record = () => tx.update(gameInstances).set({ resultsMailed: ranking }).where(eq(gameInstances.id, instanceId));
    if (!locked.mailed && (await mailedBefore(tx, bookingId))) {
      // A game mailed before results_mailed existed: what it showed is unknown, so the ranking of now is taken as mailed.
      await record();
      return false;
    }
    const facts = await loadBookingMailFacts(tx, bookingId);
    const mail = locked.mailed ? correctedResultsMail(facts, ranking, mailer.baseUrl) : resultsMail(facts, ranking, mailer.baseUrl);
    await mailer.mail.queue(tx, { ...mail, bookingId });
    await record();
    // The moment results are final is the moment the booker is told them (decision 0560); a correction says so again.
    const [game] = await tx.select({ id: gameInstances.gameId }).from(gameInstances).where(eq(gameInstances.id, instanceId));
    if (game) await recordGameOutsideEvent(tx, { id: game.id }, 'results.final', { corrected: locked.mailed !== null, teams: ranking });
    return true;
  });
}

async function mailedBefore(tx: Tx, bookingId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.bookingId, bookingId), eq(mailOutbox.kind, RESULTS_MAIL_KIND)))
    .limit(1);
  return row !== undefined;
}
