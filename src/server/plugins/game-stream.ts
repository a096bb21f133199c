import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { storedEventsAfter, visibleTo, type GameEvent, type GameHub, type Viewer } from '../lib/game-events';

/** A comment line now and then keeps proxies and phones from closing a quiet stream, and finds dead peers. */
export const PING_MS = 20_000;
/** A reader this far behind is gone or too slow: drop it; it reconnects and catches up from its snapshot. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** The Last-Event-ID header as a stored event id; anything else is a fresh start. */
export function lastEventIdOf(request: FastifyRequest): number {
  const raw = request.headers['last-event-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{1,15}$/.test(value)) return 0;
  return Number(value);
}

/** One event goes to many subscribers of a process: its frame is built once. */
const frames = new WeakMap<GameEvent, string>();
function frame(event: GameEvent): string {
  let text = frames.get(event);
  if (text === undefined) {
    const id = event.id === null ? '' : `id: ${event.id}\n`;
    text = `${id}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
    frames.set(event, text);
  }
  return text;
}

/**
 * Answers a game's Server-Sent Events (docs/decisions/0224-realtime.md): subscribes first, then replays the stored
 * events after Last-Event-ID the viewer may see, then live events (each stored one once), a ping every 20 s. The
 * subscriber goes when the connection closes.
 */
export async function streamGame(request: FastifyRequest, reply: FastifyReply, input: { db: Db; hub: GameHub; gameId: number; viewer: Viewer }): Promise<void> {
  const { db, hub, gameId, viewer } = input;
  const raw = reply.raw;
  let lastSent = lastEventIdOf(request);
  let replaying = true;
  const pending: GameEvent[] = [];
  let closed = false;

  const write = (text: string) => {
    if (closed) return;
    raw.write(text);
    if (raw.writableLength > MAX_BUFFERED_BYTES) raw.destroy();
  };
  const send = (event: GameEvent) => {
    if (event.id !== null) {
      if (event.id <= lastSent) return;
      lastSent = event.id;
    }
    write(frame(event));
  };

  const unsubscribe = hub.subscribe(gameId, {
    viewer,
    send: (event) => (replaying ? pending.push(event) : send(event)),
    // The client reconnects (to another process, or to this one once back) and catches up.
    close: () => raw.end(),
  });
  const ping = setInterval(() => write(': ping\n\n'), PING_MS);
  ping.unref();
  const cleanup = () => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    unsubscribe();
  };
  raw.on('close', cleanup);
  raw.on('error', cleanup);

  reply.hijack();
  // The security headers set on request (plugins/security-headers.ts) still go out: hijack skips Fastify's sending.
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  // The client reconnects after 1 s unless it knows better (src/web/lib/event-stream.ts backs off to 10 s).
  write('retry: 1000\n: connected\n\n');

  try {
    if (lastSent > 0) {
      for (const event of await storedEventsAfter(db, gameId, lastSent)) {
        // The projection may have moved (a team change): re-read it from the player events as they replay.
        if (event.type === 'player' && viewer.kind === 'player' && event.meta.playerId === viewer.playerId) viewer.teamId = event.meta.teamId ?? null;
        if (visibleTo(viewer, event)) send(event);
        else if (event.id !== null) lastSent = Math.max(lastSent, event.id);
      }
    }
  } catch (err) {
    request.log.warn({ err }, 'game events replay failed');
    raw.destroy();
    cleanup();
    return;
  }
  replaying = false;
  for (const event of pending.splice(0)) send(event);
}
