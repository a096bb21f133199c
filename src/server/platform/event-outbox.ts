import { asc, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from './db/client';
import { eventOutbox } from './db/tables';
import { preparedPerSession } from './db/prepared';

/** A fact a domain reports: its own type name, the subject that orders it (`booking:12`) and a small JSON body. */
export type OutboxEvent = { type: string; subject: string; data: Record<string, unknown> };
export type StoredEvent = OutboxEvent & { id: number; occurredAt: Date };

/**
 * Records the event in the caller's transaction (decision 0560): it exists exactly when the change it reports commits,
 * and nothing slow happens here, one insert. Readers take it after the commit (`takeEvents`).
 */
export async function recordEvent(tx: DbOrTx, event: OutboxEvent, at?: Date): Promise<void> {
  if (at) await tx.insert(eventOutbox).values({ ...event, occurredAt: at });
  else await insertEvent(tx).execute(eventValues(event));
}

/**
 * The insert of one event at the database's now, its values as the placeholders `eventType`, `eventSubject` and
 * `eventData` (`eventValues`): for a statement prepared once per session (decision 0600), alone or as a CTE of the
 * statement that makes the change it reports, so the event costs no round trip of its own.
 */
export const eventInsert = (db: DbOrTx) =>
  db.insert(eventOutbox).values({ type: sql.placeholder('eventType'), subject: sql.placeholder('eventSubject'), data: sql.placeholder('eventData') });

/** The placeholders' values of `eventInsert`. */
export const eventValues = (event: OutboxEvent) => ({ eventType: event.type, eventSubject: event.subject, eventData: event.data });

const insertEvent = preparedPerSession((db) => eventInsert(db).prepare('event_outbox_insert'));

/** The lock key of the one reader at a time: an arbitrary constant, the same in every process. */
const READER_LOCK = 560_001;

/**
 * Hands the oldest waiting events, in id order, to `consume` inside one transaction and marks them taken in it, so a
 * consumer's writes (e.g. the deliveries it plans) and the taking stand or fall together. One reader at a time across
 * every process (a transaction advisory lock; a process that finds it held answers 0 and tries on its next tick): a
 * second reader skipping locked rows could plan a later event of a subject before an earlier one commits its plan.
 * Answers how many events were taken.
 */
export async function takeEvents(db: Db, consume: (tx: Tx, events: StoredEvent[]) => Promise<void>, limit = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${READER_LOCK}) as locked`);
    if (!lockTaken(locked)) return 0;
    const rows = await tx.select().from(eventOutbox).where(isNull(eventOutbox.takenAt)).orderBy(asc(eventOutbox.id)).limit(limit);
    if (!rows.length) return 0;
    await consume(
      tx,
      rows.map((r) => ({ id: r.id, type: r.type, subject: r.subject, data: r.data, occurredAt: r.occurredAt })),
    );
    const ids = rows.map((r) => r.id);
    await tx.execute(sql`update ${eventOutbox} set taken_at = now() where id in (${sql.join(ids, sql`, `)})`);
    return rows.length;
  });
}

/** Events taken more than a week ago go (maintenance). */
export async function pruneEventOutbox(db: DbOrTx, now: Date = new Date()): Promise<void> {
  await db.delete(eventOutbox).where(lt(eventOutbox.takenAt, new Date(now.getTime() - 7 * 24 * 60 * 60_000)));
}

function lockTaken(result: unknown): boolean {
  // node-postgres answers { rows: [...] }, PGlite the same shape through drizzle's execute.
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows)) return false;
  const first: unknown = result.rows[0];
  return typeof first === 'object' && first !== null && 'locked' in first && first.locked === true;
}
