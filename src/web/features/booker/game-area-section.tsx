import { lazy, Suspense, useCallback, useId, useState } from 'react';
import type { BookerBooking } from '../../../shared/api/booking';
import { gameAreaBody, RADIUS_MAX, RADIUS_MIN } from '../../../shared/api/booker-game';
import { saveGameArea } from './booker-api';
import { Badge, buttonClass, FieldError, inputClass, labelClass, Section } from '../../components/ui';
import { useSaveAction } from '../../lib/use-save-action';

const GameAreaMap = lazy(() => import('./game-area-map'));
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

type Props = { booking: BookerBooking; onSaved: (b: BookerBooking) => void };

/** Where the game is played: a centre and a radius, on a map or typed in. */
export function GameAreaSection({ booking, onSaved }: Props) {
  const id = useId();
  const locked = booking.locked_game_area;
  const [lat, setLat] = useState(String(booking.initial_area_lat));
  const [lng, setLng] = useState(String(booking.initial_area_lng));
  const [radius, setRadius] = useState(String(booking.initial_area_radius));
  const { run, saving, error } = useSaveAction(onSaved, { success: 'Game area saved', failure: 'Failed to save the game area' });
  const parsed = gameAreaBody.safeParse({ lat: num(lat), lng: num(lng), radius: num(radius) });
  const fieldError = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please check the values');
  const area = parsed.success ? parsed.data : { lat: booking.initial_area_lat, lng: booking.initial_area_lng, radius: booking.initial_area_radius };
  const changed = parsed.success && (area.lat !== booking.initial_area_lat || area.lng !== booking.initial_area_lng || area.radius !== booking.initial_area_radius);
  const onMove = useCallback((a: number, b: number) => {
    setLat(String(a));
    setLng(String(b));
  }, []);

  return (
    <Section
      look="page"
      id="game-area"
      title="Game area"
      description="The Chicken hides inside this circle and teams play within it. Drag the centre on the map or type it in."
      locked={locked}
      actions={changed ? <Badge tone="brand">Unsaved changes</Badge> : null}
    >
      <Suspense fallback={<div className="flex h-64 items-center justify-center rounded-xl bg-slate-100 text-slate-600 sm:h-80">Loading map...</div>}>
        <GameAreaMap lat={area.lat} lng={area.lng} radius={area.radius} readOnly={locked} onMove={onMove} />
      </Suspense>
      <div className="mt-3">
        <label htmlFor={`${id}-radius-range`} className={labelClass('lg')}>
          Radius: {area.radius} m
        </label>
        <input
          id={`${id}-radius-range`}
          type="range"
          min={RADIUS_MIN}
          max={5000}
          step={50}
          disabled={locked}
          value={Math.min(5000, area.radius)}
          onChange={(e) => setRadius(e.target.value)}
          className="mt-1 w-full accent-brand-500"
        />
      </div>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`${id}-lat`} className={labelClass('lg')}>
            Latitude
          </label>
          <input id={`${id}-lat`} className={inputClass('lg')} inputMode="decimal" disabled={locked} value={lat} onChange={(e) => setLat(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-lng`} className={labelClass('lg')}>
            Longitude
          </label>
          <input id={`${id}-lng`} className={inputClass('lg')} inputMode="decimal" disabled={locked} value={lng} onChange={(e) => setLng(e.target.value)} />
        </div>
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor={`${id}-radius`} className={labelClass('lg')}>
            Radius (metres)
          </label>
          <input
            id={`${id}-radius`}
            className={inputClass('lg')}
            inputMode="numeric"
            disabled={locked}
            value={radius}
            onChange={(e) => setRadius(e.target.value)}
            aria-describedby={`${id}-radius-hint`}
          />
          <p id={`${id}-radius-hint`} className="mt-1 text-xs text-slate-500">
            {RADIUS_MIN} to {RADIUS_MAX} m
          </p>
        </div>
      </div>
      {fieldError && !locked ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {fieldError}
        </p>
      ) : null}
      {!locked ? (
        <div className="mt-4">
          <button type="button" className={buttonClass('primary', 'lg')} disabled={!changed || saving} onClick={() => void run(() => saveGameArea(booking, area))}>
            {saving ? 'Saving…' : 'Save game area'}
          </button>
          <FieldError className="mt-2" message={error} />
        </div>
      ) : null}
    </Section>
  );
}
