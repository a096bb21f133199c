import { useEffect, useRef, useState } from 'react';
import { POSITION_SEND_INTERVAL_MS } from '../../../shared/game/positions';
import { ApiError } from '../../lib/api-client';
import { sendPosition } from './play-api';
import { rememberFix } from './current-fix';

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
      sending = true;
      lastSent = Date.now();
      sendPosition(code, token, { lat: latitude, lng: longitude, ...(Number.isFinite(accuracy) ? { accuracy: Math.min(accuracy, 100_000) } : {}) })
        .then(() => setNote(null))
        .catch((error: unknown) => {
          // A fix the server refused as too fast is skipped; the next one is judged again. Others (the game just
          // ended, a dropped connection) are left to the stream and the next tick.
          if (error instanceof ApiError && error.code === 'too_fast') setNote('too_fast');
        })
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
