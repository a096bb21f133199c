import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { priceList } from '../domains/catalogue/tables/pricing';
import { challenges } from '../domains/catalogue/tables/challenges';
import { DEFAULT_PRICES_MINOR } from '../../shared/prices';
import { ADD_ON_TYPES, CURRENCIES, PLAN_TYPES } from '../../shared/plans';
import { DEFAULT_CHALLENGES } from '../domains/catalogue';

/** Reference data every database needs: the price list and, in an empty database, the default challenges. */
export async function seedReferenceData(db: Db): Promise<void> {
  const rows = CURRENCIES.flatMap((currency) => [
    ...PLAN_TYPES.map((type, i) => ({ currency, itemKind: 'plan', itemType: type, priceMinor: DEFAULT_PRICES_MINOR[currency].plans[type], sortOrder: i })),
    ...ADD_ON_TYPES.map((type, i) => ({ currency, itemKind: 'addon', itemType: type, priceMinor: DEFAULT_PRICES_MINOR[currency].addons[type], sortOrder: i })),
  ]);
  await db.insert(priceList).values(rows).onConflictDoNothing();

  await db.transaction(async (tx) => {
    // Two processes starting together must not both seed the challenges.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const existing = await tx.select({ n: sql<number>`count(*)::int` }).from(challenges);
    if ((existing[0]?.n ?? 0) > 0) return;
    await tx.insert(challenges).values(
      DEFAULT_CHALLENGES.map((c) => ({
        name: c.name,
        description: c.description,
        type: c.type,
        spiceLevel: c.spiceLevel,
        maxScore: c.maxScore,
        maxSubmissions: 'maxSubmissions' in c ? c.maxSubmissions : 1,
        pointsPerSubmission: 'pointsPerSubmission' in c ? c.pointsPerSubmission : 1,
        answerMedia: 'answerMedia' in c ? c.answerMedia : ('photo' as const),
        isActive: true,
        isDefault: true,
      })),
    );
  });
}
