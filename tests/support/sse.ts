/** One Server-Sent Event as the stream sent it. */
export type SseEvent = { id: string | null; event: string; data: string };

export type SseStream = {
  status: number;
  contentType: string | null;
  /** Resolves with the first event (already received or coming) that matches; rejects after `timeoutMs`. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Every event received so far. */
  events: SseEvent[];
  comments: string[];
  /** Resolves once the server has ended the stream (or it was closed). */
  ended: Promise<void>;
  close(): void;
};

/** Reads a text/event-stream with fetch, as the web client does (headers, Last-Event-ID). */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  let markEnded = () => {};
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  const stream: SseStream = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events,
    comments,
    ended,
    next(match, timeoutMs = 5_000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`)), timeoutMs);
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    close: () => controller.abort(),
  };
  if (!res.body || res.status !== 200) {
    markEnded();
    return stream;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) {
              event = line.slice(7);
              isEvent = true;
            } else if (line.startsWith('data: ')) {
              data.push(line.slice(6));
              isEvent = true;
            }
          }
          if (!isEvent) continue;
          const e = { id, event, data: data.join('\n') };
          events.push(e);
          for (const w of waiters.filter((x) => x.match(e))) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(e);
          }
        }
      }
    } catch {
      // Aborted or the server went away: the test decides what that means.
    } finally {
      markEnded();
    }
  })();
  return stream;
}
