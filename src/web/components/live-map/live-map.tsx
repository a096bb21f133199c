import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import { Circle, MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { mapTileUrl, TILE_ATTRIBUTION } from '../../lib/map-config';
import { keepTiles } from '../../lib/keep-tiles';
import { tilesAhead, type TileRange } from '../../lib/play-offline';
import { CHICKEN_COLOUR, teamColours, NO_TEAM_COLOUR, type ColourTeam } from '../../../shared/game/team-colours';
import { escapeHtml } from '../../../shared/html';
import { useT } from '../../lib/i18n';

/**
 * The live game on a map (decision 0230): the game area, one marker per player with a known position (team colour,
 * name), their trails, and the Chicken for staff and the organiser. Shared by the player app, the host console and
 * the organiser's page; each passes only what its viewer may see (the server already projects it). Loaded as its
 * own chunk: Leaflet stays out of every page that does not show a map.
 */
export type MapPoint = { lat: number; lng: number; at: string };
export type MapPlayer = {
  id: number;
  name: string;
  team_id: number | null;
  role: 'player' | 'chicken';
  position: MapPoint | null;
  trail: MapPoint[];
};
export type MapArea = { lat: number; lng: number; radius: number };
/** A challenge tied to a place (decision 0440): its pin and radius; a done one is drawn grey. */
export type MapPlace = { id: number; name: string; lat: number; lng: number; radius_m: number; done: boolean };
/** An item station (Weapons plan), drawn as a small labelled square. */
export type MapStation = { id: number; label: string; name: string; lat: number; lng: number; active: boolean };

type Props = {
  area: MapArea;
  /** The game's teams: each player's marker takes its team's colour among them. */
  teams: readonly ColourTeam[];
  players: readonly MapPlayer[];
  /** The viewer's own player, drawn a little larger. */
  selfId?: number | null;
  className?: string;
  /** The area as booked, dashed, when the game area has shrunk inside it (decision 0280). */
  bookedArea?: MapArea | null;
  stations?: readonly MapStation[];
  /** Staff only: where the Chicken hid. */
  hidingSpot?: { lat: number; lng: number } | null;
  places?: readonly MapPlace[];
  /** The player's phone: the area's tiles are fetched once ahead and kept for a dead zone (decision 0433). */
  keepTilesOffline?: boolean;
};

// CSS-only markers (Leaflet's default images do not survive bundling). The data attributes let a test, or a
// screen reader's list beside the map, tell where each marker is.
function playerIcon(player: MapPlayer, colour: string, self: boolean, point: MapPoint): L.DivIcon {
  const size = self ? 20 : 16;
  const dot =
    player.role === 'chicken'
      ? `<span style="display:flex;align-items:center;justify-content:center;width:26px;height:26px;border-radius:9999px;background:${CHICKEN_COLOUR};border:2px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.5);font-size:15px">🐔</span>`
      : `<span style="display:block;width:${size}px;height:${size}px;border-radius:9999px;background:${colour};border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.5)"></span>`;
  const label = `<span style="position:absolute;left:50%;top:100%;transform:translateX(-50%);margin-top:2px;white-space:nowrap;font:600 12px/1.2 system-ui,sans-serif;color:#0f172a;background:rgba(255,255,255,.85);padding:0 4px;border-radius:4px">${escapeHtml(player.name)}</span>`;
  const anchor = player.role === 'chicken' ? 13 : size / 2;
  return L.divIcon({
    className: '',
    html: `<span data-testid="map-marker" data-player-id="${player.id}" data-name="${escapeHtml(player.name)}" data-lat="${point.lat}" data-lng="${point.lng}" style="position:relative;display:block">${dot}${label}</span>`,
    iconSize: [anchor * 2, anchor * 2],
    iconAnchor: [anchor, anchor],
  });
}

/** The area's box as FitView fits it (its padding too), so the tiles fetched ahead are the ones the map first shows. */
const areaBounds = (lat: number, lng: number, radius: number) => L.latLng(lat, lng).toBounds(radius * 2.2);
const FIT_PADDING = 24;
const FIT_MAX_ZOOM = 17;

/**
 * Fits the view to the area and the players in it: on first load, once more when the first positions arrive, and when
 * the area itself changes (issue 19: the host's map showed the area, not the players). Once the viewer pans or zooms,
 * it never moves the map again: live updates never yank the view.
 */
function FitView({ area, points }: { area: MapArea; points: readonly MapPoint[] }) {
  const map = useMap();
  const userMoved = useRef(false);
  const fitting = useRef(false);
  const fitted = useRef({ area: '', withPoints: false });
  useEffect(() => {
    const moved = () => {
      if (!fitting.current) userMoved.current = true;
    };
    map.on('dragstart', moved);
    map.on('zoomstart', moved);
    return () => {
      map.off('dragstart', moved);
      map.off('zoomstart', moved);
    };
  }, [map]);
  useEffect(() => {
    const key = `${area.lat},${area.lng},${area.radius}`;
    const withPoints = points.length > 0;
    const first = fitted.current.area === '';
    const due = first || (!userMoved.current && (fitted.current.area !== key || (withPoints && !fitted.current.withPoints)));
    if (!due) return;
    fitted.current = { area: key, withPoints };
    const bounds = areaBounds(area.lat, area.lng, area.radius);
    for (const p of points) bounds.extend([p.lat, p.lng]);
    fitting.current = true;
    try {
      map.fitBounds(bounds, { animate: false, padding: [FIT_PADDING, FIT_PADDING], maxZoom: FIT_MAX_ZOOM });
    } finally {
      fitting.current = false;
    }
  }, [map, area.lat, area.lng, area.radius, points]);
  return null;
}

/**
 * Asks the players' service worker to fetch the game area's tiles once, at the zoom the map fits it to, one level out
 * and the levels in that the budget allows (lib/play-offline.ts), so they are there in a dead zone. The URLs are made as
 * Leaflet makes them (same template, subdomain and retina suffix), so the map's own requests find them cached.
 */
function KeepTilesAhead({ area, tileUrl }: { area: MapArea; tileUrl: string }) {
  const map = useMap();
  const asked = useRef('');
  useEffect(() => {
    const key = `${tileUrl}|${area.lat},${area.lng},${area.radius}`;
    if (asked.current === key) return;
    asked.current = key;
    const bounds = areaBounds(area.lat, area.lng, area.radius);
    const fitZoom = Math.min(map.getBoundsZoom(bounds, false, L.point(FIT_PADDING * 2, FIT_PADDING * 2)), FIT_MAX_ZOOM);
    const rangeAt = (z: number): TileRange => {
      const nw = map.project(bounds.getNorthWest(), z).divideBy(256).floor();
      const se = map.project(bounds.getSouthEast(), z).divideBy(256).floor();
      return { z, minX: nw.x, maxX: se.x, minY: nw.y, maxY: se.y };
    };
    const subdomains = 'abc';
    const urls = tilesAhead(fitZoom, rangeAt).flatMap(({ z, minX, maxX, minY, maxY }) => {
      const list: string[] = [];
      for (let x = minX; x <= maxX; x += 1)
        for (let y = minY; y <= maxY; y += 1)
          list.push(L.Util.template(tileUrl, { r: L.Browser.retina ? '@2x' : '', s: subdomains[Math.abs(x + y) % subdomains.length] ?? 'a', x, y, z }));
      return list;
    });
    keepTiles(urls);
  }, [map, area.lat, area.lng, area.radius, tileUrl]);
  return null;
}

function stationIcon(station: MapStation): L.DivIcon {
  const colour = station.active ? '#7c3aed' : '#94a3b8';
  const text = escapeHtml(station.label || station.name);
  return L.divIcon({
    className: '',
    // No label under the square: stations sit close together and their labels overlapped (issue 19); the name shows
    // as a tooltip on hover or tap.
    html: `<span data-testid="map-station" data-station-id="${station.id}" data-name="${text}" style="position:relative;display:block"><span style="display:flex;align-items:center;justify-content:center;width:18px;height:18px;border-radius:4px;background:${colour};border:2px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.5);font-size:11px">🎒</span></span>`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
  });
}

function StationMarker({ station }: { station: MapStation }) {
  const icon = useMemo(() => stationIcon(station), [station]);
  return (
    <Marker position={[station.lat, station.lng]} icon={icon} keyboard={false}>
      <Tooltip direction="top" offset={[0, -10]}>
        {station.label || station.name}
      </Tooltip>
    </Marker>
  );
}

function placeIcon(place: MapPlace): L.DivIcon {
  return L.divIcon({
    className: '',
    html: `<span data-testid="map-place" data-challenge-id="${place.id}" data-name="${escapeHtml(place.name)}" data-lat="${place.lat}" data-lng="${place.lng}" style="display:block;font-size:20px;line-height:20px;filter:${place.done ? 'grayscale(1)' : 'none'}">📍</span>`,
    iconSize: [20, 20],
    iconAnchor: [10, 20],
  });
}

function PlaceMarker({ place }: { place: MapPlace }) {
  const icon = useMemo(() => placeIcon(place), [place]);
  const colour = place.done ? '#94a3b8' : '#0284c7';
  return (
    <>
      <Circle center={[place.lat, place.lng]} radius={place.radius_m} pathOptions={{ color: colour, fillOpacity: 0.15, weight: 2 }} interactive={false} />
      <Marker position={[place.lat, place.lng]} icon={icon} keyboard={false}>
        <Tooltip direction="top" offset={[0, -18]}>
          {place.name}
        </Tooltip>
      </Marker>
    </>
  );
}

const HIDING_ICON = L.divIcon({
  className: '',
  html: '<span data-testid="map-hiding-spot" style="display:block;font-size:20px;line-height:20px">🪺</span>',
  iconSize: [20, 20],
  iconAnchor: [10, 10],
});

/**
 * Where the Chicken hid, on staff's maps only. Its words are the content area's, asked for here and not by the map, so
 * the players' and the big screen's maps (which never show it) load no staff catalogue.
 */
function HidingSpotMarker({ at }: { at: { lat: number; lng: number } }) {
  const t = useT('content');
  return <Marker position={[at.lat, at.lng]} icon={HIDING_ICON} title={t('liveMap.hidingSpot')} keyboard={false} />;
}

function PlayerMarker({ player, colour, self }: { player: MapPlayer; colour: string; self: boolean }) {
  const point = player.position;
  const icon = useMemo(() => (point ? playerIcon(player, colour, self, point) : null), [player, colour, self, point]);
  if (!point || !icon) return null;
  return (
    <Marker
      position={[point.lat, point.lng]}
      icon={icon}
      title={player.name}
      keyboard={false}
      zIndexOffset={player.role === 'chicken' ? 1000 : self ? 500 : 0}
    />
  );
}

export default function LiveMap({
  area,
  teams,
  players,
  selfId = null,
  className = 'h-72 w-full sm:h-96',
  bookedArea = null,
  stations = [],
  hidingSpot = null,
  places = [],
  keepTilesOffline = false,
}: Props) {
  const tileUrl = useMemo(() => mapTileUrl(), []);
  // Only whether there are positions, and the first set, matter to the fit: a stable list until that changes.
  const located = players.filter((p) => p.position !== null).length > 0;
  const pointsRef = useRef<MapPoint[]>([]);
  if (located !== pointsRef.current.length > 0) pointsRef.current = players.flatMap((p) => (p.position ? [p.position] : []));
  const points = pointsRef.current;
  const colours = useMemo(() => teamColours(teams), [teams]);
  const colourOf = (p: MapPlayer) => (p.role === 'chicken' ? CHICKEN_COLOUR : p.team_id === null ? NO_TEAM_COLOUR : (colours.get(p.team_id) ?? NO_TEAM_COLOUR));
  return (
    <div data-testid="live-map" data-area-radius={area.radius} className="relative z-0">
      <MapContainer center={[area.lat, area.lng]} zoom={15} scrollWheelZoom={false} className={`${className} rounded-xl`}>
        <TileLayer url={tileUrl} attribution={TILE_ATTRIBUTION} />
        {bookedArea && bookedArea.radius > area.radius ? (
          <Circle
            center={[bookedArea.lat, bookedArea.lng]}
            radius={bookedArea.radius}
            pathOptions={{ color: '#64748b', dashArray: '6 6', fillOpacity: 0 }}
            interactive={false}
          />
        ) : null}
        <Circle center={[area.lat, area.lng]} radius={area.radius} pathOptions={{ color: '#c27c00', fillOpacity: 0.08 }} interactive={false} />
        {stations.map((s) => (
          <StationMarker key={`station-${s.id}`} station={s} />
        ))}
        {places.map((p) => (
          <PlaceMarker key={`place-${p.id}`} place={p} />
        ))}
        {hidingSpot ? <HidingSpotMarker at={hidingSpot} /> : null}
        {players.map((p) => {
          const colour = colourOf(p);
          const trail: [number, number][] = p.trail.map((t) => [t.lat, t.lng]);
          if (p.position) trail.push([p.position.lat, p.position.lng]);
          return trail.length > 1 ? (
            <Polyline key={`trail-${p.id}`} positions={trail} pathOptions={{ color: colour, weight: 3, opacity: 0.6 }} interactive={false} />
          ) : null;
        })}
        {players.map((p) => (
          <PlayerMarker key={p.id} player={p} colour={colourOf(p)} self={p.id === selfId} />
        ))}
        <FitView area={area} points={points} />
        {keepTilesOffline ? <KeepTilesAhead area={area} tileUrl={tileUrl} /> : null}
      </MapContainer>
    </div>
  );
}
