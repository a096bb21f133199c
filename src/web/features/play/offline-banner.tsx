import { useEffect, useRef, useState } from 'react';
import type { StreamState } from '../../lib/event-stream';
import { useT } from '../../lib/i18n';

type Shown = 'offline' | 'reconnecting' | 'back' | null;

/** Whether the phone says it has a network (navigator.onLine, kept current by its events). */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * The honest banner (issue 29, decision 0432): offline when the phone has no network, reconnecting while it has one
 * but the game's stream is not back, and "back online" for a moment once it is, with what still waits to be sent.
 */
export function OfflineBanner({ connection, waiting }: { connection: StreamState; waiting: number }) {
  const t = useT('play');
  const online = useOnline();
  const [shown, setShown] = useState<Shown>(null);
  const wasDown = useRef(false);
  useEffect(() => {
    if (!online) {
      wasDown.current = true;
      setShown('offline');
    } else if (connection !== 'open') {
      if (connection === 'reconnecting') wasDown.current = true;
      setShown(wasDown.current ? 'reconnecting' : null);
    } else if (wasDown.current) {
      wasDown.current = false;
      setShown('back');
      const timer = window.setTimeout(() => setShown(null), 5_000);
      return () => window.clearTimeout(timer);
    } else setShown(null);
    return undefined;
  }, [online, connection]);
  if (shown === null && waiting === 0) return null;
  const kept = waiting > 0 ? ` ${t('offlineWaiting', { count: waiting })}` : '';
  const text =
    shown === 'offline'
      ? `${t('offlineNow')}${kept}`
      : shown === 'reconnecting'
        ? `${t('offlineReconnecting')}${kept}`
        : shown === 'back'
          ? `${t('offlineBack')}${waiting > 0 ? ` ${t('offlineSendingKept', { count: waiting })}` : ''}`
          : `${t('offlineSending')}${kept}`;
  const tone = shown === 'back' ? 'border-green-300 bg-green-50 text-green-900' : 'border-amber-300 bg-amber-50 text-amber-900';
  return (
    <p role="status" data-testid="offline-banner" data-state={shown ?? 'sending'} className={`rounded-lg border px-3 py-2 text-sm font-medium ${tone}`}>
      {text}
    </p>
  );
}
