import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { libraryChallenge as challenges, libraryChallengeFields, type ChallengeRow } from '../../catalogue/records';
import { gameChallenges, gameInstances, instanceTeams, submissions } from '../tables/games';
import type { SubmissionStatus } from '../../../../shared/scoring/challenge-points';

export type { ChallengeRow };

/**
 * The game's challenges: the ones the booker added (game_challenges, in their order), else the active defaults
 * (decision 0270). Inactive challenges the booker added stay: the game was set up with them.
 */
export async function challengesOfGame(db: DbOrTx, gameId: number): Promise<ChallengeRow[]> {
  const added = await db
    .select({ challenge: libraryChallengeFields })
    .from(gameChallenges)
    .innerJoin(challenges, eq(challenges.id, gameChallenges.challengeId))
    .where(eq(gameChallenges.gameId, gameId))
    .orderBy(asc(gameChallenges.position), asc(challenges.id));
  if (added.length > 0) return added.map((r) => r.challenge);
  return db
    .select(libraryChallengeFields)
    .from(challenges)
    .where(and(eq(challenges.isDefault, true), eq(challenges.isActive, true)))
    .orderBy(asc(challenges.id));
}

export type SubmissionRow = typeof submissions.$inferSelect;

/** The team's submissions, oldest first. */
export function submissionsOfTeam(db: DbOrTx, teamId: number): Promise<SubmissionRow[]> {
  return db.select().from(submissions).where(eq(submissions.teamId, teamId)).orderBy(asc(submissions.submittedAt), asc(submissions.id));
}

/** The statuses of the team's submissions of one challenge (what max_submissions is counted on). */
export async function statusesOf(tx: DbOrTx, teamId: number, challengeId: number): Promise<SubmissionStatus[]> {
  const rows = await tx
    .select({ status: submissions.status })
    .from(submissions)
    .where(and(eq(submissions.teamId, teamId), eq(submissions.challengeId, challengeId)));
  return rows.map((r) => r.status);
}

/** The instance as it stands now (a player's token was read earlier; the game may have ended since). */
export async function instanceNow(tx: DbOrTx, instanceId: number) {
  const [row] = await tx
    .select({
      id: gameInstances.id,
      status: gameInstances.status,
      startTime: gameInstances.startTime,
      endsAt: gameInstances.endsAt,
      endTime: gameInstances.endTime,
    })
    .from(gameInstances)
    .where(eq(gameInstances.id, instanceId))
    .limit(1);
  return row;
}

/** One submission of an instance with its photo key, or undefined. */
export async function submissionOfInstance(db: DbOrTx, instanceId: number, id: number): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.id, id), eq(submissions.instanceId, instanceId)))
    .limit(1);
  return row;
}

/** The approved photos of an instance, oldest first, with their team and challenge names: the album. */
export function albumRows(db: DbOrTx, instanceId: number) {
  return db
    .select({ submission: submissions, teamName: instanceTeams.name, challengeName: challenges.name })
    .from(submissions)
    .innerJoin(instanceTeams, eq(instanceTeams.id, submissions.teamId))
    .leftJoin(challenges, eq(challenges.id, submissions.challengeId))
    .where(and(eq(submissions.instanceId, instanceId), eq(submissions.status, 'approved'), sql`${submissions.mediaKey} is not null`))
    .orderBy(asc(submissions.submittedAt), asc(submissions.id));
}

/** One submission of any instance of a game, or undefined. */
export async function submissionOfGame(db: DbOrTx, gameId: number, id: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .innerJoin(gameInstances, eq(gameInstances.id, submissions.instanceId))
    .where(and(eq(submissions.id, id), eq(gameInstances.gameId, gameId)))
    .limit(1);
  return row;
}
