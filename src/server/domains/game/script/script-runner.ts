import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { gameInstances } from '../tables/games';
import { chatMessageOf, insertMessage } from '../chat/chat-repository';
import { itemStations } from '../tables/items';
import { gameScriptSeeds, gameScriptSteps } from '../tables/script';
import { publishGameEvent } from '../game-events';
import { publishState } from '../game-lifecycle';
import { publishChallengesChanged } from '../play-challenges/challenges-event';
import { seedScript, type StepRow } from './script-repository';
import { isStepDue, stepDueAt, type ScriptClock } from '../../../../shared/game/script';

type LiveInstance = ScriptClock & { id: number; gameId: number; latestArea: { lat: number; lng: number; radius: number } | null };

/**
 * Runs the game scripts' due steps (decision 0585). Every process runs this on its ticker; each step is claimed with
 * FOR UPDATE SKIP LOCKED and marked ran (`ran_at`) in the transaction that does it, with the instance row locked and
 * checked live there, so a step runs once whatever the number of processes, and a restart finds each step either
 * done (with its effects) or still waiting. Due is game time (shared/game/script.ts): a pause moves what is to come.
 * Answers how many steps ran.
 */
export async function runDueScriptSteps(db: Db, now: Date = new Date()): Promise<number> {
  const live: LiveInstance[] = await db
    .select({
      id: gameInstances.id,
      gameId: gameInstances.gameId,
      status: gameInstances.status,
      startTime: gameInstances.startTime,
      endsAt: gameInstances.endsAt,
      endTime: gameInstances.endTime,
      pausedMs: gameInstances.pausedMs,
      latestArea: gameInstances.latestArea,
    })
    .from(gameInstances)
    .where(eq(gameInstances.status, 'live'));
  if (!live.length) return 0;
  const gameIds = live.map((i) => i.gameId);
  // A game started before any screen read its script takes the template now.
  const seeded = new Set(
    (await db.select({ gameId: gameScriptSeeds.gameId }).from(gameScriptSeeds).where(inArray(gameScriptSeeds.gameId, gameIds))).map((r) => r.gameId),
  );
  for (const gameId of gameIds.filter((id) => !seeded.has(id))) await db.transaction((tx) => seedScript(tx, gameId));
  const pending = await db
    .select()
    .from(gameScriptSteps)
    .where(and(inArray(gameScriptSteps.gameId, gameIds), isNull(gameScriptSteps.ranAt)));
  const byGame = new Map(live.map((i) => [i.gameId, i]));
  const due = pending
    .flatMap((step) => {
      const clock = byGame.get(step.gameId);
      if (!clock || !isStepDue({ anchor: step.anchor, offset_minutes: step.offsetMinutes }, clock, now)) return [];
      return [{ step, at: stepDueAt({ anchor: step.anchor, offset_minutes: step.offsetMinutes }, clock)?.getTime() ?? 0 }];
    })
    // In their order: a message planned with the challenge it announces goes out after the opening.
    .sort((a, b) => a.at - b.at || a.step.id - b.step.id);
  let ran = 0;
  for (const { step } of due) if (await runOne(db, step.id, now)) ran++;
  return ran;
}

/** Claims one step and runs it; false when another process has it or did it, or the game is no longer live. */
async function runOne(db: Db, stepId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [step] = await tx
      .select()
      .from(gameScriptSteps)
      .where(and(eq(gameScriptSteps.id, stepId), isNull(gameScriptSteps.ranAt)))
      .for('update', { skipLocked: true });
    if (!step) return false;
    // The instance is read under a share lock: an End or a Resume in flight waits, then the step is judged again.
    const [instance] = await tx
      .select()
      .from(gameInstances)
      .where(and(eq(gameInstances.gameId, step.gameId), eq(gameInstances.status, 'live')))
      .for('share');
    if (!instance || !isStepDue({ anchor: step.anchor, offset_minutes: step.offsetMinutes }, instance, now)) return false;
    const outcome = await perform(tx, step, instance, now);
    await tx.update(gameScriptSteps).set({ ranAt: now, ranInstanceId: instance.id, outcome }).where(eq(gameScriptSteps.id, step.id));
    return true;
  });
}

/** What a step does; answers 'done' or why it did nothing. A new action fails to compile here until it says what it does. */
async function perform(tx: Tx, step: StepRow, instance: LiveInstance, now: Date): Promise<string> {
  switch (step.action) {
    case 'message': {
      const text = step.text ?? '';
      if (!text) return 'skipped: no text';
      // The host's broadcast (the chat's 'all' channel, the console's own path), from the game itself: no author.
      const row = await insertMessage(tx, { instanceId: instance.id, channel: 'all', text, authorId: null });
      await publishGameEvent(tx, { gameId: step.gameId, instanceId: instance.id, type: 'message', data: chatMessageOf(row, null), meta: { channel: 'all' } });
      return 'done';
    }
    case 'open_challenge':
    case 'close_challenge':
      // The step's own ran_at decides the challenge's state (shared/game/script.ts challengeOpenAt): mark it first.
      await tx.update(gameScriptSteps).set({ ranAt: now }).where(eq(gameScriptSteps.id, step.id));
      await publishChallengesChanged(tx, step.gameId, now);
      return 'done';
    case 'double_points':
      await tx.update(gameScriptSteps).set({ ranAt: now }).where(eq(gameScriptSteps.id, step.id));
      await publishChallengesChanged(tx, step.gameId, now);
      return 'done';
    case 'shrink_area': {
      const current = instance.latestArea;
      if (!current || step.radiusM === null) return 'skipped: no area';
      if (step.radiusM >= current.radius) return 'skipped: the area is already smaller';
      await tx
        .update(gameInstances)
        .set({ latestArea: { ...current, radius: step.radiusM } })
        .where(eq(gameInstances.id, instance.id));
      await publishState(tx, step.gameId, instance.id);
      return 'done';
    }
    case 'release_station': {
      if (step.stationId === null) return 'skipped: no station';
      const [station] = await tx
        .update(itemStations)
        .set({ active: true })
        .where(and(eq(itemStations.id, step.stationId), eq(itemStations.gameId, step.gameId), sql`${itemStations.active} = false`))
        .returning({ id: itemStations.id });
      if (!station) return 'skipped: the station was already open';
      await publishState(tx, step.gameId, instance.id);
      return 'done';
    }
    default: {
      const unknown: never = step.action;
      throw new Error(`No script action ${String(unknown)}`);
    }
  }
}
