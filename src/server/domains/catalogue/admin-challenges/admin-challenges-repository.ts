import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { challenges } from '../tables/challenges';
import type { SpiceLevel } from '../../../../shared/validation/challenge-rules';

export type ChallengeRow = typeof challenges.$inferSelect;
export type ChallengeWrite = Pick<
  typeof challenges.$inferInsert,
  | 'name'
  | 'description'
  | 'type'
  | 'spiceLevel'
  | 'isActive'
  | 'maxScore'
  | 'maxSubmissions'
  | 'pointsPerSubmission'
  | 'regionCode'
  | 'locationLat'
  | 'locationLng'
  | 'locationRadiusM'
  | 'hiddenUntilNear'
  | 'checkIn'
  | 'acceptedAnswers'
  | 'answerMedia'
  | 'liveCapture'
  | 'hints'
  | 'translations'
>;

export function listChallenges(db: DbOrTx, spiceLevel: SpiceLevel | undefined): Promise<ChallengeRow[]> {
  const query = db.select().from(challenges);
  return (spiceLevel ? query.where(eq(challenges.spiceLevel, spiceLevel)) : query).orderBy(asc(challenges.name), asc(challenges.id));
}

export async function findChallenge(db: DbOrTx, id: number, forUpdate = false): Promise<ChallengeRow | undefined> {
  const query = db.select().from(challenges).where(eq(challenges.id, id)).limit(1);
  const rows = await (forUpdate ? query.for('update') : query);
  return rows[0];
}

export async function insertChallenge(db: DbOrTx, values: ChallengeWrite): Promise<ChallengeRow> {
  const [row] = await db.insert(challenges).values(values).returning();
  if (!row) throw new Error('challenge not inserted');
  return row;
}

export async function updateChallenge(db: DbOrTx, id: number, values: ChallengeWrite): Promise<ChallengeRow> {
  const [row] = await db
    .update(challenges)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(challenges.id, id))
    .returning();
  if (!row) throw new Error('challenge not updated');
  return row;
}
