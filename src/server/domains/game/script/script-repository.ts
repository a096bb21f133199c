import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { libraryChallenge as challenges } from '../../catalogue/records';
import { gameScriptSeeds, gameScriptSteps, scriptTemplates } from '../tables/script';
import { challengesOfGame } from '../play-challenges/play-challenges-repository';
import { challengeOpenAt, DEFAULT_SCRIPT_TEMPLATE, isDoubledAt, type ChallengeStep, type TemplateStep } from '../../../../shared/game/script';

export type StepRow = typeof gameScriptSteps.$inferSelect;

/** The template new games take: staff's saved one, else the shipped default. */
export async function templateSteps(db: DbOrTx): Promise<{ steps: TemplateStep[]; isDefault: boolean }> {
  const [row] = await db.select().from(scriptTemplates).where(eq(scriptTemplates.id, 1)).limit(1);
  return row ? { steps: row.steps, isDefault: false } : { steps: [...DEFAULT_SCRIPT_TEMPLATE], isDefault: true };
}

export async function saveTemplate(db: DbOrTx, steps: TemplateStep[]): Promise<void> {
  await db
    .insert(scriptTemplates)
    .values({ id: 1, steps, updatedAt: new Date() })
    .onConflictDoUpdate({ target: scriptTemplates.id, set: { steps, updatedAt: new Date() } });
}

/**
 * Gives a game the template's steps, once: the seed row is claimed first (two processes, or the start and a booker's
 * read at once, copy it once). A challenge step names a challenge; a game without that challenge leaves it out.
 * `planned`: the booker saves a plan of their own (the template is then not copied, the game is seeded all the same).
 */
export async function seedScript(tx: DbOrTx, gameId: number, planned = false): Promise<void> {
  const [claimed] = await tx.insert(gameScriptSeeds).values({ gameId }).onConflictDoNothing().returning({ gameId: gameScriptSeeds.gameId });
  if (!claimed || planned) return;
  const { steps } = await templateSteps(tx);
  if (!steps.length) return;
  const byName = new Map((await challengesOfGame(tx, gameId)).map((c) => [c.name.trim().toLowerCase(), c.id]));
  const rows = steps.flatMap((s) => {
    const needsChallenge = s.action === 'open_challenge' || s.action === 'close_challenge' || s.action === 'double_points';
    const challengeId = s.challenge_name ? byName.get(s.challenge_name.trim().toLowerCase()) : undefined;
    if (needsChallenge && challengeId === undefined) return [];
    return [
      {
        gameId,
        anchor: s.anchor,
        offsetMinutes: s.offset_minutes,
        action: s.action,
        text: s.text ?? null,
        challengeId: needsChallenge ? (challengeId ?? null) : null,
        radiusM: s.radius_m ?? null,
        minutes: s.minutes ?? null,
        plannedBy: 'template',
      },
    ];
  });
  if (rows.length) await tx.insert(gameScriptSteps).values(rows);
}

export function stepsOfGame(db: DbOrTx, gameId: number): Promise<StepRow[]> {
  return db.select().from(gameScriptSteps).where(eq(gameScriptSteps.gameId, gameId)).orderBy(asc(gameScriptSteps.id));
}

/** The steps that decide the game's challenges' state (open or closed, doubled). */
export async function challengeStepsOf(db: DbOrTx, gameId: number): Promise<ChallengeStep[]> {
  const rows = await db
    .select({ action: gameScriptSteps.action, challenge_id: gameScriptSteps.challengeId, ran_at: gameScriptSteps.ranAt, minutes: gameScriptSteps.minutes })
    .from(gameScriptSteps)
    .where(
      and(
        eq(gameScriptSteps.gameId, gameId),
        isNotNull(gameScriptSteps.challengeId),
        inArray(gameScriptSteps.action, ['open_challenge', 'close_challenge', 'double_points']),
      ),
    );
  return rows;
}

/** The challenges of a game a team may see and answer at `at` (a challenge the script has not opened, or closed, is left out). */
export async function openChallengeFilter(db: DbOrTx, gameId: number, at: Date): Promise<(challengeId: number) => boolean> {
  const steps = await challengeStepsOf(db, gameId);
  return (challengeId) => challengeOpenAt(steps, challengeId, at);
}

/** Whether an answer to the challenge made at `at` earns double points. */
export async function isDoubled(db: DbOrTx, gameId: number, challengeId: number, at: Date): Promise<boolean> {
  return isDoubledAt(await challengeStepsOf(db, gameId), challengeId, at);
}

/** The names of catalogue challenges, for the template's answer. */
export async function challengeNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: challenges.id, name: challenges.name }).from(challenges).where(inArray(challenges.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Catalogue challenge ids by name (the first of a name), for the template's answer. */
export async function challengeIdsByName(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db.select({ id: challenges.id, name: challenges.name }).from(challenges).orderBy(asc(challenges.id));
  const map = new Map<string, number>();
  for (const r of rows) if (!map.has(r.name)) map.set(r.name, r.id);
  return map;
}

/** The smallest radius a shrink step of the game has set so far (the ticker never grows the area back past it). */
export async function scriptedRadiusCap(db: DbOrTx, gameId: number): Promise<number | null> {
  const rows = await db
    .select({ radius: gameScriptSteps.radiusM })
    .from(gameScriptSteps)
    .where(and(eq(gameScriptSteps.gameId, gameId), eq(gameScriptSteps.action, 'shrink_area'), isNotNull(gameScriptSteps.ranAt)));
  const radii = rows.flatMap((r) => (r.radius === null ? [] : [r.radius]));
  return radii.length ? Math.min(...radii) : null;
}
