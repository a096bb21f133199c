import { feedEventData, type FeedItem } from '../../shared/api/showcase';
import type { SseEvent } from './event-stream';

/** How many answers a screen keeps in its feed (the server's snapshot sends as many). */
export const FEED_KEEP = 60;

const newestFirst = (a: FeedItem, b: FeedItem) => Date.parse(b.at) - Date.parse(a.at) || b.id - a.id;

/**
 * Applies a `feed` stream event to a screen's feed (decision 0450): an approved answer comes in (or is replaced by its
 * newer version), a hidden one goes. Idempotent, as every live reducer: a replay after a reconnect changes nothing.
 * The event carries no media address: each screen makes it for its own route (`mediaUrl`).
 */
export function applyFeedEvent(items: readonly FeedItem[], event: SseEvent, mediaUrl: (id: number) => string): FeedItem[] {
  if (event.event !== 'feed') return [...items];
  let parsed: unknown;
  try {
    parsed = JSON.parse(event.data);
  } catch {
    return [...items];
  }
  const data = feedEventData.safeParse(parsed);
  if (!data.success) return [...items];
  if (data.data.action === 'hide') {
    const id = data.data.id;
    return items.filter((i) => i.id !== id);
  }
  const incoming = data.data.item;
  const item: FeedItem = { ...incoming, media_url: incoming.media_kind ? mediaUrl(incoming.id) : null };
  return [item, ...items.filter((i) => i.id !== item.id)].sort(newestFirst).slice(0, FEED_KEEP);
}
