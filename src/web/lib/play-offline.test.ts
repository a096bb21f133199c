import { describe, expect, it } from 'vitest';
import { playEndpoints } from '../../shared/api/endpoints/play';
import { playChallengesEndpoints } from '../../shared/api/endpoints/play-challenges';
import { briefingEndpoints } from '../../shared/api/endpoints/briefing';
import { huntEndpoints } from '../../shared/api/endpoints/hunt';
import { placesEndpoints } from '../../shared/api/endpoints/places';
import { playFeedEndpoints } from '../../shared/api/endpoints/showcase';
import { playChatEndpoints } from '../../shared/api/endpoints/chat';
import { hintEndpoints } from '../../shared/api/endpoints/hints';
import { isKeepTilesMessage, isOfflineRead, KEEP_TILES_MESSAGE, OFFLINE_READS, tilesAhead, TILES_AHEAD_BUDGET, type TileRange } from './play-offline';

const playerCalls = [
  playEndpoints,
  playChallengesEndpoints,
  briefingEndpoints,
  huntEndpoints,
  placesEndpoints,
  playFeedEndpoints,
  playChatEndpoints,
  hintEndpoints,
].flatMap((group) => Object.values(group));
const asPath = (template: string) => template.replaceAll(/:[a-z_]+/g, '7').replace('/api/play/7', '/api/play/AB12CD');

describe("the players' offline reads", () => {
  it('are GET endpoints of the player app, each as its descriptor names it', () => {
    for (const template of OFFLINE_READS) {
      const endpoint = playerCalls.find((e) => e.path === template);
      expect(endpoint?.method, template).toBe('GET');
      expect(isOfflineRead('GET', asPath(template))).toBe(true);
    }
  });

  it('never take a write, the event stream or media', () => {
    const kept = playerCalls.filter((e) => isOfflineRead(e.method, asPath(e.path)));
    expect(kept.every((e) => e.method === 'GET')).toBe(true);
    for (const e of [playEndpoints.stream, playEndpoints.position, playChallengesEndpoints.submit, playChallengesEndpoints.media, playFeedEndpoints.media])
      expect(isOfflineRead(e.method, asPath(e.path)), e.path).toBe(false);
    expect(isOfflineRead('GET', '/api/host/games/AB12CD/map')).toBe(false);
    expect(isOfflineRead('PATCH', '/api/play/AB12CD/me')).toBe(false);
    expect(isOfflineRead('GET', '/api/play/AB12CD/map/extra')).toBe(false);
  });
});

describe('the tiles fetched ahead', () => {
  // A square of tiles doubling its side with each zoom, as a real area does.
  const square =
    (side0: number, z0: number) =>
    (z: number): TileRange => {
      const side = side0 * 2 ** (z - z0);
      return { z, minX: 0, maxX: side - 1, minY: 0, maxY: side - 1 };
    };

  it('take the fitted zoom, the one out and two in for a small area', () => {
    expect(tilesAhead(15, square(2, 15)).map((r) => r.z)).toEqual([14, 15, 16, 17]);
  });

  it('stop before the level that would pass the budget, and never past zoom 17', () => {
    const chosen = tilesAhead(14, square(6, 14));
    expect(chosen.map((r) => r.z)).toEqual([13, 14, 15]);
    const count = chosen.reduce((sum, r) => sum + (r.maxX - r.minX + 1) * (r.maxY - r.minY + 1), 0);
    expect(count).toBeLessThanOrEqual(TILES_AHEAD_BUDGET);
    expect(tilesAhead(17, square(1, 17)).map((r) => r.z)).toEqual([16, 17]);
  });

  it('the message to the worker is checked before it is used', () => {
    expect(isKeepTilesMessage({ type: KEEP_TILES_MESSAGE, urls: ['https://tile.example/1/2/3.png'] })).toBe(true);
    expect(isKeepTilesMessage({ type: KEEP_TILES_MESSAGE, urls: [1] })).toBe(false);
    expect(isKeepTilesMessage({ type: 'other', urls: [] })).toBe(false);
    expect(isKeepTilesMessage(null)).toBe(false);
  });
});
