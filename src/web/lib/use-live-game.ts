import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { openEventStream, type SseEvent, type StreamState } from './event-stream';
import { retryUnlessRefused } from './api-client';

type Options<S> = {
  queryKey: QueryKey;
  /** The snapshot: fetched at first, and again on every (re)connect of the stream. */
  fetchSnapshot: (signal: AbortSignal) => Promise<S>;
  /** The stream's URL; null keeps it closed (e.g. no token yet, or the game is over). */
  streamUrl: string | null;
  headers?: () => Record<string, string>;
  /** Applies one event to the snapshot. Must be idempotent: after a reconnect an event may come twice. */
  apply: (snapshot: S, event: SseEvent) => S;
  /** The stream refused for good (403/404): e.g. a player token that no longer counts. */
  onFatal?: (status: number) => void;
  /** Every event as it arrives, for what lives beside the snapshot (e.g. the hunt's Backpack refetching). */
  onEvent?: (event: SseEvent) => void;
};

/**
 * A game snapshot kept in TanStack Query and kept current by its event stream (decision 0230). On every
 * (re)connect the snapshot is refetched and the events that arrive meanwhile are held, then applied on top of the
 * fresh snapshot, so nothing said during a dropped phone connection is lost and nothing is applied to stale data.
 */
export function useLiveGame<S>({ queryKey, fetchSnapshot, streamUrl, headers, apply, onFatal, onEvent }: Options<S>) {
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<StreamState>('connecting');
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchSnapshot(signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: retryUnlessRefused(2),
  });

  // The latest callbacks, read by the stream without reopening it on every render.
  const latest = useRef({ queryKey, fetchSnapshot, headers, apply, onFatal, onEvent });
  latest.current = { queryKey, fetchSnapshot, headers, apply, onFatal, onEvent };
  const keyText = JSON.stringify(queryKey);

  useEffect(() => {
    if (!streamUrl) return undefined;
    const key = latest.current.queryKey;
    let held: SseEvent[] | null = null;
    const applyNow = (events: SseEvent[]) =>
      queryClient.setQueryData<S>(key, (old) => (old === undefined ? old : events.reduce<S>((s, e) => latest.current.apply(s, e), old)));

    const stream = openEventStream({
      url: streamUrl,
      headers: () => latest.current.headers?.() ?? {},
      onState: setConnection,
      onFatal: (status) => latest.current.onFatal?.(status),
      onOpen: () => {
        const mine: SseEvent[] = [];
        held = mine;
        void queryClient
          .fetchQuery({ queryKey: key, queryFn: ({ signal }) => latest.current.fetchSnapshot(signal), staleTime: 0 })
          .catch(() => undefined)
          .finally(() => {
            // A newer connection may have started holding its own events meanwhile: leave those to it.
            if (held !== mine) return;
            held = null;
            applyNow(mine);
          });
      },
      onEvent: (event) => {
        latest.current.onEvent?.(event);
        if (held) held.push(event);
        else applyNow([event]);
      },
    });
    // Back online or back in view: do not wait out the reconnect delay.
    const wake = () => stream.reconnectNow();
    const onVisible = () => {
      if (document.visibilityState === 'visible') wake();
    };
    // Offline (the browser knows): the stream is dropped at once, not after 45 silent seconds (decision 0433).
    const drop = () => stream.dropNow();
    window.addEventListener('online', wake);
    window.addEventListener('offline', drop);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', wake);
      window.removeEventListener('offline', drop);
      document.removeEventListener('visibilitychange', onVisible);
      stream.close();
    };
  }, [streamUrl, keyText, queryClient]);

  return { ...query, connection };
}
