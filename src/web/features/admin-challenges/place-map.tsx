import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { Circle, MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { mapTileUrl, TILE_ATTRIBUTION } from '../../lib/map-config';

/**
 * Pinning a challenge to a place (decision 0440): a tap on the map puts the pin there, its radius drawn around it.
 * Loaded as its own chunk. Without tiles the latitude and longitude fields beside it do the same job.
 */
type Props = { pin: { lat: number; lng: number } | null; radius: number; onPick: (lat: number, lng: number) => void };

const LONDON = { lat: 51.5074, lng: -0.1278 };
const pinIcon = L.divIcon({
  className: '',
  html: '<span data-testid="place-pin" style="display:block;font-size:24px;line-height:24px">📍</span>',
  iconSize: [24, 24],
  iconAnchor: [12, 24],
});

function Picker({ onPick }: { onPick: Props['onPick'] }) {
  useMapEvents({ click: (e) => onPick(Math.round(e.latlng.lat * 1e6) / 1e6, Math.round(e.latlng.lng * 1e6) / 1e6) });
  return null;
}

function Follow({ pin }: { pin: Props['pin'] }) {
  const map = useMap();
  useEffect(() => {
    if (pin) map.panTo([pin.lat, pin.lng], { animate: false });
  }, [map, pin]);
  return null;
}

export default function PlaceMap({ pin, radius, onPick }: Props) {
  const tileUrl = useMemo(() => mapTileUrl(), []);
  const centre = pin ?? LONDON;
  return (
    <div data-testid="place-map" className="relative z-0">
      <MapContainer center={[centre.lat, centre.lng]} zoom={pin ? 17 : 13} scrollWheelZoom={false} className="h-64 w-full rounded-xl">
        <TileLayer url={tileUrl} attribution={TILE_ATTRIBUTION} />
        <Picker onPick={onPick} />
        <Follow pin={pin} />
        {pin ? (
          <>
            <Circle center={[pin.lat, pin.lng]} radius={radius} pathOptions={{ color: '#0284c7', fillOpacity: 0.15 }} interactive={false} />
            <Marker position={[pin.lat, pin.lng]} icon={pinIcon} keyboard={false} />
          </>
        ) : null}
      </MapContainer>
    </div>
  );
}
