import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { findBookingFacts, listedBooking, type BookingFacts } from '../../booking';
import { proposals } from '../tables/proposals';
import { staffMember } from '../../identity/records';
import type { ProposalListStatus } from '../../../../shared/api/proposals';

/** Staff members as the identity domain lets others read them (decision 0545). */
const proposalAuthor = staffMember('proposal_author');

export type ProposalRow = typeof proposals.$inferSelect;
type ProposalValues = Omit<Partial<typeof proposals.$inferInsert>, 'id' | 'bookingId' | 'token' | 'createdAt'>;

const listColumns = {
  proposal: proposals,
  booking: {
    id: listedBooking.id,
    fullName: listedBooking.fullName,
    email: listedBooking.email,
    bookingStatus: listedBooking.bookingStatus,
    leadStatus: listedBooking.leadStatus,
  },
  createdByName: proposalAuthor.name,
};
export type ProposalListRow = {
  proposal: ProposalRow;
  booking: { id: number; fullName: string | null; email: string; bookingStatus: string; leadStatus: string };
  createdByName: string | null;
};

export async function findProposal(db: DbOrTx, id: number): Promise<ProposalListRow | undefined> {
  const rows = await db
    .select(listColumns)
    .from(proposals)
    .innerJoin(listedBooking, eq(listedBooking.id, proposals.bookingId))
    .leftJoin(proposalAuthor, eq(proposalAuthor.id, proposals.createdBy))
    .where(eq(proposals.id, id))
    .limit(1);
  return rows[0];
}

/** The proposal row locked for a change: two staff acting at once are serialized, the second sees the first's result. */
export async function lockProposal(db: DbOrTx, id: number): Promise<ProposalRow | undefined> {
  const rows = await db.select().from(proposals).where(eq(proposals.id, id)).for('update');
  return rows[0];
}

export function findBookingForProposal(db: DbOrTx, id: number): Promise<BookingFacts | undefined> {
  return findBookingFacts(db, { id });
}

export async function insertProposal(db: DbOrTx, values: typeof proposals.$inferInsert): Promise<ProposalRow> {
  const [row] = await db.insert(proposals).values(values).returning();
  if (!row) throw new Error('proposal not inserted');
  return row;
}

export async function updateProposal(db: DbOrTx, id: number, values: ProposalValues): Promise<void> {
  await db
    .update(proposals)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(proposals.id, id));
}

/** The list's condition: a status, or 'expired' (sent, valid-until before today), and optionally one booking. */
export function listCondition(filter: { status: ProposalListStatus; bookingId?: number | undefined; today: string }): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.status === 'expired') {
    parts.push(eq(proposals.status, 'sent'), lt(proposals.validUntil, filter.today));
  } else if (filter.status === 'sent') {
    // Sent and still open: an expired one is listed under 'expired'.
    parts.push(eq(proposals.status, 'sent'), sql`${proposals.validUntil} >= ${filter.today}`);
  } else if (filter.status !== 'all') {
    parts.push(eq(proposals.status, filter.status));
  }
  if (filter.bookingId !== undefined) parts.push(eq(proposals.bookingId, filter.bookingId));
  return parts.length ? and(...parts) : undefined;
}

export async function listProposals(db: DbOrTx, where: SQL | undefined, page: { page: number; perPage: number }) {
  const [rows, total] = await Promise.all([
    db
      .select(listColumns)
      .from(proposals)
      .innerJoin(listedBooking, eq(listedBooking.id, proposals.bookingId))
      .leftJoin(proposalAuthor, eq(proposalAuthor.id, proposals.createdBy))
      .where(where)
      .orderBy(desc(proposals.createdAt), desc(proposals.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(proposals)
      .where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function hasAcceptedProposal(db: DbOrTx, bookingId: number): Promise<boolean> {
  const rows = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.bookingId, bookingId), eq(proposals.status, 'accepted')))
    .limit(1);
  return rows.length > 0;
}
