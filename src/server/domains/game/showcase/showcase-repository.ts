import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { libraryChallenge as challenges } from '../../catalogue/records';
import { gameInstances, instanceTeams, playerPositions, players, submissions } from '../tables/games';
import { feedHidden, gameShowcase } from '../tables/showcase';

/** The game's showcase row (its big-screen and recap tokens), made the first time it is asked for. */
export async function showcaseOf(db: DbOrTx, gameId: number) {
  await db.insert(gameShowcase).values({ gameId }).onConflictDoNothing();
  const [row] = await db.select().from(gameShowcase).where(eq(gameShowcase.gameId, gameId)).limit(1);
  if (!row) throw new Error('game showcase row not made');
  return row;
}

export async function setScreenToken(db: DbOrTx, gameId: number, token: string): Promise<void> {
  await showcaseOf(db, gameId);
  await db.update(gameShowcase).set({ screenToken: token }).where(eq(gameShowcase.gameId, gameId));
}

export async function setRecapPublished(db: DbOrTx, gameId: number, at: Date | null) {
  await showcaseOf(db, gameId);
  const [row] = await db.update(gameShowcase).set({ recapPublishedAt: at }).where(eq(gameShowcase.gameId, gameId)).returning();
  if (!row) throw new Error('game showcase row not updated');
  return row;
}

export async function gameIdOfScreenToken(db: DbOrTx, token: string): Promise<number | undefined> {
  const [row] = await db.select({ gameId: gameShowcase.gameId }).from(gameShowcase).where(eq(gameShowcase.screenToken, token)).limit(1);
  return row?.gameId;
}

/** The game of a recap token, only while it is published. */
export async function gameIdOfPublishedRecap(db: DbOrTx, token: string): Promise<number | undefined> {
  const [row] = await db
    .select({ gameId: gameShowcase.gameId })
    .from(gameShowcase)
    .where(and(eq(gameShowcase.recapToken, token), isNotNull(gameShowcase.recapPublishedAt)))
    .limit(1);
  return row?.gameId;
}

const feedColumns = {
  id: submissions.id,
  teamId: submissions.teamId,
  teamName: instanceTeams.name,
  challengeName: challenges.name,
  kind: submissions.kind,
  text: submissions.textAnswer,
  count: submissions.count,
  mediaKey: submissions.mediaKey,
  playerId: submissions.playerId,
  pointsAwarded: submissions.pointsAwarded,
  reviewedAt: submissions.reviewedAt,
  submittedAt: submissions.submittedAt,
};

/**
 * Not a media answer of one of these players (those who declined photo consent, issue 41): their team's answer still
 * scores, but its photo or video is on no shared screen.
 */
export function notWithheldMedia(withheld: readonly number[]): SQL | undefined {
  if (withheld.length === 0) return undefined;
  return sql`not (${submissions.mediaKey} is not null and ${inArray(submissions.playerId, [...withheld])})`;
}

/**
 * Approved answers of an instance that nobody hid, without the media of players who declined photo consent: newest
 * first for the feed, oldest first for the recap's album.
 */
export function approvedVisible(db: DbOrTx, instanceId: number, order: 'newest' | 'oldest', withheld: readonly number[], limit = 1_000) {
  return db
    .select(feedColumns)
    .from(submissions)
    .innerJoin(instanceTeams, eq(instanceTeams.id, submissions.teamId))
    .leftJoin(challenges, eq(challenges.id, submissions.challengeId))
    .leftJoin(feedHidden, eq(feedHidden.submissionId, submissions.id))
    .where(and(eq(submissions.instanceId, instanceId), eq(submissions.status, 'approved'), isNull(feedHidden.submissionId), notWithheldMedia(withheld)))
    .orderBy(
      ...(order === 'newest'
        ? [desc(sql`coalesce(${submissions.reviewedAt}, ${submissions.submittedAt})`), desc(submissions.id)]
        : [asc(submissions.submittedAt), asc(submissions.id)]),
    )
    .limit(limit);
}
export type FeedRow = Awaited<ReturnType<typeof approvedVisible>>[number];

/** One submission of a game with its feed facts (any status, hidden or not), or undefined. */
export async function feedRowOfGame(db: DbOrTx, gameId: number, id: number) {
  const [row] = await db
    .select({ ...feedColumns, status: submissions.status, instanceId: submissions.instanceId, hidden: feedHidden.submissionId })
    .from(submissions)
    .innerJoin(gameInstances, eq(gameInstances.id, submissions.instanceId))
    .innerJoin(instanceTeams, eq(instanceTeams.id, submissions.teamId))
    .leftJoin(challenges, eq(challenges.id, submissions.challengeId))
    .leftJoin(feedHidden, eq(feedHidden.submissionId, submissions.id))
    .where(and(eq(submissions.id, id), eq(gameInstances.gameId, gameId)))
    .limit(1);
  return row;
}

/** Takes an answer out of the feed; false when it already was. */
export async function hide(db: DbOrTx, submissionId: number, actorId: number): Promise<boolean> {
  const rows = await db.insert(feedHidden).values({ submissionId, hiddenBy: actorId }).onConflictDoNothing().returning({ id: feedHidden.submissionId });
  return rows.length > 0;
}

/** Every stored media of a game (every instance, any status) but those of players who declined photos, oldest first: the zip's entries. */
export function mediaOfGame(db: DbOrTx, gameId: number, withheld: readonly number[]) {
  return db
    .select({ id: submissions.id, key: submissions.mediaKey, teamName: instanceTeams.name, challengeName: challenges.name })
    .from(submissions)
    .innerJoin(gameInstances, eq(gameInstances.id, submissions.instanceId))
    .innerJoin(instanceTeams, eq(instanceTeams.id, submissions.teamId))
    .leftJoin(challenges, eq(challenges.id, submissions.challengeId))
    .where(and(eq(gameInstances.gameId, gameId), isNotNull(submissions.mediaKey), notWithheldMedia(withheld)))
    .orderBy(asc(submissions.id));
}

/** The players of an instance and every fix of theirs, oldest first: the recap's tracks. */
export async function tracksOf(db: DbOrTx, instanceId: number) {
  const people = await db
    .select({ id: players.id, name: players.name, role: players.role, teamId: players.teamId })
    .from(players)
    .where(eq(players.instanceId, instanceId))
    .orderBy(asc(players.id));
  const ids = people.map((p) => p.id);
  const fixes =
    ids.length === 0
      ? []
      : await db
          .select({ playerId: playerPositions.playerId, lat: playerPositions.lat, lng: playerPositions.lng, at: playerPositions.at })
          .from(playerPositions)
          .where(and(eq(playerPositions.instanceId, instanceId), inArray(playerPositions.playerId, ids)))
          .orderBy(asc(playerPositions.id));
  return { people, fixes };
}
