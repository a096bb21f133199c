import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client';
import { DrainingError } from '../../platform/errors';
import { leaveOutOfRequestMetrics } from '../../platform/metrics';
import { storedEventsAfter, visibleTo, type GameEvent, type GameHub, type Viewer } from './game-events';

/** A comment line now and then keeps proxies and phones from closing a quiet stream, and finds dead peers. */
export const PING_MS = 20_000;
/** When this process drains, its streams' clients are told to come back after 1 s plus up to 2 s more. */
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_SPREAD_MS = 2_000;
/** A reader this far behind is gone or too slow: drop it; it reconnects and catches up from its snapshot. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * Open streams one holder may keep per game in a process (decision 0180): a player's token 3 (a phone, a reload, a
 * second tab), a staff session, the organiser's key or the big screen's link 5 (console, admin page and projector at once). A new stream past
 * the cap closes that holder's oldest, so a reconnect always gets in and a leaking or hostile client holds at most the
 * cap: 1,000 streams of one token became 3.
 */
export const STREAM_CAPS = { player: 3, staff: 5, organiser: 5, screen: 5 } as const;

/** Open streams by holder, per hub (one hub per app), oldest first: each entry ends its stream. */
const openStreams = new WeakMap<GameHub, Map<string, (() => void)[]>>();

/**
 * Who holds a stream, from the viewer its route proved: the player's token, the organiser's management key (only the
 * organiser's route makes an organiser viewer, after checking the key against the game), else the staff session. Never
 * from a header as sent: a staff stream sending any X-Manage-Key closed the organiser's streams (issue 28).
 */
function holderOf(request: FastifyRequest, gameId: number, viewer: Viewer): { key: string; cap: number } {
  if (viewer.kind === 'player') return { key: `player:${viewer.playerId}`, cap: STREAM_CAPS.player };
  if (viewer.kind === 'organiser') return { key: `organiser:${gameId}`, cap: STREAM_CAPS.organiser };
  // The big screen's link (checked against the game by its route): a projector or two, a reload.
  if (viewer.kind === 'screen') return { key: `screen:${gameId}`, cap: STREAM_CAPS.screen };
  return { key: `staff:${request.auth.sessionKey ?? request.ip}:${gameId}`, cap: STREAM_CAPS.staff };
}

/** Registers a new stream of its holder and ends the oldest ones past the cap; returns the stream's removal. */
function admitStream(hub: GameHub, holder: { key: string; cap: number }, end: () => void): () => void {
  let byHolder = openStreams.get(hub);
  if (!byHolder) openStreams.set(hub, (byHolder = new Map()));
  const open = byHolder.get(holder.key) ?? [];
  open.push(end);
  byHolder.set(holder.key, open);
  while (open.length > holder.cap) open.shift()?.();
  return () => {
    const index = open.indexOf(end);
    if (index >= 0) open.splice(index, 1);
    if (open.length === 0 && byHolder.get(holder.key) === open) byHolder.delete(holder.key);
  };
}

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
  // A draining process takes no new stream: 503 with Retry-After, before anything is written, so a proxy may send the
  // GET to another process and a phone without one tries again shortly (decision 0366).
  if (hub.draining) throw new DrainingError();
  leaveOutOfRequestMetrics(request);
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
    // This process drains: the phone comes back with its Last-Event-ID, through the proxy to another process. The
    // retry is spread over 1-3 s so a drained process's phones do not all land on the others in the same instant.
    reconnect: () => {
      write(`retry: ${RECONNECT_MIN_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS)}\n: server restarting, reconnect\n\n`);
      raw.end();
    },
  });
  const ping = setInterval(() => write(': ping\n\n'), PING_MS);
  ping.unref();
  // The holder's oldest stream past its cap ends (the client would reconnect only if it is still wanted).
  const release = admitStream(hub, holderOf(request, gameId, viewer), () => raw.end());
  const cleanup = () => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    unsubscribe();
    release();
  };
  raw.on('close', cleanup);
  raw.on('error', cleanup);

  reply.hijack();
  // The security headers set on request (platform/http/security-headers.ts) still go out: hijack skips Fastify's sending.
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
