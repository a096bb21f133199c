/**
 * A Server-Sent Events reader over `fetch` (decision 0230). The browser's EventSource cannot send headers, and the
 * game's streams are authorised by header (the player token, the organiser's manage key), so this reads the
 * `text/event-stream` body itself: parses it, reconnects with a growing delay (1 s → 10 s), sends `Last-Event-ID`
 * so the server replays what was missed, and gives up on a connection that has been silent for too long (a phone
 * that lost its network keeps a dead socket open; the server pings every 20 s).
 */

export type SseEvent = { id: string | null; event: string; data: string };

/**
 * The SSE wire format (WHATWG HTML, "event stream interpretation"): lines end in CRLF, LF or CR; `field: value`
 * lines build an event until a blank line dispatches it; `:` starts a comment; `data` lines join with LF; the last
 * `id` seen carries over to later events.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private eventType = '';
  private lastId: string | null = null;
  private sawField = false;
  /** A CR ended the last chunk: an LF opening the next one belongs to it. */
  private pendingCr = false;
  /** A `retry:` field: the delay the server asks for before a reconnect. */
  retry: number | null = null;

  push(chunk: string): SseEvent[] {
    let text = chunk;
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    const events: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\n|\r/.exec(this.buffer);
      if (!match) break;
      // A CR at the very end may be the first half of a CRLF split across chunks.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) this.pendingCr = true;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      this.data.push(value);
      this.sawField = true;
    } else if (field === 'event') {
      this.eventType = value;
      this.sawField = true;
    } else if (field === 'id') {
      if (!value.includes('\0')) this.lastId = value;
    } else if (field === 'retry') {
      if (/^\d+$/.test(value)) this.retry = Number(value);
    }
    return null;
  }

  private dispatch(): SseEvent | null {
    const event = this.sawField && this.data.length > 0 ? { id: this.lastId, event: this.eventType || 'message', data: this.data.join('\n') } : null;
    this.data = [];
    this.eventType = '';
    this.sawField = false;
    return event;
  }

  /** The last event id seen, to send as Last-Event-ID on the next connection. */
  get lastEventId(): string | null {
    return this.lastId;
  }
}

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

export type EventStream = { close(): void; reconnectNow(): void };

/** The delay before reconnect attempt `attempt` (0-based): doubles from the minimum, capped at the maximum. */
export function backoffDelay(attempt: number, minMs = 1_000, maxMs = 10_000): number {
  return Math.min(maxMs, minMs * 2 ** Math.min(attempt, 10));
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
      const parser = new SseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done || closed) break;
        armIdle();
        for (const event of parser.push(value)) {
          if (event.id !== null) lastEventId = event.id;
          options.onEvent(event);
        }
        serverRetry = parser.retry;
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
