import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/client';
import { NotFoundError } from '../../../platform/errors';
import { recordActivity } from '../../identity';
import { staffMember } from '../../identity/records';
import { games } from '../tables/games';
import { loadGame, type GameContext } from '../game-state';
import type { PlayerAuth } from '../player-auth';
import { briefingText, DEFAULT_BRIEFING, defaultFinishMessage, finishText, type BriefingBody } from '../../../../shared/game/briefing';
import type { BriefingEdit, PlayBriefing } from '../../../../shared/api/briefing';
import { GAME_MESSAGES } from '../../../../shared/game/teams';
import { assertOrganiser } from '../../booking';

/** Staff members as the identity domain lets others read them (decision 0545). */
const gameHost = staffMember('briefing_host');

/**
 * The briefing and finish message of a game (issue 29, decision 0442): stored on the game (null: the default), read
 * by its players with the host to call, edited by staff and by the organiser with the game's management key.
 */

async function gameOf(db: DbOrTx, code: string): Promise<GameContext> {
  const ctx = await loadGame(db, code);
  if (!ctx) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
  return ctx;
}

async function hostOf(db: DbOrTx, hostId: number | null): Promise<PlayBriefing['host']> {
  if (hostId === null) return null;
  const [row] = await db.select({ name: gameHost.name, phone: gameHost.phone }).from(gameHost).where(eq(gameHost.id, hostId)).limit(1);
  return row ? { name: row.name, phone: row.phone && row.phone.trim() !== '' ? row.phone : null } : null;
}

export async function playerBriefing(db: Db, auth: PlayerAuth): Promise<PlayBriefing> {
  const ctx = await gameOf(db, auth.game.code);
  const meetingPoint = ctx.booking.meetingPointAddress;
  return {
    briefing: briefingText(ctx.game.briefing),
    finish_message: finishText(ctx.game.finishMessage, meetingPoint),
    host: await hostOf(db, ctx.booking.assignedHostId),
    meeting_point: meetingPoint,
  };
}

function editView(ctx: GameContext): BriefingEdit {
  return {
    briefing: ctx.game.briefing,
    finish_message: ctx.game.finishMessage,
    default_briefing: DEFAULT_BRIEFING,
    default_finish_message: defaultFinishMessage(ctx.booking.meetingPointAddress),
  };
}

/** The organiser's game by code and management key (the code alone is the players' join code, 0140). */
async function organiserGame(db: DbOrTx, code: string, manageKey: string | null): Promise<GameContext> {
  const ctx = await gameOf(db, code);
  assertOrganiser(ctx.booking, manageKey);
  return ctx;
}

export async function bookerBriefing(db: Db, code: string, manageKey: string | null): Promise<BriefingEdit> {
  return editView(await organiserGame(db, code, manageKey));
}

export async function staffBriefing(db: Db, code: string): Promise<BriefingEdit> {
  return editView(await gameOf(db, code));
}

/** Saves both texts; staff changes go into the activity log with the booking, in the same transaction. */
export async function saveBriefing(db: Db, code: string, body: BriefingBody, who: { actorId: number } | { manageKey: string | null }): Promise<BriefingEdit> {
  return db.transaction(async (tx) => {
    const ctx = 'actorId' in who ? await gameOf(tx, code) : await organiserGame(tx, code, who.manageKey);
    const [row] = await tx.update(games).set({ briefing: body.briefing, finishMessage: body.finish_message }).where(eq(games.id, ctx.game.id)).returning();
    if (!row) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
    if ('actorId' in who)
      await recordActivity(tx, {
        actorId: who.actorId,
        action: 'game.briefing',
        entityType: 'game',
        entityId: ctx.game.id,
        bookingId: ctx.booking.id,
        before: { briefing: ctx.game.briefing, finish_message: ctx.game.finishMessage },
        after: { briefing: row.briefing, finish_message: row.finishMessage },
      });
    return editView({ ...ctx, game: row });
  });
}
