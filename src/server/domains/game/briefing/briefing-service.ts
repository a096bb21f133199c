import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/client';
import { NotFoundError } from '../../../platform/errors';
import { recordActivity } from '../../identity';
import { staffMember } from '../../identity/records';
import { games, gameTranslations } from '../tables/games';
import { loadGame, type GameContext } from '../game-state';
import type { PlayerAuth } from '../player-auth';
import {
  briefingText,
  DEFAULT_BRIEFING,
  defaultFinishMessage,
  finishText,
  type AdminBriefingBody,
  type BriefingBody,
  type BriefingTranslatedField,
} from '../../../../shared/game/briefing';
import { translatedText, type Translations } from '../../../../shared/i18n/content';
import { DEFAULT_LANGUAGE } from '../../../../shared/i18n/languages';
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

type BriefingTranslations = Translations<BriefingTranslatedField>;

/** The game's briefing translations (decision 0630); {} when none. */
async function translationsOf(db: DbOrTx, gameId: number): Promise<BriefingTranslations> {
  const [row] = await db.select({ translations: gameTranslations.translations }).from(gameTranslations).where(eq(gameTranslations.gameId, gameId)).limit(1);
  return row?.translations ?? {};
}

export async function playerBriefing(db: Db, auth: PlayerAuth): Promise<PlayBriefing> {
  const ctx = await gameOf(db, auth.game.code);
  const meetingPoint = ctx.booking.meetingPointAddress;
  // In the player's language (decision 0630): staff's translation, else the game's own English, else the default.
  // A player in English reads nothing more.
  const { language } = auth.player;
  const translations = language === DEFAULT_LANGUAGE ? {} : await translationsOf(db, ctx.game.id);
  const own = (english: string | null, field: BriefingTranslatedField) => translatedText(english ?? '', translations, language, field) || null;
  return {
    briefing: briefingText(own(ctx.game.briefing, 'briefing')),
    finish_message: finishText(own(ctx.game.finishMessage, 'finish_message'), meetingPoint),
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
  const ctx = await gameOf(db, code);
  return { ...editView(ctx), translations: await translationsOf(db, ctx.game.id) };
}

/** Sets a game's translations; none left removes its row. */
async function saveTranslations(tx: DbOrTx, gameId: number, translations: BriefingTranslations): Promise<void> {
  if (Object.keys(translations).length === 0) {
    await tx.delete(gameTranslations).where(eq(gameTranslations.gameId, gameId));
    return;
  }
  await tx
    .insert(gameTranslations)
    .values({ gameId, translations })
    .onConflictDoUpdate({ target: gameTranslations.gameId, set: { translations, updatedAt: new Date() } });
}

/**
 * Saves both texts; staff changes go into the activity log with the booking, in the same transaction, with the
 * translations when staff gave them (the organiser's save leaves them as they are).
 */
export async function saveBriefing(
  db: Db,
  code: string,
  body: BriefingBody | AdminBriefingBody,
  who: { actorId: number } | { manageKey: string | null },
): Promise<BriefingEdit> {
  return db.transaction(async (tx) => {
    const ctx = 'actorId' in who ? await gameOf(tx, code) : await organiserGame(tx, code, who.manageKey);
    const [row] = await tx.update(games).set({ briefing: body.briefing, finishMessage: body.finish_message }).where(eq(games.id, ctx.game.id)).returning();
    if (!row) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
    if (!('actorId' in who)) return editView({ ...ctx, game: row });
    const before = await translationsOf(tx, ctx.game.id);
    const given = 'translations' in body ? body.translations : undefined;
    if (given !== undefined) await saveTranslations(tx, ctx.game.id, given);
    const after = given ?? before;
    const changed = JSON.stringify(before) !== JSON.stringify(after);
    await recordActivity(tx, {
      actorId: who.actorId,
      action: 'game.briefing',
      entityType: 'game',
      entityId: ctx.game.id,
      bookingId: ctx.booking.id,
      before: { briefing: ctx.game.briefing, finish_message: ctx.game.finishMessage, ...(changed ? { translations: before } : {}) },
      after: { briefing: row.briefing, finish_message: row.finishMessage, ...(changed ? { translations: after } : {}) },
    });
    return { ...editView({ ...ctx, game: row }), translations: after };
  });
}
