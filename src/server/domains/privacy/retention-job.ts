import { eq } from 'drizzle-orm';
import type { Counter } from 'prom-client';
import type { Db, Tx } from '../../platform/db/client';
import type { Metrics } from '../../platform/metrics';
import type { MediaStorage } from '../../platform/storage';
import { retentionCutoffs, type RetentionCutoffs } from '../../../shared/privacy/retention';
import { retentionRuns } from './tables/privacy';
import { privacySettingsOf } from './settings';

/** One holder of game data that retention prunes (the game domain: positions and media; the booking domain: leads). */
export type RetentionPart = {
  readonly name: string;
  prune(tx: Tx, cutoffs: RetentionCutoffs): Promise<{ counts: Record<string, number>; mediaKeys?: string[] }>;
};

export type RetentionOutcome = { ran: boolean; counts: Record<string, number> };

/** The counter of what retention deleted, by kind (e.g. `game.positions`), registered once per app. */
export function retentionMetrics(metrics: Metrics): Counter<'kind'> {
  return metrics.counter({ name: 'hatch_retention_deleted_total', help: 'Rows and files the daily retention job deleted, by kind', labelNames: ['kind'] });
}

/**
 * The daily retention run (issue 41, decision 0570). Any process may call it as often as it likes: the first to insert
 * the day's row (UTC date of `now`, the injected clock) runs the parts in that same transaction; another process racing
 * it waits on that row's key and then finds the day taken. Media files go after the commit.
 */
export async function runRetention(
  deps: { db: Db; media: MediaStorage; deleted?: Counter<'kind'>; log?: { warn: (obj: object, msg: string) => void } },
  parts: readonly RetentionPart[],
  now: Date,
): Promise<RetentionOutcome> {
  const day = now.toISOString().slice(0, 10);
  const outcome = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx.insert(retentionRuns).values({ day, ranAt: now, counts: {} }).onConflictDoNothing().returning({ day: retentionRuns.day });
    if (!claimed) return { ran: false, counts: {}, mediaKeys: [] as string[] };
    const cutoffs = retentionCutoffs(await privacySettingsOf(tx), now);
    const counts: Record<string, number> = {};
    const mediaKeys: string[] = [];
    for (const part of parts) {
      const done = await part.prune(tx, cutoffs);
      for (const [k, n] of Object.entries(done.counts)) counts[`${part.name}.${k}`] = n;
      mediaKeys.push(...(done.mediaKeys ?? []));
    }
    await tx.update(retentionRuns).set({ counts }).where(eq(retentionRuns.day, day));
    return { ran: true, counts, mediaKeys };
  });
  for (const key of outcome.mediaKeys) await deps.media.delete(key).catch((err: unknown) => deps.log?.warn({ err, key }, 'retained media not deleted'));
  for (const [kind, n] of Object.entries(outcome.counts)) if (n > 0) deps.deleted?.inc({ kind }, n);
  return { ran: outcome.ran, counts: outcome.counts };
}
