/**
 * What the players' service worker (src/web/sw/sw.ts, decision 0433) keeps for a phone in a dead zone, written
 * once for the worker and the page: no DOM and no worker API here, so both builds compile it.
 */

/**
 * The player's reads the live game needs, kept network-first (the last good answer serves a phone without signal).
 * Only these GETs: never a write, never the event stream (`/stream`), never media (big, and fetched on demand).
 */
export const OFFLINE_READS = [
  '/api/play/:code',
  '/api/play/:code/me',
  '/api/play/:code/map',
  '/api/play/:code/challenges',
  '/api/play/:code/briefing',
  '/api/play/:code/backpack',
  '/api/play/:code/chicken',
  '/api/play/:code/feed',
  // The Messages tab and the challenges' hints (decision 0580, 0581): read again offline after a reload.
  '/api/play/:code/messages',
  '/api/play/:code/hints',
] as const;

const readPatterns = OFFLINE_READS.map((template) => new RegExp(`^${template.replace(':code', '[^/]+')}$`));

/** Whether a request is one of the reads kept for offline play: a GET (a PATCH of /me shares its path) to one of them. */
export const isOfflineRead = (method: string, pathname: string): boolean => method === 'GET' && readPatterns.some((pattern) => pattern.test(pathname));

/** The message a page posts to the worker: fetch these map tiles once, if not cached yet. */
export const KEEP_TILES_MESSAGE = 'hatch:keep-tiles';
export type KeepTilesMessage = { type: typeof KEEP_TILES_MESSAGE; urls: string[] };

export function isKeepTilesMessage(data: unknown): data is KeepTilesMessage {
  if (typeof data !== 'object' || data === null || !('type' in data) || !('urls' in data)) return false;
  return data.type === KEEP_TILES_MESSAGE && Array.isArray(data.urls) && data.urls.every((u) => typeof u === 'string');
}

/**
 * At most this many tiles are fetched ahead for one game area: enough for the area at the zoom the map fits it to and
 * two levels in (about 170 tiles for an 800 m radius), and a fair use of a public tile server.
 */
export const TILES_AHEAD_BUDGET = 300;
/** The deepest zoom fetched ahead: the live map never fits closer, and OpenStreetMap asks apps not to bulk-fetch z18. */
export const TILES_AHEAD_MAX_ZOOM = 17;

export type TileRange = { z: number; minX: number; maxX: number; minY: number; maxY: number };

/**
 * The zoom levels fetched ahead for an area, given the tiles it covers at each level: the fitted zoom and the one out,
 * then closer levels while the total stays within the budget (a level that would pass it, and any deeper, is left out).
 */
export function tilesAhead(fitZoom: number, rangeAt: (z: number) => TileRange, budget = TILES_AHEAD_BUDGET): TileRange[] {
  const chosen: TileRange[] = [];
  let count = 0;
  for (let z = Math.max(0, fitZoom - 1); z <= Math.min(fitZoom + 2, TILES_AHEAD_MAX_ZOOM); z += 1) {
    const range = rangeAt(z);
    const tiles = (range.maxX - range.minX + 1) * (range.maxY - range.minY + 1);
    if (count + tiles > budget) break;
    chosen.push(range);
    count += tiles;
  }
  return chosen;
}
