/**
 * Map tiles for the booker's game-area map (docs/decisions/0140-booker-pages.md).
 * The template is read from `<meta name="map-tile-url">` when the page carries one, otherwise this
 * default (OpenStreetMap's public tiles, which ask for attribution). The server's CSP allows images
 * from the origin of its MAP_TILE_URL setting: change both together.
 */
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export function mapTileUrl(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="map-tile-url"]');
  return meta?.content ? meta.content : DEFAULT_TILE_URL;
}
