import { useEffect, useRef, useState } from 'react';
import { POSITION_SEND_INTERVAL_MS } from '../../../shared/game/positions';
import { ApiError } from '../../lib/api-client';
import { sendPosition } from './play-api';
import { rememberFix } from './current-fix';
import { isUnreachedFix, keep, waiting } from './outbox';

export type SenderNote = null | 'too_fast' | 'no_signal';

/**
 * While `active` (the game is live and the player shared their location), watches the device's position and sends
 * the latest fix every POSITION_SEND_INTERVAL_MS: at once when a fix arrives after a quiet spell, otherwise on the
 * next tick. Nothing is sent before the game is live or after it ends: the effect is not running then.
 */
export function usePositionSender(code: string, token: string, active: boolean, onDenied: () => void): SenderNote {
  const [note, setNote] = useState<SenderNote>(null);
  const deniedRef = useRef(onDenied);
  deniedRef.current = onDenied;

  useEffect(() => {
    if (!active) return undefined;
    if (!('geolocation' in navigator)) {
      deniedRef.current();
      return undefined;
    }
    let latest: GeolocationPosition | null = null;
    let lastSent = 0;
    let sending = false;
    let stopped = false;

    const send = () => {
      if (stopped || sending || !latest || Date.now() - lastSent < POSITION_SEND_INTERVAL_MS) return;
      const { latitude, longitude, accuracy } = latest.coords;
      const madeAt = new Date(latest.timestamp).toISOString();
      sending = true;
      lastSent = Date.now();
      const fix = { lat: latitude, lng: longitude, accuracy: Number.isFinite(accuracy) ? Math.min(accuracy, 100_000) : undefined };
      // Without a connection the fix is kept with its time and sent later, in order, behind what already waits (0431).
      const keepFix = () => keep(code, { code, type: 'position', ...fix, madeAt, state: 'waiting', message: null });
      const sent = waiting(code)
        ? keepFix()
        : sendPosition(code, token, { lat: fix.lat, lng: fix.lng, ...(fix.accuracy === undefined ? {} : { accuracy: fix.accuracy }) })
            .then(() => setNote(null))
            .catch(async (error: unknown) => {
              // A fix the server refused as too fast or too soon is skipped; the next one is judged again. One that
              // never got there is kept; other refusals (the game just ended) are left to the stream and the next tick.
              if (error instanceof ApiError && error.code === 'too_fast') setNote('too_fast');
              else if (isUnreachedFix(error)) await keepFix();
            });
      void sent
        .catch(() => undefined)
        .finally(() => {
          sending = false;
        });
    };

    const watch = navigator.geolocation.watchPosition(
      (position) => {
        latest = position;
        rememberFix(position);
        send();
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) deniedRef.current();
        else setNote('no_signal');
      },
      { enableHighAccuracy: true, maximumAge: POSITION_SEND_INTERVAL_MS, timeout: 30_000 },
    );
    const tick = window.setInterval(send, 1_000);
    return () => {
      stopped = true;
      rememberFix(null);
      navigator.geolocation.clearWatch(watch);
      window.clearInterval(tick);
    };
  }, [active, code, token]);

  return active ? note : null;
}
