/**
 * A Server-Sent Events reader over `fetch` (decision 0230). The browser's EventSource cannot send headers, and the
 * game's streams are authorised by header (the player token, the organiser's manage key), so this reads the
 * `text/event-stream` body itself: parses it with eventsource-parser, reconnects with a growing delay (1 s → 10 s), sends `Last-Event-ID`
 * so the server replays what was missed, and gives up on a connection that has been silent for too long (a phone
 * that lost its network keeps a dead socket open; the server pings every 20 s).
 */

import { createParser } from 'eventsource-parser';

export type SseEvent = { id: string | null; event: string; data: string };

export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export type EventStreamOptions = {
  url: string;
  /** Read at each (re)connect, so a new token or key is picked up. */
  headers?: () => Record<string, string>;
  onEvent: (event: SseEvent) => void;
  /** A connection opened (the first one or after a drop): the moment to refetch the snapshot. */
  onOpen?: () => void;
  onState?: (state: StreamState) => void;
  /** The server refused for good (4xx other than 408/429): no more reconnects. */
  onFatal?: (status: number) => void;
  minDelayMs?: number;
  maxDelayMs?: number;
  /** Reconnect when nothing (not even a ping) arrived for this long. */
  idleTimeoutMs?: number;
  fetchImpl?: typeof fetch;
};

export type EventStream = { close(): void; reconnectNow(): void; dropNow(): void };

/** The delay before reconnect attempt `attempt` (0-based): doubles from the minimum, capped at the maximum. */
export function backoffDelay(attempt: number, minMs = 1_000, maxMs = 10_000): number {
  return Math.min(maxMs, minMs * 2 ** Math.min(attempt, 10));
}

/**
 * eventsource-parser holds back a CR that ends a chunk until it sees whether an LF follows, so an event ended by bare
 * CRs would wait for the next bytes (up to a ping, 20 s). A CR ending a chunk is fed as CRLF, which ends the line
 * the same way, and an LF opening the next chunk is dropped as the second half of that CRLF.
 */
function crAwareFeed(feed: (chunk: string) => void): (chunk: string) => void {
  let endedWithCr = false;
  return (chunk) => {
    const text = endedWithCr && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
    endedWithCr = text.endsWith('\r');
    feed(endedWithCr ? `${text}\n` : text);
  };
}

export function openEventStream(options: EventStreamOptions): EventStream {
  const { minDelayMs = 1_000, maxDelayMs = 10_000, idleTimeoutMs = 45_000 } = options;
  const doFetch = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let closed = false;
  let attempt = 0;
  let lastEventId: string | null = null;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let serverRetry: number | null = null;
  let everOpened = false;

  const setState = (state: StreamState) => options.onState?.(state);

  const armIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => controller?.abort(), idleTimeoutMs);
  };

  const scheduleReconnect = () => {
    if (closed) return;
    setState('reconnecting');
    const delay = serverRetry !== null && attempt === 0 ? Math.max(minDelayMs, serverRetry) : backoffDelay(attempt, minDelayMs, maxDelayMs);
    attempt += 1;
    retryTimer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    retryTimer = null;
    if (closed) return;
    controller = new AbortController();
    const headers: Record<string, string> = { Accept: 'text/event-stream', ...options.headers?.() };
    if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
    setState(everOpened ? 'reconnecting' : 'connecting');
    try {
      armIdle();
      const response = await doFetch(options.url, { headers, credentials: 'same-origin', cache: 'no-store', signal: controller.signal });
      if (!response.ok || !response.body) {
        const status = response.status;
        if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
          closed = true;
          setState('closed');
          options.onFatal?.(status);
          return;
        }
        throw new Error(`stream answered ${status}`);
      }
      attempt = 0;
      everOpened = true;
      setState('open');
      options.onOpen?.();
      // eventsource-parser forgets an id once its event is dispatched; the stream keeps the last one, as EventSource
      // does, so an event sent without an id still carries the one before it and a reconnect resumes from there.
      const parser = createParser({
        onEvent: (message) => {
          if (message.id !== undefined) lastEventId = message.id;
          options.onEvent({ id: lastEventId, event: message.event ?? 'message', data: message.data });
        },
        onRetry: (ms) => {
          serverRetry = ms;
        },
      });
      const feed = crAwareFeed((chunk) => parser.feed(chunk));
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done || closed) break;
        armIdle();
        feed(value);
      }
    } catch {
      // a dropped connection, an abort by the idle timer, or a network error: reconnect below
    } finally {
      if (idleTimer) clearTimeout(idleTimer);
    }
    scheduleReconnect();
  };

  void connect();

  return {
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (idleTimer) clearTimeout(idleTimer);
      controller?.abort();
      setState('closed');
    },
    /**
     * The browser says it has no network: the connection is dead even if its socket has not noticed (it would sit
     * silent until the idle timeout), so it is dropped now and the screen says so; reconnects back off until online.
     */
    dropNow() {
      if (!closed) controller?.abort();
    },
    /** The page came back online or into view: do not wait out the backoff. */
    reconnectNow() {
      if (closed) return;
      if (retryTimer) {
        clearTimeout(retryTimer);
        attempt = 0;
        void connect();
      }
    },
  };
}
