import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { gameBooking } from '../../booking';
import { gameBookingOn } from '../booking-join';
import { libraryChallenge as challenges, libraryChallengeFields } from '../../catalogue/records';
import { gameInstances, games, instanceTeams, submissions } from '../tables/games';
import { staffMember } from '../../identity/records';

const reviewer = staffMember('reviewer');
import type { SubmissionStatus } from '../../../../shared/scoring/challenge-points';

export type SubmissionRow = typeof submissions.$inferSelect;

const reviewColumns = {
  submission: submissions,
  gameId: games.id,
  gameCode: games.code,
  bookedPlayers: gameBooking.players,
  bookingName: gameBooking.fullName,
  instanceStatus: gameInstances.status,
  teamName: instanceTeams.name,
  challenge: {
    id: challenges.id,
    name: challenges.name,
    description: challenges.description,
    type: challenges.type,
    maxScore: challenges.maxScore,
    maxSubmissions: challenges.maxSubmissions,
    pointsPerSubmission: challenges.pointsPerSubmission,
    acceptedAnswers: challenges.acceptedAnswers,
  },
  reviewerName: reviewer.name,
};

function reviewQuery(db: DbOrTx) {
  return db
    .select(reviewColumns)
    .from(submissions)
    .innerJoin(instanceTeams, eq(instanceTeams.id, submissions.teamId))
    .innerJoin(gameInstances, eq(gameInstances.id, submissions.instanceId))
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    .innerJoin(gameBooking, gameBookingOn)
    .leftJoin(challenges, eq(challenges.id, submissions.challengeId))
    .leftJoin(reviewer, eq(reviewer.id, submissions.reviewerId));
}
export type ReviewRow = NonNullable<Awaited<ReturnType<typeof findReviewRow>>>;

export type SubmissionFilters = { gameCode?: string; instanceId?: number; status?: SubmissionStatus };

function filtersOf(f: SubmissionFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (f.gameCode) parts.push(eq(games.code, f.gameCode));
  if (f.instanceId !== undefined) parts.push(eq(submissions.instanceId, f.instanceId));
  if (f.status) parts.push(eq(submissions.status, f.status));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** Pending ones oldest first (the queue); otherwise newest first. */
export async function listReviewRows(db: DbOrTx, f: SubmissionFilters, page: { page: number; perPage: number }) {
  const where = filtersOf(f);
  const order = f.status === 'pending' ? [asc(submissions.submittedAt), asc(submissions.id)] : [desc(submissions.submittedAt), desc(submissions.id)];
  const [rows, totals] = await Promise.all([
    reviewQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db
      .select({ n: count() })
      .from(submissions)
      .innerJoin(gameInstances, eq(gameInstances.id, submissions.instanceId))
      .innerJoin(games, eq(games.id, gameInstances.gameId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findReviewRow(db: DbOrTx, id: number) {
  const [row] = await reviewQuery(db).where(eq(submissions.id, id)).limit(1);
  return row;
}

export async function lockSubmission(tx: DbOrTx, id: number): Promise<SubmissionRow | undefined> {
  const [row] = await tx.select().from(submissions).where(eq(submissions.id, id)).for('update');
  return row;
}

export async function findChallengeRule(tx: DbOrTx, challengeId: number) {
  const [row] = await tx.select(libraryChallengeFields).from(challenges).where(eq(challenges.id, challengeId)).limit(1);
  return row;
}

/** The team's submissions for one challenge, in the order they were sent. */
export function submissionsOfTeamChallenge(tx: DbOrTx, teamId: number, challengeId: number): Promise<SubmissionRow[]> {
  return tx
    .select()
    .from(submissions)
    .where(and(eq(submissions.teamId, teamId), eq(submissions.challengeId, challengeId)))
    .orderBy(asc(submissions.submittedAt), asc(submissions.id));
}

export type ReviewWrite = Pick<typeof submissions.$inferInsert, 'status' | 'rating' | 'reviewerId' | 'reason' | 'reviewedAt' | 'pointsAwarded'>;

export async function updateReview(tx: DbOrTx, id: number, values: ReviewWrite): Promise<void> {
  await tx.update(submissions).set(values).where(eq(submissions.id, id));
}

export async function setPointsAwarded(tx: DbOrTx, points: ReadonlyMap<number, number>): Promise<void> {
  for (const [id, pointsAwarded] of points) await tx.update(submissions).set({ pointsAwarded }).where(eq(submissions.id, id));
}

export type SubmissionInsert = Pick<
  typeof submissions.$inferInsert,
  'instanceId' | 'teamId' | 'challengeId' | 'kind' | 'textAnswer' | 'count' | 'mediaKey' | 'submittedAt' | 'playerId' | 'doubled'
>;

/** A team's new submission, pending review: the players' submit call writes through this. */
export async function insertSubmission(tx: DbOrTx, values: SubmissionInsert): Promise<SubmissionRow> {
  const [row] = await tx
    .insert(submissions)
    .values({ ...values, status: 'pending' })
    .returning();
  if (!row) throw new Error('submission not inserted');
  return row;
}

/** The submission's team and photo, read without a lock. */
export async function findSubmissionRef(db: DbOrTx, id: number): Promise<{ mediaKey: string | null; teamId: number } | undefined> {
  const [row] = await db.select({ mediaKey: submissions.mediaKey, teamId: submissions.teamId }).from(submissions).where(eq(submissions.id, id)).limit(1);
  return row;
}
