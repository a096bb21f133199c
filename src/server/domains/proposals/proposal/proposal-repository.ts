import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { findBookingFacts, type BookingFacts } from '../../booking';
import { proposals } from '../tables/proposals';

export type ProposalRow = typeof proposals.$inferSelect;

export async function findProposalByToken(db: DbOrTx, token: string): Promise<ProposalRow | undefined> {
  const [proposal] = await db.select().from(proposals).where(eq(proposals.token, token)).limit(1);
  return proposal;
}

/** The proposal with its booking; undefined when either is missing (as the inner join it replaces answered). */
export async function findByToken(db: DbOrTx, token: string): Promise<{ proposal: ProposalRow; booking: BookingFacts } | undefined> {
  const proposal = await findProposalByToken(db, token);
  if (!proposal) return undefined;
  const booking = await findBookingFacts(db, { id: proposal.bookingId });
  return booking && { proposal, booking };
}

export async function lockByToken(db: DbOrTx, token: string): Promise<ProposalRow | undefined> {
  const rows = await db.select().from(proposals).where(eq(proposals.token, token)).for('update');
  return rows[0];
}

export async function markAccepted(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(proposals).set({ status: 'accepted', acceptedAt: at, updatedAt: at }).where(eq(proposals.id, id));
}

/** The booking's other open quotes are closed by an acceptance: one accepted proposal per booking (0260). */
export async function withdrawOthers(db: DbOrTx, bookingId: number, acceptedId: number, at: Date): Promise<number[]> {
  const rows = await db
    .update(proposals)
    .set({ status: 'withdrawn', withdrawnAt: at, updatedAt: at })
    .where(and(eq(proposals.bookingId, bookingId), ne(proposals.id, acceptedId), inArray(proposals.status, ['draft', 'sent'])))
    .returning({ id: proposals.id });
  return rows.map((r) => r.id);
}
