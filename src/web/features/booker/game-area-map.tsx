import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import { Circle, MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { mapTileUrl, TILE_ATTRIBUTION } from '../../lib/map-config';
import { useT } from '../../lib/i18n';

/**
 * The game area on a map: a draggable centre and its radius. Loaded as its own chunk (Leaflet is
 * heavy and only this page needs it). Without tiles (offline, blocked) the marker and circle still
 * work on a blank background, and the number fields beside it do the same job.
 */
type Props = { lat: number; lng: number; radius: number; readOnly: boolean; onMove: (lat: number, lng: number) => void };

// A CSS-only marker: Leaflet's default icon images do not survive bundling.
const centreIcon = L.divIcon({
  className: '',
  html: '<span style="display:block;width:22px;height:22px;border-radius:9999px;background:#e59f00;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.5)"></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 11],
});

function FollowCentre({ lat, lng, radius }: { lat: number; lng: number; radius: number }) {
  const map = useMap();
  useEffect(() => {
    map.fitBounds(L.latLng(lat, lng).toBounds(radius * 2.4), { animate: false });
  }, [map, lat, lng, radius]);
  return null;
}

export default function GameAreaMap({ lat, lng, radius, readOnly, onMove }: Props) {
  const t = useT('booker');
  const tileUrl = useMemo(() => mapTileUrl(), []);
  const markerRef = useRef<L.Marker>(null);
  const handlers = useMemo(
    () => ({
      dragend: () => {
        const p = markerRef.current?.getLatLng();
        if (p) onMove(Math.round(p.lat * 1e6) / 1e6, Math.round(p.lng * 1e6) / 1e6);
      },
    }),
    [onMove],
  );
  return (
    <div data-testid="game-area-map" className="relative z-0">
      <MapContainer center={[lat, lng]} zoom={14} scrollWheelZoom={false} className="h-64 w-full rounded-xl sm:h-80">
        <TileLayer url={tileUrl} attribution={TILE_ATTRIBUTION} />
        <Circle center={[lat, lng]} radius={radius} pathOptions={{ color: '#c27c00', fillOpacity: 0.12 }} />
        <Marker ref={markerRef} position={[lat, lng]} icon={centreIcon} draggable={!readOnly} eventHandlers={handlers} title={t('gameAreaCentre')} />
        <FollowCentre lat={lat} lng={lng} radius={radius} />
      </MapContainer>
    </div>
  );
}
