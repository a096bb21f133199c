// What other domains read of the catalogue's rows (decision 0545: every domain's tables are its own): the challenge
// library, as read-only projections the game and booking domains join into their own statements (PostgreSQL flattens
// each subquery into a plain join), and the lookups they need. It imports no domain's index, so any domain file may use it.
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client';
import { challenges } from './tables/challenges';
import { priceList } from './tables/pricing';

/** A challenge of the library, every column. */
export type ChallengeRow = typeof challenges.$inferSelect;

/** The challenge library, read-only, every column: join it on `libraryChallenge.id`. */
export const libraryChallenge = new QueryBuilder().select(getTableColumns(challenges)).from(challenges).as('library_challenge');

/** Its columns as a nested selection (`select({ challenge: libraryChallengeFields, … })`). */
export const libraryChallengeFields = {
  id: libraryChallenge.id,
  name: libraryChallenge.name,
  description: libraryChallenge.description,
  type: libraryChallenge.type,
  spiceLevel: libraryChallenge.spiceLevel,
  isActive: libraryChallenge.isActive,
  maxScore: libraryChallenge.maxScore,
  maxSubmissions: libraryChallenge.maxSubmissions,
  pointsPerSubmission: libraryChallenge.pointsPerSubmission,
  regionCode: libraryChallenge.regionCode,
  isDefault: libraryChallenge.isDefault,
  locationLat: libraryChallenge.locationLat,
  locationLng: libraryChallenge.locationLng,
  locationRadiusM: libraryChallenge.locationRadiusM,
  hiddenUntilNear: libraryChallenge.hiddenUntilNear,
  checkIn: libraryChallenge.checkIn,
  acceptedAnswers: libraryChallenge.acceptedAnswers,
  answerMedia: libraryChallenge.answerMedia,
  liveCapture: libraryChallenge.liveCapture,
  hints: libraryChallenge.hints,
  translations: libraryChallenge.translations,
  createdAt: libraryChallenge.createdAt,
  updatedAt: libraryChallenge.updatedAt,
} satisfies Record<keyof ChallengeRow, unknown>;

/** The ids of the default challenges a new game starts with (active ones), in id order. */
export async function defaultChallengeIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: challenges.id })
    .from(challenges)
    .where(and(eq(challenges.isDefault, true), eq(challenges.isActive, true)))
    .orderBy(asc(challenges.id));
  return rows.map((r) => r.id);
}

/** Challenges' names by id (a name the timeline shows for an id it stored). */
export async function challengeNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: challenges.id, name: challenges.name }).from(challenges).where(inArray(challenges.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The catalogue's part of the health probe, a scalar subquery for the probe's one statement: fails once the table is gone. */
export function catalogueProbe(): SQL {
  return sql`(select 1 from ${priceList} limit 1)`;
}
