import type { Db, DbOrTx } from '../../../platform/db/client';
import { ConflictError, NotFoundError } from '../../../platform/errors';
import { playersWithoutPhotoConsent, privacySettingsOf } from '../../privacy';
import { mediaKeptUntil } from '../../../../shared/privacy/retention';
import { loadGameById, publicGame, type GameContext } from '../game-state';
import { instanceLeaderboard } from '../leaderboard';
import { urlOf } from '../../../../shared/api/endpoint';
import { recapEndpoints } from '../../../../shared/api/endpoints/showcase';
import { recapPath } from '../../../../shared/booking-links';
import { SHOWCASE_MESSAGES, type RecapResponse, type RecapState, type RecapTrack } from '../../../../shared/api/showcase';
import { feedItemOf, feedMediaKey } from './feed';
import { askedPointsOf } from '../questions/question-service';
import { approvedVisible, gameIdOfPublishedRecap, setRecapPublished, showcaseOf, tracksOf } from './showcase-repository';

/**
 * The recap (issue 29, decision 0452): after the game the organiser may publish one link anyone can open: the final
 * ranking, the album (approved answers nobody hid, media full size, text answers) and every track replayed over the
 * game's time. Unpublished (before, or after the organiser took it back) the page and its data are a 404.
 */

/** A track keeps at most this many fixes, evenly picked (first and last kept): enough to replay, small to send. */
export const TRACK_POINTS_MAX = 400;

const linkOf = (baseUrl: string, token: string) => `${baseUrl.replace(/\/+$/, '')}${recapPath(token)}`;

export async function recapState(db: DbOrTx, gameId: number, baseUrl: string): Promise<RecapState> {
  const row = await showcaseOf(db, gameId);
  return { published: row.recapPublishedAt !== null, url: linkOf(baseUrl, row.recapToken) };
}

/** Publishes the recap (only once the game ended) or takes it back (at any time). */
export async function publishRecap(db: DbOrTx, ctx: GameContext, published: boolean, baseUrl: string, now: Date = new Date()): Promise<{ url: string }> {
  if (published && ctx.instance?.status !== 'ended') throw new ConflictError(SHOWCASE_MESSAGES.recapNotEnded);
  const row = await setRecapPublished(db, ctx.game.id, published ? now : null);
  return { url: linkOf(baseUrl, row.recapToken) };
}

/** The game of a published recap's token, with its ended instance; anything else is a 404. */
export async function gameOfRecap(db: DbOrTx, token: string): Promise<GameContext & { instance: NonNullable<GameContext['instance']> }> {
  const gameId = await gameIdOfPublishedRecap(db, token);
  const ctx = gameId === undefined ? undefined : await loadGameById(db, gameId);
  const instance = ctx?.instance;
  if (!ctx || !instance) throw new NotFoundError(SHOWCASE_MESSAGES.recapNotFound);
  return { ...ctx, instance };
}

/** Every n-th point so that at most `max` remain, the last always kept. */
export function thin<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)]).filter((p): p is T => p !== undefined);
}

export async function recapData(db: Db, ctx: Awaited<ReturnType<typeof gameOfRecap>>, token: string): Promise<RecapResponse> {
  const { instance } = ctx;
  const withheld = await playersWithoutPhotoConsent(db, ctx.booking.id);
  const [teams, album, { people, fixes }, asked] = await Promise.all([
    instanceLeaderboard(db, instance.id),
    approvedVisible(db, instance.id, 'oldest', withheld),
    tracksOf(db, instance.id),
    askedPointsOf(db, instance.id),
  ]);
  const byPlayer = new Map<number, { lat: number; lng: number; at: string }[]>();
  for (const fix of fixes) {
    const list = byPlayer.get(fix.playerId) ?? [];
    list.push({ lat: fix.lat, lng: fix.lng, at: new Date(fix.at).toISOString() });
    byPlayer.set(fix.playerId, list);
  }
  const endedAt = instance.endTime ?? instance.endsAt;
  const tracks: RecapTrack[] = people.map((p) => ({
    player_id: p.id,
    name: p.name,
    role: p.role,
    team_id: p.teamId,
    points: thin(byPlayer.get(p.id) ?? [], TRACK_POINTS_MAX),
  }));
  return {
    game: {
      code: ctx.game.code,
      city: ctx.booking.city,
      area: publicGame(ctx).area,
      started_at: instance.startTime.toISOString(),
      ended_at: endedAt?.toISOString() ?? null,
      media_kept_until: endedAt ? mediaKeptUntil(endedAt, await privacySettingsOf(db)).toISOString() : null,
    },
    teams,
    album: album.map((row) => feedItemOf(row, (id) => urlOf(recapEndpoints.media, { token, id }))),
    tracks,
    questions: asked.map((q) => ({
      team_id: q.team_id,
      team_name: q.team_name,
      kind: q.kind,
      answer: q.answer,
      summary: q.summary,
      lat: q.lat,
      lng: q.lng,
      at: q.asked_at,
    })),
  };
}

export function recapMediaKey(db: DbOrTx, ctx: Awaited<ReturnType<typeof gameOfRecap>>, id: number): Promise<string> {
  return feedMediaKey(db, ctx, ctx.instance.id, id);
}
