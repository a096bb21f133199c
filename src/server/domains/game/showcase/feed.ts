import type { Db, DbOrTx } from '../../../platform/db/client';
import { NotFoundError } from '../../../platform/errors';
import { recordActivity } from '../../identity';
import { photoConsentOf, playersWithoutPhotoConsent } from '../../privacy';
import { publishGameEvent } from '../game-events';
import type { GameContext } from '../game-state';
import { SHOWCASE_MESSAGES, type FeedEventData, type FeedItem } from '../../../../shared/api/showcase';
import { approvedVisible, feedRowOfGame, hide, type FeedRow } from './showcase-repository';
import type { MediaKind } from '../../../../shared/media';

/**
 * The activity feed (issue 29, decision 0450): every team's approved answers, live on every phone, the host console
 * and the big screen through the game's one event stream; staff or the host hide one and it leaves every screen.
 * What the feed shows is also what the big screen and the published recap show; the answers stay scored.
 */

/** A media answer is shown only if its player did not decline photo consent (issue 41); other answers always. */
async function mayShow(db: DbOrTx, row: Pick<FeedRow, 'mediaKey' | 'playerId'>): Promise<boolean> {
  return row.mediaKey === null || row.playerId === null || photoConsentOf(db, row.playerId);
}

/** How many answers a feed snapshot carries (the newest); older ones stay in the recap. */
export const FEED_LIMIT = 60;

/** Where one audience fetches an answer's media (its own route, with its own proof). */
export type MediaUrl = (submissionId: number) => string;

/** A stored answer's media is a photo or a video by the submission's own kind (issue 36: not guessed from a file name). */
export function mediaKindOf(row: Pick<FeedRow, 'kind' | 'mediaKey'>): MediaKind | null {
  if (row.mediaKey === null) return null;
  return row.kind === 'video' ? 'video' : 'photo';
}

export function feedItemOf(row: FeedRow, mediaUrl: MediaUrl | null): FeedItem {
  const mediaKind = mediaKindOf(row);
  return {
    id: row.id,
    team_id: row.teamId,
    team_name: row.teamName,
    challenge_name: row.challengeName,
    kind: row.kind,
    text: row.text,
    count: row.count,
    media_url: mediaKind && mediaUrl ? mediaUrl(row.id) : null,
    media_kind: mediaKind,
    points_awarded: row.pointsAwarded,
    at: (row.reviewedAt ?? row.submittedAt).toISOString(),
  };
}

/** The newest approved, visible answers of the game's current instance. */
export async function feedOf(db: DbOrTx, ctx: GameContext, mediaUrl: MediaUrl): Promise<FeedItem[]> {
  if (!ctx.instance) return [];
  const withheld = await playersWithoutPhotoConsent(db, ctx.booking.id);
  return (await approvedVisible(db, ctx.instance.id, 'newest', withheld, FEED_LIMIT)).map((row) => feedItemOf(row, mediaUrl));
}

/**
 * Tells every screen where a submission now stands in the feed, in the caller's transaction (after a review): shown
 * while approved and not hidden, else taken out. Each screen makes the media's URL for its own route.
 */
export async function publishFeedChange(tx: DbOrTx, gameId: number, submissionId: number): Promise<void> {
  const row = await feedRowOfGame(tx, gameId, submissionId);
  if (!row) return;
  const data: FeedEventData =
    row.status === 'approved' && row.hidden === null && (await mayShow(tx, row))
      ? { action: 'show', item: feedItemOf(row, null) }
      : { action: 'hide', id: row.id };
  await publishGameEvent(tx, { gameId, instanceId: row.instanceId, type: 'feed', data, meta: { teamId: row.teamId } });
}

/** Staff or the host take an approved answer out of the feed (and the big screen and recap); once is enough. */
export async function hideFromFeed(db: Db, actorId: number, ctx: GameContext, submissionId: number): Promise<{ hidden: true }> {
  return db.transaction(async (tx) => {
    const row = await feedRowOfGame(tx, ctx.game.id, submissionId);
    if (!row || row.status !== 'approved') throw new NotFoundError(SHOWCASE_MESSAGES.feedItemNotFound);
    if (await hide(tx, submissionId, actorId)) {
      const data: FeedEventData = { action: 'hide', id: submissionId };
      await publishGameEvent(tx, { gameId: ctx.game.id, instanceId: row.instanceId, type: 'feed', data, meta: { teamId: row.teamId } });
      await recordActivity(tx, {
        actorId,
        action: 'submission.hide_from_feed',
        entityType: 'submission',
        entityId: submissionId,
        after: { team: row.teamName, game_code: ctx.game.code },
      });
    }
    return { hidden: true };
  });
}

/** The stored key of an answer's media as the feed shows it: of this instance, approved and not hidden, else 404. */
export async function feedMediaKey(db: DbOrTx, ctx: GameContext, instanceId: number, submissionId: number): Promise<string> {
  const row = await feedRowOfGame(db, ctx.game.id, submissionId);
  if (!row || row.instanceId !== instanceId || row.status !== 'approved' || row.hidden !== null || !row.mediaKey || !(await mayShow(db, row)))
    throw new NotFoundError(SHOWCASE_MESSAGES.mediaNotFound);
  return row.mediaKey;
}
