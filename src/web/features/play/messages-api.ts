import { useCallback, useSyncExternalStore } from 'react';
import { playChatEndpoints as ep } from '../../../shared/api/endpoints/chat';
import { chatMessageSchema, type ChatMessage } from '../../../shared/api/chat';
import { api } from '../../lib/api-client';
import type { SseEvent } from '../../lib/event-stream';
import { playerHeaders } from './challenges-api';

/** The player's messages (decision 0580): their team's channel, their channel with the host, the host's broadcasts. */
export const messageKeys = { list: (code: string) => ['play', 'messages', code.toUpperCase()] as const };
export const fetchMessages = async (code: string, token: string) => (await api(ep.list, { params: { code }, headers: playerHeaders(token) })).messages;

/**
 * Puts a `message` event into the list as it stands (the server sends a phone only its own channels): a new one at
 * the end, a repeat changes nothing, a hidden one goes. Idempotent, so replays after a reconnect are harmless.
 */
export function applyChatEvent(list: ChatMessage[], event: SseEvent): ChatMessage[] {
  if (event.event !== 'message') return list;
  let data: ChatMessage;
  try {
    const parsed = chatMessageSchema.safeParse(JSON.parse(event.data));
    if (!parsed.success) return list;
    data = parsed.data;
  } catch {
    return list;
  }
  const known = list.some((m) => m.id === data.id);
  if (data.hidden) return known ? list.filter((m) => m.id !== data.id) : list;
  return known ? list : [...list, data];
}

// ---- Unread: the last message id read, per game, on this phone (decision 0580). ----
const readKey = (code: string) => `hatch.chat.read.${code.toUpperCase()}`;
const readListeners = new Set<() => void>();
const lastRead = (code: string): number => Number(localStorage.getItem(readKey(code)) ?? 0) || 0;

/** How many messages from others arrived after the last one read, and a way to mark everything read. */
export function useUnread(code: string, messages: readonly ChatMessage[] | undefined, myId: number) {
  const read = useSyncExternalStore(
    (listener) => {
      readListeners.add(listener);
      return () => readListeners.delete(listener);
    },
    () => lastRead(code),
  );
  const unread = (messages ?? []).filter((m) => m.id > read && m.from_player_id !== myId).length;
  const markRead = useCallback(() => {
    const newest = Math.max(0, ...(messages ?? []).map((m) => m.id));
    if (newest <= lastRead(code)) return;
    localStorage.setItem(readKey(code), String(newest));
    for (const listener of readListeners) listener();
  }, [code, messages]);
  return { unread, markRead };
}
