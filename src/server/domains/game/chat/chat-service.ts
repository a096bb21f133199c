import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors';
import { requestFingerprint, runIdempotent, storedAnswer } from '../../../platform/idempotency';
import { consumeRateLimit } from '../../../platform/rate-limit';
import { recordActivity, type SessionUser } from '../../identity';
import { publishGameEvent } from '../game-events';
import type { GameContext } from '../game-state';
import type { PlayerAuth } from '../player-auth';
import { gameInstances, instanceTeams, players } from '../tables/games';
import { chatMessageOf, hideMessageRow, inboxMessages, insertMessage, messageById, playerMessages, type MessageRow } from './chat-repository';
import {
  CHAT_LIMIT,
  CHAT_MESSAGES,
  CHAT_WINDOW_SECONDS,
  chatMessageSchema,
  type ChatMessage,
  type InboxMessage,
  type PostMessageBody,
} from '../../../../shared/api/chat';
import { judgeMadeAt } from '../../../../shared/game/made-at';
import { GAME_MESSAGES } from '../../../../shared/game/teams';

/**
 * Talking in the game (issue 40, decision 0580). A player writes to their team or to the host; the host answers one
 * team (or the Chicken) privately, broadcasts (host-service.ts) and hides. Each message is stored and published as a
 * `message` event in one transaction; the event's meta names its channel, so the stream hands it to its readers only
 * (chat-audience.ts). A phone keeps what is written without signal and sends it later with its Idempotency-Key and
 * made_at, like an answer (decision 0430): a repeat of a key answers the first message and stores nothing more.
 */

const scopeOf = (playerId: number) => `POST /api/play/messages player:${playerId}`;
const parse = (stored: unknown): ChatMessage => chatMessageSchema.parse(stored);

export type OfflineMessage = { key: string | null; madeAt: string | undefined };

/** What a player reads: broadcasts, their team's channel, their channel with the host. */
export function listPlayerMessages(db: Db, auth: PlayerAuth): Promise<ChatMessage[]> {
  return playerMessages(db, auth.player);
}

/** The audience of a message, as the stream's filter reads it. */
const metaOf = (row: MessageRow) =>
  row.channel === 'all'
    ? { channel: row.channel }
    : row.teamId !== null
      ? { channel: row.channel, teamId: row.teamId }
      : { channel: row.channel, playerId: row.chickenId ?? -1 };

async function publishMessage(tx: DbOrTx, gameId: number, row: MessageRow, message: ChatMessage): Promise<void> {
  await publishGameEvent(tx, { gameId, instanceId: row.instanceId, type: 'message', data: message, meta: metaOf(row) });
}

/** The message's time: now, or made_at; refused when written after the game ended. A lobby's players may talk already. */
async function writtenAt(db: DbOrTx, instanceId: number, madeAt: string | undefined, now: Date): Promise<Date> {
  const verdict = judgeMadeAt(madeAt, now);
  if (!verdict.ok) throw ValidationError.field('made_at', verdict.message);
  const [instance] = await db.select().from(gameInstances).where(eq(gameInstances.id, instanceId));
  if (!instance) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
  if (instance.status === 'ended') {
    const end = instance.endTime ?? instance.endsAt;
    if (madeAt === undefined || end === null || verdict.at >= end)
      throw new ConflictError(madeAt === undefined ? GAME_MESSAGES.alreadyEnded : CHAT_MESSAGES.afterEnd, 'game_ended');
  }
  return verdict.at;
}

/** Where a player's message goes: their team's channel, or their (team's) channel with the host. */
function audienceOf(auth: PlayerAuth, channel: PostMessageBody['channel']): Pick<MessageRow, 'channel' | 'teamId' | 'chickenId'> {
  const { player } = auth;
  if (player.role === 'chicken') {
    if (channel === 'team') throw ValidationError.field('channel', CHAT_MESSAGES.chickenNoTeam);
    return { channel: 'host', teamId: null, chickenId: player.id };
  }
  if (player.teamId === null) throw ValidationError.field('channel', CHAT_MESSAGES.noTeam);
  return { channel, teamId: player.teamId, chickenId: null };
}

/** A player's message, stored and published once per Idempotency-Key; 201 with it (a repeat: the first's answer). */
export async function postPlayerMessage(db: Db, auth: PlayerAuth, body: PostMessageBody, offline: OfflineMessage, now = new Date()): Promise<ChatMessage> {
  const fingerprint = requestFingerprint({ channel: body.channel, text: body.text, madeAt: body.made_at ?? null });
  const options = { scope: scopeOf(auth.player.id), key: offline.key, fingerprint, parse };
  // A repeat is answered before the flood limit counts it: a phone's outbox may send one message many times.
  if (offline.key !== null) {
    const replay = await storedAnswer(db, { ...options, key: offline.key });
    if (replay) return replay.body;
  }
  const audience = audienceOf(auth, body.channel);
  const at = await writtenAt(db, auth.instance.id, offline.madeAt, now);
  await consumeRateLimit(db, `chat:player:${auth.player.id}`, CHAT_LIMIT, CHAT_WINDOW_SECONDS, CHAT_MESSAGES.tooMany);
  const result = await runIdempotent(db, options, async (tx) => {
    const row = await insertMessage(tx, { instanceId: auth.instance.id, ...audience, senderPlayerId: auth.player.id, text: body.text, writtenAt: at });
    const message = chatMessageOf(row, auth.player.name);
    await publishMessage(tx, auth.game.id, row, message);
    return { statusCode: 201, body: message };
  });
  return result.body;
}

function openInstance(ctx: GameContext) {
  const instance = ctx.instance;
  if (!instance || instance.status === 'ended')
    throw new ConflictError(instance ? GAME_MESSAGES.alreadyEnded : GAME_MESSAGES.gameNotLive, instance ? 'game_ended' : 'game_not_live');
  return instance;
}

/** The host's inbox: every message of the game's current instance (none before it opened). */
export async function inbox(db: Db, ctx: GameContext): Promise<InboxMessage[]> {
  return ctx.instance ? inboxMessages(db, ctx.instance.id) : [];
}

/** The host writes to one team privately (its channel with the host), or to the Chicken. */
export async function hostReply(db: Db, user: SessionUser, ctx: GameContext, to: { teamId: number } | 'chicken', text: string): Promise<ChatMessage> {
  const instance = openInstance(ctx);
  let audience: Pick<MessageRow, 'channel' | 'teamId' | 'chickenId'>;
  if (to === 'chicken') {
    const [chicken] = await db
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.instanceId, instance.id), eq(players.role, 'chicken')));
    if (!chicken) throw new NotFoundError(CHAT_MESSAGES.noChicken);
    audience = { channel: 'host', teamId: null, chickenId: chicken.id };
  } else {
    const [team] = await db
      .select({ id: instanceTeams.id })
      .from(instanceTeams)
      .where(and(eq(instanceTeams.instanceId, instance.id), eq(instanceTeams.id, to.teamId)));
    if (!team) throw new NotFoundError(CHAT_MESSAGES.teamNotFound);
    audience = { channel: 'host', teamId: team.id, chickenId: null };
  }
  return db.transaction(async (tx) => {
    const row = await insertMessage(tx, { instanceId: instance.id, ...audience, authorId: user.id, text });
    const message = chatMessageOf(row, null);
    await publishMessage(tx, ctx.game.id, row, message);
    return message;
  });
}

/**
 * The host hides a message (of any channel): players no longer list it, and a `message` event with `hidden` and no
 * text tells the same readers to drop it. Hiding twice changes nothing more. Logged as the host's action.
 */
export async function hideMessage(db: Db, user: SessionUser, ctx: GameContext, id: number): Promise<ChatMessage> {
  const instance = ctx.instance;
  const found = instance ? await messageById(db, instance.id, id) : undefined;
  if (!instance || !found) throw new NotFoundError(CHAT_MESSAGES.messageNotFound);
  if (found.row.hiddenAt !== null) return found.message;
  return db.transaction(async (tx) => {
    const row = await hideMessageRow(tx, id, user.id);
    if (!row) return found.message;
    const shown = { ...found.message, hidden: true };
    await publishMessage(tx, ctx.game.id, row, { ...shown, text: '' });
    await recordActivity(tx, {
      actorId: user.id,
      action: 'game.message.hide',
      entityType: 'game',
      entityId: ctx.game.id,
      bookingId: ctx.booking.id,
      before: { message_id: id, text: found.row.text },
    });
    return shown;
  });
}
