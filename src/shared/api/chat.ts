import { z } from 'zod';
import { idSchema } from './common';
import { madeAtSchema } from '../game/made-at';
import { isOneLine, ONE_LINE_MESSAGE } from '../validation/text-rules';

/**
 * Talking in the game (issue 40, decision 0580): a team's own channel, each team's private channel with the host (the
 * Chicken has one too, and no team channel), and the host's broadcasts, all in one list per reader. The contract's
 * shape is `{id, channel, from, text, at}`; the rest says who may read it and what the host did with it.
 */
export const CHAT_CHANNELS = ['team', 'host', 'all'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];
/** What a player writes to: their team, or the host (a player never broadcasts). */
export const PLAYER_CHANNELS = ['team', 'host'] as const;

/** A chat message is short: a line of text and emoji, like a text message. */
export const CHAT_TEXT_MAX = 280;
/** Flood limits per player: this many messages in CHAT_WINDOW_SECONDS (a repeat of one Idempotency-Key does not count). */
export const CHAT_LIMIT = 20;
export const CHAT_WINDOW_SECONDS = 60;

/** The name a message from the host (or staff) carries as its `from`. */
export const HOST_NAME = 'Host';

export const CHAT_MESSAGES = {
  textRequired: 'Please enter a message',
  textTooLong: `Please use at most ${CHAT_TEXT_MAX} characters`,
  channel: 'Choose the team channel or the host',
  noTeam: 'Join a team to write to it',
  chickenNoTeam: 'The Chicken has no team channel: write to the host',
  notLive: 'Messages can be sent once the game has opened',
  afterEnd: 'The game had already ended when this message was written, so it was not sent',
  tooMany: 'You are sending messages too fast: wait a moment and send again',
  messageNotFound: 'Message not found',
  teamNotFound: 'This team is not part of the game',
  noChicken: 'The Chicken has not joined this game',
  oneRecipient: 'Write to one team or to the Chicken, not both',
} as const;

export const chatText = z
  .string({ message: CHAT_MESSAGES.textRequired })
  .trim()
  .min(1, CHAT_MESSAGES.textRequired)
  .max(CHAT_TEXT_MAX, CHAT_MESSAGES.textTooLong)
  // Text and emoji on one line: no control characters (the one-line rule of every short field).
  .refine(isOneLine, ONE_LINE_MESSAGE);

export const chatMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(CHAT_CHANNELS),
  /** Who wrote it: the player's name, or HOST_NAME. */
  from: z.string(),
  /** The player who wrote it (null: the host). A phone tells its own messages by this. */
  from_player_id: z.number().int().nullable(),
  /** The team whose channel (team or host) it is; null for a broadcast and for the Chicken's channel with the host. */
  team_id: z.number().int().nullable(),
  text: z.string(),
  /** When it was written (made_at for one kept offline), ISO 8601. */
  at: z.string(),
  /** Hidden by the host: players no longer see it (the host's inbox keeps it, marked); a hidden event carries no text. */
  hidden: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const messagesResponse = z.object({ messages: z.array(chatMessageSchema) });
export type MessagesResponse = z.infer<typeof messagesResponse>;

export const postMessageBody = z.object({
  channel: z.enum(PLAYER_CHANNELS, { message: CHAT_MESSAGES.channel }),
  text: chatText,
  /** When the phone wrote it, if it is sent later (kept offline, shared/game/made-at.ts). */
  made_at: madeAtSchema.optional(),
});
export type PostMessageBody = z.infer<typeof postMessageBody>;
export const chatMessageResponse = z.object({ message: chatMessageSchema });

/** The host's inbox: every message of the game, hidden ones too, with the thread each belongs to. */
export const inboxMessageSchema = chatMessageSchema.extend({
  /** 'all', `team:<id>` (the team's channel), `host:<id>` (the team's channel with the host) or 'chicken'. */
  thread: z.string(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;
export const inboxResponse = z.object({ messages: z.array(inboxMessageSchema) });

export const hostReplyBody = z.object({ text: chatText });
export const hostTeamParams = z.object({ code: z.string().trim().min(1).max(64), teamId: idSchema });
export const hostMessageParams = z.object({ code: z.string().trim().min(1).max(64), id: idSchema });

/** The thread a message belongs to (shared by the host's inbox and its unread counts). */
export function threadOf(message: Pick<ChatMessage, 'channel' | 'team_id'>): string {
  if (message.channel === 'all') return 'all';
  if (message.team_id === null) return 'chicken';
  return `${message.channel}:${message.team_id}`;
}
