import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { publishGameEvent } from '../game-events';
import { gameInstances } from '../tables/games';
import { challengesOfGame } from './play-challenges-repository';
import { openChallengeFilter } from '../script/script-repository';
import { playChallengeView } from './challenge-view';
import type { z } from 'zod';
import type { challengesEventData } from '../../../../shared/api/play-challenges';

/**
 * Tells the phones of an open game (lobby or live) that its challenges changed (issue 36): challenges the booker adds
 * during the game reach every phone without a reload, like every other change. Called in the transaction of the
 * change, so the event leaves only if it commits. A game not being played has no one to tell.
 */
export async function publishChallengesChanged(tx: DbOrTx, gameId: number, now: Date = new Date()): Promise<void> {
  const [open] = await tx
    .select({ id: gameInstances.id })
    .from(gameInstances)
    .where(and(eq(gameInstances.gameId, gameId), inArray(gameInstances.status, ['lobby', 'live'])))
    .limit(1);
  if (!open) return;
  // Only the challenges the game script has open (decision 0585): the phones' lists follow its openings and closings.
  const isOpen = await openChallengeFilter(tx, gameId, now);
  const list = (await challengesOfGame(tx, gameId)).filter((c) => isOpen(c.id));
  const data: z.infer<typeof challengesEventData> = { challenges: list.map((c) => playChallengeView(c, [], [], now, 'all')) };
  await publishGameEvent(tx, { gameId, instanceId: open.id, type: 'challenges', data });
}
