import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { backoffDelay, openEventStream, type SseEvent, type StreamState } from './event-stream';

/**
 * A fetch that answers connection n with the n-th script: the chunks of its text/event-stream body, each read
 * separately, then the end of the body (a drop). Past the scripts the body stays open until the stream is closed.
 */
function scriptedFetch(scripts: string[][]) {
  const requests: { lastEventId: string | null; at: number }[] = [];
  const encoder = new TextEncoder();
  const fetchImpl = async (_input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    requests.push({ lastEventId: new Headers(init?.headers).get('last-event-id'), at: Date.now() });
    const chunks = scripts[requests.length - 1];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (!chunks) {
          init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
          return;
        }
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  };
  return { fetchImpl, requests };
}

async function collect(scripts: string[][], until: (events: SseEvent[]) => boolean, minDelayMs = 10) {
  const { fetchImpl, requests } = scriptedFetch(scripts);
  const events: SseEvent[] = [];
  const stream = openEventStream({ url: 'http://test.invalid/stream', onEvent: (e) => events.push(e), fetchImpl, minDelayMs });
  try {
    await waitFor(() => until(events));
  } finally {
    stream.close();
  }
  return { events, requests };
}

describe('openEventStream parsing the wire format', () => {
  it('reads events with ids, types and multi-line data, and skips comments and pings', async () => {
    const wire = 'retry: 1000\n: connected\n\n: ping\n\nid: 7\nevent: state\ndata: {"a":1}\n\ndata: line one\ndata: line two\n\n';
    const { events } = await collect([[wire]], (e) => e.length >= 2);
    expect(events).toEqual([
      { id: '7', event: 'state', data: '{"a":1}' },
      // the id carries over to later events; no event field means "message"
      { id: '7', event: 'message', data: 'line one\nline two' },
    ]);
  });

  it('joins events split across chunks anywhere, including inside a CRLF', async () => {
    const wire = 'id: 1\r\nevent: position\r\ndata: {"lat":51.5}\r\n\r\nid: 2\revent: teams\rdata: []\r\r';
    const { events } = await collect([[...wire]], (e) => e.length >= 2);
    expect(events).toEqual([
      { id: '1', event: 'position', data: '{"lat":51.5}' },
      { id: '2', event: 'teams', data: '[]' },
    ]);
  });

  it('dispatches nothing for a block without data and keeps a field without a colon', async () => {
    const { events } = await collect([['event: state\n\n', 'data\n\n', 'data: half', '\n\n']], (e) => e.length >= 2);
    expect(events).toEqual([
      { id: null, event: 'message', data: '' },
      { id: null, event: 'message', data: 'half' },
    ]);
  });

  it('sends the last id seen as Last-Event-ID on reconnect, also when later events carried none', async () => {
    const first = 'id: 3\nevent: state\ndata: {"n":1}\n\nevent: teams\ndata: {"n":2}\n\n';
    const { events, requests } = await collect([[first], ['id: 4\ndata: {"n":3}\n\n']], (e) => e.length >= 3);
    expect(events.map((e) => [e.id, e.event])).toEqual([
      ['3', 'state'],
      ['3', 'teams'],
      ['4', 'message'],
    ]);
    expect(requests.map((r) => r.lastEventId)).toEqual([null, '3']);
  });

  it('waits the delay the server asked for (retry:) before reconnecting, not the shorter backoff', async () => {
    const { fetchImpl, requests } = scriptedFetch([['retry: 300\n: connected\n\n', 'data: x\n\n']]);
    const stream = openEventStream({ url: 'http://test.invalid/stream', onEvent: () => undefined, fetchImpl, minDelayMs: 10 });
    try {
      await waitFor(() => requests.length >= 2);
    } finally {
      stream.close();
    }
    // timers may fire a millisecond or two early; the backoff alone would have reconnected after 10 ms
    const [first, second] = requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(290);
  });

  it('drops an open connection when told the browser is offline, says so, and reconnects', async () => {
    // The first body stays open (no script): only dropNow ends it.
    const { fetchImpl, requests } = scriptedFetch([]);
    const states: StreamState[] = [];
    const stream = openEventStream({ url: 'http://test.invalid/stream', onEvent: () => undefined, onState: (s) => states.push(s), fetchImpl, minDelayMs: 10 });
    try {
      await waitFor(() => states.includes('open'));
      stream.dropNow();
      await waitFor(() => requests.length >= 2);
    } finally {
      stream.close();
    }
    expect(states.slice(states.indexOf('open'), states.indexOf('open') + 2)).toEqual(['open', 'reconnecting']);
  });
});

describe('backoffDelay', () => {
  it('doubles from 1 s and stops at 10 s', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });
});

describe('openEventStream against a real HTTP server', () => {
  let server: Server | null = null;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
    server = null;
  });

  async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
    server = createServer(handler);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/stream`;
  }

  it('sends its headers, reconnects after a drop with Last-Event-ID, and reopens (onOpen) each time', async () => {
    const seen: { auth: string | undefined; lastEventId: string | undefined }[] = [];
    const url = await listen((req, res) => {
      const header = (name: string) => {
        const value = req.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      seen.push({ auth: header('x-player-token'), lastEventId: header('last-event-id') });
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      if (seen.length === 1) {
        // the first connection sends two events, then drops
        res.end('id: 3\nevent: state\ndata: {"n":1}\n\nid: 4\nevent: teams\ndata: {"n":2}\n\n');
      } else {
        res.write(`id: 5\nevent: message\ndata: {"n":3}\n\n`);
      }
    });
    const events: SseEvent[] = [];
    const states: StreamState[] = [];
    let opens = 0;
    const stream = openEventStream({
      url,
      headers: () => ({ 'X-Player-Token': 'secret' }),
      onEvent: (e) => events.push(e),
      onOpen: () => (opens += 1),
      onState: (s) => states.push(s),
      minDelayMs: 10,
    });
    await waitFor(() => events.length === 3);
    stream.close();
    expect(events.map((e) => [e.id, e.event])).toEqual([
      ['3', 'state'],
      ['4', 'teams'],
      ['5', 'message'],
    ]);
    expect(seen[0]).toEqual({ auth: 'secret', lastEventId: undefined });
    expect(seen[1]).toEqual({ auth: 'secret', lastEventId: '4' });
    expect(opens).toBe(2);
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'reconnecting', 'open', 'closed']);
  });

  it('stops for good on a refusal (403) and says so', async () => {
    let calls = 0;
    const url = await listen((_req, res) => {
      calls += 1;
      res.writeHead(403, { 'Content-Type': 'application/json' });
      res.end('{"code":"forbidden","message":"Forbidden"}');
    });
    let fatal = 0;
    openEventStream({ url, onEvent: () => undefined, onFatal: (status) => (fatal = status), minDelayMs: 10 });
    await waitFor(() => fatal !== 0);
    await new Promise((r) => setTimeout(r, 50));
    expect(fatal).toBe(403);
    expect(calls).toBe(1);
  });

  it('drops a connection that went silent and reconnects', async () => {
    let calls = 0;
    const url = await listen((_req, res) => {
      calls += 1;
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`id: ${calls}\nevent: state\ndata: {}\n\n`);
      // then nothing: the socket stays open, like a phone that lost its network
    });
    const events: SseEvent[] = [];
    const stream = openEventStream({ url, onEvent: (e) => events.push(e), minDelayMs: 10, idleTimeoutMs: 100 });
    await waitFor(() => events.length >= 2);
    stream.close();
    expect(events.slice(0, 2).map((e) => e.id)).toEqual(['1', '2']);
  });
});

async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
