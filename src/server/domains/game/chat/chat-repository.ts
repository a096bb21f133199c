import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../platform/db/client';
import { gameMessages, players } from '../tables/games';
import { HOST_NAME, threadOf, type ChatMessage, type InboxMessage } from '../../../../shared/api/chat';

/** The game's messages as every reader gets them (decision 0580); the rule of who reads which is chat-audience.ts. */
export type MessageRow = typeof gameMessages.$inferSelect;
const sender = alias(players, 'sender');

/** The answer shape: a hidden message keeps its text for the host only (`withHiddenText`). */
export function chatMessageOf(row: MessageRow, senderName: string | null, withHiddenText = false): ChatMessage {
  const hidden = row.hiddenAt !== null;
  return {
    id: row.id,
    channel: row.channel,
    from: row.senderPlayerId !== null ? (senderName ?? 'Player') : HOST_NAME,
    from_player_id: row.senderPlayerId,
    team_id: row.teamId,
    text: hidden && !withHiddenText ? '' : row.text,
    at: row.writtenAt.toISOString(),
    hidden,
  };
}

async function select(db: DbOrTx, where: SQL | undefined, withHiddenText: boolean): Promise<ChatMessage[]> {
  const rows = await db
    .select({ message: gameMessages, senderName: sender.name })
    .from(gameMessages)
    .leftJoin(sender, eq(sender.id, gameMessages.senderPlayerId))
    .where(where)
    // Arrival order: a message kept offline shows its written time but comes where it arrived (decision 0580).
    .orderBy(asc(gameMessages.id));
  return rows.map((r) => chatMessageOf(r.message, r.senderName, withHiddenText));
}

/** One message with its sender's name. */
export async function messageById(db: DbOrTx, instanceId: number, id: number): Promise<{ row: MessageRow; message: ChatMessage } | undefined> {
  const [found] = await db
    .select({ message: gameMessages, senderName: sender.name })
    .from(gameMessages)
    .leftJoin(sender, eq(sender.id, gameMessages.senderPlayerId))
    .where(and(eq(gameMessages.instanceId, instanceId), eq(gameMessages.id, id)));
  return found ? { row: found.message, message: chatMessageOf(found.message, found.senderName, true) } : undefined;
}

/** The host's broadcasts still shown (the live snapshots of every screen). */
export function broadcasts(db: DbOrTx, instanceId: number): Promise<ChatMessage[]> {
  return select(db, and(eq(gameMessages.instanceId, instanceId), eq(gameMessages.channel, 'all'), isNull(gameMessages.hiddenAt)), false);
}

/** What a player reads: the broadcasts, their team's channel and their team's (or, the Chicken, their own) channel with the host. */
export function playerMessages(db: DbOrTx, player: { id: number; instanceId: number; teamId: number | null; role: string }): Promise<ChatMessage[]> {
  const own =
    player.role === 'chicken'
      ? and(eq(gameMessages.channel, 'host'), eq(gameMessages.chickenId, player.id))
      : player.teamId !== null
        ? eq(gameMessages.teamId, player.teamId)
        : undefined;
  const channels = own ? or(eq(gameMessages.channel, 'all'), own) : eq(gameMessages.channel, 'all');
  return select(db, and(eq(gameMessages.instanceId, player.instanceId), isNull(gameMessages.hiddenAt), channels), false);
}

/** The host's inbox: every message of the instance, hidden ones marked and kept with their text. */
export async function inboxMessages(db: DbOrTx, instanceId: number): Promise<InboxMessage[]> {
  const messages = await select(db, eq(gameMessages.instanceId, instanceId), true);
  return messages.map((m) => ({ ...m, thread: threadOf(m) }));
}

export async function insertMessage(db: DbOrTx, values: typeof gameMessages.$inferInsert): Promise<MessageRow> {
  const [row] = await db.insert(gameMessages).values(values).returning();
  if (!row) throw new Error('message not stored');
  return row;
}

/** Hides a message once; answers the row (hidden now or before). */
export async function hideMessageRow(db: DbOrTx, id: number, userId: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(gameMessages)
    .set({ hiddenAt: new Date(), hiddenBy: userId })
    .where(and(eq(gameMessages.id, id), isNull(gameMessages.hiddenAt)))
    .returning();
  return row;
}
