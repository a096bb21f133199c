import { useCallback, useSyncExternalStore } from 'react';
import { hostChatEndpoints as ep } from '../../../shared/api/endpoints/chat';
import { hintEndpoints } from '../../../shared/api/endpoints/hints';
import { chatMessageSchema, threadOf, type InboxMessage } from '../../../shared/api/chat';
import { api } from '../../lib/api-client';
import type { SseEvent } from '../../lib/event-stream';

/** The host's inbox (decision 0580): every channel of the game, and the hints the teams took (0581). */
export const inboxKeys = {
  list: (code: string) => ['host', 'inbox', code.toUpperCase()] as const,
  hints: (code: string) => ['host', 'hints', code.toUpperCase()] as const,
};
export const fetchInbox = async (code: string) => (await api(ep.inbox, { params: { code } })).messages;
export const replyToTeam = (code: string, teamId: number, text: string) => api(ep.replyToTeam, { params: { code, teamId }, body: { text } });
export const replyToChicken = (code: string, text: string) => api(ep.replyToChicken, { params: { code }, body: { text } });
export const hideMessage = (code: string, id: number) => api(ep.hide, { params: { code, id } });
export const fetchTakenHints = async (code: string) => (await api(hintEndpoints.host, { params: { code } })).taken;

/**
 * Puts a `message` event into the inbox: a new one at the end (with its thread), a repeat changes nothing, a hidden one
 * stays with its text, marked hidden (the event carries no text).
 */
export function applyInboxEvent(list: InboxMessage[], event: SseEvent): InboxMessage[] {
  if (event.event !== 'message') return list;
  let parsed;
  try {
    parsed = chatMessageSchema.safeParse(JSON.parse(event.data));
  } catch {
    return list;
  }
  if (!parsed.success) return list;
  const data = parsed.data;
  const known = list.find((m) => m.id === data.id);
  if (known) return data.hidden && !known.hidden ? list.map((m) => (m.id === data.id ? { ...m, hidden: true } : m)) : list;
  return [...list, { ...data, thread: threadOf(data) }];
}

// ---- Unread per thread: the last message id read, on this device (decision 0580). ----
const readKey = (code: string) => `hatch.inbox.read.${code.toUpperCase()}`;
const listeners = new Set<() => void>();
const readText = (code: string) => localStorage.getItem(readKey(code)) ?? '{}';
function readMap(text: string): Record<string, number> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, number] => typeof e[1] === 'number'));
  } catch {
    return {};
  }
}

/** Unread messages from players per thread, and a way to mark a thread read up to its newest message. */
export function useInboxUnread(code: string, messages: readonly InboxMessage[] | undefined) {
  const text = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => readText(code),
  );
  const read = readMap(text);
  const unread = new Map<string, number>();
  for (const m of messages ?? []) {
    if (m.from_player_id === null || m.hidden || m.id <= (read[m.thread] ?? 0)) continue;
    unread.set(m.thread, (unread.get(m.thread) ?? 0) + 1);
  }
  const markRead = useCallback(
    (thread: string) => {
      const newest = Math.max(0, ...(messages ?? []).filter((m) => m.thread === thread).map((m) => m.id));
      const current = readMap(readText(code));
      if (newest <= (current[thread] ?? 0)) return;
      localStorage.setItem(readKey(code), JSON.stringify({ ...current, [thread]: newest }));
      for (const listener of listeners) listener();
    },
    [code, messages],
  );
  return { unread, markRead };
}
