import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../../shared/api/showcase';
import { applyFeedEvent, FEED_KEEP } from './feed-events';

const item = (id: number, at: string, extra: Partial<FeedItem> = {}): FeedItem => ({
  id,
  team_id: 1,
  team_name: 'Foxes',
  challenge_name: 'Statue',
  kind: 'photo',
  text: null,
  count: null,
  media_url: null,
  media_kind: 'photo',
  points_awarded: 5,
  at,
  ...extra,
});
const feed = (data: unknown) => ({ id: '1', event: 'feed', data: JSON.stringify(data) });
const url = (id: number) => `/media/${id}`;

describe('applyFeedEvent', () => {
  it('puts an approved answer in, newest first, with this screen’s media address', () => {
    const before = [item(1, '2030-01-01T10:00:00Z', { media_url: url(1) })];
    const after = applyFeedEvent(before, feed({ action: 'show', item: item(2, '2030-01-01T10:05:00Z') }), url);
    expect(after.map((i) => [i.id, i.media_url])).toEqual([
      [2, '/media/2'],
      [1, '/media/1'],
    ]);
  });

  it('is idempotent: the same event twice leaves one entry; a text answer gets no media address', () => {
    const event = feed({ action: 'show', item: item(3, '2030-01-01T10:00:00Z', { kind: 'text', text: 'An egg', media_kind: null }) });
    const once = applyFeedEvent([], event, url);
    expect(applyFeedEvent(once, event, url)).toEqual(once);
    expect(once[0]?.media_url).toBeNull();
  });

  it('takes a hidden answer out, and ignores other events and malformed data', () => {
    const list = [item(1, '2030-01-01T10:00:00Z'), item(2, '2030-01-01T10:01:00Z')];
    expect(applyFeedEvent(list, feed({ action: 'hide', id: 1 }), url).map((i) => i.id)).toEqual([2]);
    expect(applyFeedEvent(list, { id: null, event: 'teams', data: '{}' }, url)).toEqual(list);
    expect(applyFeedEvent(list, { id: null, event: 'feed', data: 'not json' }, url)).toEqual(list);
    expect(applyFeedEvent(list, feed({ action: 'burn', id: 1 }), url)).toEqual(list);
  });

  it(`keeps the newest ${FEED_KEEP}`, () => {
    const many = Array.from({ length: FEED_KEEP }, (_, i) => item(i + 1, new Date(Date.UTC(2030, 0, 1, 10, i)).toISOString()));
    const after = applyFeedEvent(many, feed({ action: 'show', item: item(999, '2030-01-02T00:00:00Z') }), url);
    expect(after).toHaveLength(FEED_KEEP);
    expect(after[0]?.id).toBe(999);
    expect(after.some((i) => i.id === 1)).toBe(false);
  });
});
