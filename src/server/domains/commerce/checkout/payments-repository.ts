import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { checkouts, providerEvents } from '../tables/checkouts';
import type { CheckoutStatus } from '../../../../shared/payments';

export type CheckoutRow = typeof checkouts.$inferSelect;

export async function insertCheckout(db: DbOrTx, values: typeof checkouts.$inferInsert): Promise<void> {
  // The same idempotency key gives the same session: a second insert of it is the same checkout.
  await db.insert(checkouts).values(values).onConflictDoNothing();
}

export async function findCheckout(db: DbOrTx, provider: string, sessionId: string, opts: { lock?: boolean } = {}): Promise<CheckoutRow | undefined> {
  const query = db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.provider, provider), eq(checkouts.providerSessionId, sessionId)))
    .limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

export async function setCheckoutStatus(db: DbOrTx, id: number, status: CheckoutStatus): Promise<void> {
  await db
    .update(checkouts)
    .set({ status, completedAt: status === 'pending' ? null : new Date() })
    .where(eq(checkouts.id, id));
}

/** Claims an event id: false when it was handled before (a replay), so the caller changes nothing. */
export async function claimEvent(db: DbOrTx, provider: string, eventId: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(providerEvents)
    .values({ provider, eventId, type, outcome: 'pending' })
    .onConflictDoNothing()
    .returning({ id: providerEvents.eventId });
  return rows.length > 0;
}

export async function setEventOutcome(db: DbOrTx, provider: string, eventId: string, outcome: string): Promise<void> {
  await db
    .update(providerEvents)
    .set({ outcome })
    .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId)));
}
