import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { Circle, MapContainer, Marker, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import type { ItemStation } from '../../../shared/api/markers';
import type { ItemKind } from '../../../shared/game/items';
import { mapTileUrl, TILE_ATTRIBUTION } from '../../lib/map-config';
import { useT } from '../../lib/i18n';

/**
 * The game area with its item stations; a click places a new one. Its own chunk (Leaflet is heavy). Without
 * tiles (offline, blocked) the circle, the markers and clicks still work on a blank background.
 */
type Props = {
  area: { lat: number; lng: number; radius: number };
  stations: readonly ItemStation[];
  /** A power-up's name in the reader's words (the markers page's list). */
  itemName: (kind: ItemKind) => string;
  onPlace: ((lat: number, lng: number) => void) | null;
};

const COLOURS: Record<ItemStation['kind'], string> = { egg_strike: '#dc2626', radar: '#2563eb', rusty_compass: '#b45309', smoke_screen: '#64748b' };
const iconOf = (station: ItemStation) =>
  L.divIcon({
    className: '',
    html: `<span style="display:block;width:18px;height:18px;border-radius:4px;background:${COLOURS[station.kind]};opacity:${station.active ? 1 : 0.4};border:2px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.5)"></span>`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
  });

function FitArea({ lat, lng, radius }: Props['area']) {
  const map = useMap();
  useEffect(() => {
    map.fitBounds(L.latLng(lat, lng).toBounds(radius * 2.4), { animate: false });
  }, [map, lat, lng, radius]);
  return null;
}

function ClickToPlace({ onPlace }: { onPlace: Props['onPlace'] }) {
  useMapEvents({
    click: (e) => {
      if (onPlace) onPlace(Math.round(e.latlng.lat * 1e6) / 1e6, Math.round(e.latlng.lng * 1e6) / 1e6);
    },
  });
  return null;
}

export default function StationsMap({ area, stations, itemName, onPlace }: Props) {
  const t = useT('content');
  const tileUrl = useMemo(() => mapTileUrl(), []);
  return (
    <div data-testid="stations-map" className={`relative z-0 ${onPlace ? 'cursor-crosshair' : ''}`}>
      <MapContainer center={[area.lat, area.lng]} zoom={14} scrollWheelZoom={false} className="h-80 w-full rounded-xl sm:h-[28rem]">
        <TileLayer url={tileUrl} attribution={TILE_ATTRIBUTION} />
        <Circle center={[area.lat, area.lng]} radius={area.radius} pathOptions={{ color: '#c27c00', fillOpacity: 0.08 }} />
        {stations.map((s) => {
          const name = itemName(s.kind);
          return (
            <Marker key={s.id} position={[s.lat, s.lng]} icon={iconOf(s)} title={s.label ? t('stationsMap.titleLabelled', { name, label: s.label }) : name}>
              <Tooltip>
                {name}
                {s.label ? ` · ${s.label}` : ''}
                {s.active ? '' : ` ${t('stationsMap.closed')}`}
              </Tooltip>
            </Marker>
          );
        })}
        <ClickToPlace onPlace={onPlace} />
        <FitArea {...area} />
      </MapContainer>
    </div>
  );
}
