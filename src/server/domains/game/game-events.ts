import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Db, DbOrTx } from '../../platform/db/client';
import type { Metrics } from '../../platform/metrics';
import { gameEvents } from './tables/games';
import { CHAT_CHANNELS, type ChatChannel } from '../../../shared/api/chat';
import { readsChannel } from './chat/chat-audience';
import { GAME_EVENT_TYPES, PLAYER_ROLES, type GameEventType, type PlayerRole } from '../../../shared/api/play';

/**
 * The live game's events (docs/decisions/0224-realtime.md). Publishing stores the event (all but positions) and
 * NOTIFYs it in the caller's transaction, so it leaves only if the change commits; every process LISTENs once and
 * hands each event to its own subscribers of that game, filtered by what each viewer may see.
 */
export const GAME_EVENTS_CHANNEL = 'game_events';
/** NOTIFY payloads stop at 8000 bytes: a larger event is announced by id and read back from the table. */
const INLINE_LIMIT = 7_000;
/** A stream that reconnects after a long gap gets at most this many stored events; its snapshot covers the rest. */
const REPLAY_LIMIT = 2_000;

/** Who an event concerns: the projection reads this, never the data. */
/** `staffOnly`: for staff's screens alone (the review queue's copy of a submission, with its accepted answers). */
/** `channel`: a chat message's channel (decision 0580): a team's or a host channel reaches its own readers only. */
export type EventMeta = {
  playerId?: number | undefined;
  teamId?: number | null | undefined;
  role?: PlayerRole | undefined;
  staffOnly?: boolean | undefined;
  channel?: ChatChannel | undefined;
};
export type GameEvent = { id: number | null; gameId: number; type: GameEventType; data: unknown; meta: EventMeta };

/**
 * Staff (admin, host) see everything; the organiser sees everything but the Chicken's position unless they opt in
 * (they often play: decision 0280); a player sees its own team and itself, never the Chicken. The big screen (a
 * projector anyone in the room reads, decision 0451) sees what every player may: the teams' players and positions,
 * the scores, the feed and the messages; never the Chicken, a team's Backpack or a review's verdict.
 */
export type Viewer =
  | { kind: 'staff' }
  | { kind: 'organiser'; seesChicken: boolean }
  | { kind: 'player'; playerId: number; teamId: number | null; role: PlayerRole }
  | { kind: 'screen' };

/** Whether the viewer may see where the Chicken is (its live position and its trail). */
export function seesChickenPosition(viewer: Viewer): boolean {
  return viewer.kind === 'staff' || (viewer.kind === 'organiser' && viewer.seesChicken);
}

export function visibleTo(viewer: Viewer, event: GameEvent): boolean {
  if (viewer.kind === 'staff') return true;
  if (event.meta.staffOnly) return false;
  if (event.type === 'message' && event.meta.channel !== undefined && event.meta.channel !== 'all') return readsChannel(viewer, event.meta);
  if (viewer.kind === 'organiser') return event.type !== 'position' || event.meta.role !== 'chicken' || viewer.seesChicken;
  if (viewer.kind === 'screen') {
    if (event.type === 'position' || event.type === 'player') return event.meta.role !== 'chicken';
    return event.type !== 'items' && event.type !== 'submission' && event.type !== 'question';
  }
  const { playerId, teamId, role } = event.meta;
  if (playerId === viewer.playerId) return true;
  if (event.type === 'position') return role !== 'chicken' && teamId != null && teamId === viewer.teamId;
  if (event.type === 'player') return role !== 'chicken';
  // A team's Backpack and effects are its own (decision 0241).
  if (event.type === 'items') return teamId != null && teamId === viewer.teamId;
  // A review's verdict is the team's own business (the `teams` event carries the points to everyone).
  if (event.type === 'submission') return teamId != null && teamId === viewer.teamId;
  // A question and its answer are the asking team's; the Chicken gets its own notice, addressed to it (decision 0585).
  if (event.type === 'question') return teamId != null && teamId === viewer.teamId;
  return true;
}

const metaSchema = z.object({
  playerId: z.number().int().optional(),
  teamId: z.number().int().nullable().optional(),
  role: z.enum(PLAYER_ROLES).optional(),
  staffOnly: z.boolean().optional(),
  channel: z.enum(CHAT_CHANNELS).optional(),
});
const notification = z.object({
  g: z.number().int(),
  id: z.number().int().nullable(),
  t: z.enum(GAME_EVENT_TYPES),
  d: z.unknown().optional(),
  m: metaSchema.default({}),
});
const storedPayload = z.object({ data: z.unknown(), meta: metaSchema.default({}) });

export type NewGameEvent = { gameId: number; instanceId: number; type: Exclude<GameEventType, 'position'>; data: unknown; meta?: EventMeta };

/** The advisory lock space of `publishGameEvent`: one lock per game (the game's id is the second key). */
const GAME_EVENT_ORDER_LOCK = 727_060;

/** Stores the event and NOTIFYs it; call inside the transaction of the change it reports. */
export async function publishGameEvent(tx: DbOrTx, event: NewGameEvent): Promise<number> {
  const meta = event.meta ?? {};
  // One game's events commit in the order of their ids. The hubs and the streams hand events on in id order and skip
  // an id that is not newer (a phone's Last-Event-ID is one number), so an event committed just after a later-numbered
  // one of the same game (two processes publishing at once) reached no phone: a rolling restart lost one message on
  // every phone. Held until the transaction ends, so the game's next event takes its id after this one is committed.
  await tx.execute(sql`select pg_advisory_xact_lock(${GAME_EVENT_ORDER_LOCK}, ${event.gameId})`);
  const [row] = await tx
    .insert(gameEvents)
    .values({ gameId: event.gameId, instanceId: event.instanceId, type: event.type, payload: { data: event.data, meta } })
    .returning({ id: gameEvents.id });
  if (!row) throw new Error('game event not stored');
  await tx.execute(
    sql`select pg_notify(${GAME_EVENTS_CHANNEL}, ${notificationText({ id: row.id, gameId: event.gameId, type: event.type, data: event.data, meta })})`,
  );
  return row.id;
}

/** The NOTIFY text of an event; a position is never stored, so it always travels whole. */
export function notificationText(event: GameEvent): string {
  const whole = JSON.stringify({ g: event.gameId, id: event.id, t: event.type, d: event.data, m: event.meta });
  if (whole.length <= INLINE_LIMIT || event.id === null) return whole;
  return JSON.stringify({ g: event.gameId, id: event.id, t: event.type, m: event.meta });
}

/** The id of the game's last stored event ('0' before any): a snapshot's continuation point. */
export async function lastEventId(db: DbOrTx, gameId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${gameEvents.id}), 0)::bigint` })
    .from(gameEvents)
    .where(eq(gameEvents.gameId, gameId));
  return Number(row?.id ?? 0);
}

/** Stored events of a game after `afterId`, oldest first. */
export async function storedEventsAfter(db: DbOrTx, gameId: number, afterId: number, limit = REPLAY_LIMIT): Promise<GameEvent[]> {
  const rows = await db
    .select({ id: gameEvents.id, type: gameEvents.type, payload: gameEvents.payload })
    .from(gameEvents)
    .where(and(eq(gameEvents.gameId, gameId), gt(gameEvents.id, afterId)))
    .orderBy(asc(gameEvents.id))
    .limit(limit);
  return rows.flatMap((row) => {
    const type = GAME_EVENT_TYPES.find((t) => t === row.type);
    const payload = storedPayload.safeParse(row.payload);
    if (!type || !payload.success) return [];
    return [{ id: row.id, gameId, type, data: payload.data.data, meta: payload.data.meta }];
  });
}

/**
 * `close` ends the subscriber's connection when the process shuts down (open streams would hold the close);
 * `reconnect` asks its client to come back (to another process) when this one drains, else `close` is used.
 */
export type Subscriber = { viewer: Viewer; send: (event: GameEvent) => void; close?: () => void; reconnect?: () => void };

export type GameHub = {
  /** Starts this process's LISTEN. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Adds a subscriber to a game; returns its removal. */
  subscribe(gameId: number, subscriber: Subscriber): () => void;
  /** Connected subscribers in this process (bench and tests). */
  size(): number;
  /**
   * The process drains (SIGTERM, decision 0366): no new subscriber is taken and every open one is asked to reconnect,
   * so its client resumes from its Last-Event-ID on another process and misses no stored event.
   */
  drain(): void;
  readonly draining: boolean;
};

type Log = { warn: (obj: object, msg: string) => void };

export function createGameHub(database: Database, log: Log, metrics: Metrics): GameHub {
  const db: Db = database.db;
  const subscribers = new Map<number, Set<Subscriber>>();
  let draining = false;
  // Heard: every committed event of every process reaches each process's LISTEN once (positions included).
  const heard = metrics.counter({
    name: 'hatch_game_events_published_total',
    help: "Game events committed and heard on this process's LISTEN, by type",
    labelNames: ['type'],
  });
  const delivered = metrics.counter({
    name: 'hatch_game_events_delivered_total',
    help: "Game events handed to this process's event streams (one per stream that may see it), by type",
    labelNames: ['type'],
  });
  /** The last stored event id handed out per game, so a reconnected LISTEN can catch up on the gap. */
  const lastDelivered = new Map<number, number>();
  let stopListening: (() => Promise<void>) | null = null;

  const deliver = (event: GameEvent) => {
    if (event.id !== null) {
      const before = lastDelivered.get(event.gameId) ?? 0;
      if (event.id <= before) return;
      lastDelivered.set(event.gameId, event.id);
    }
    const set = subscribers.get(event.gameId);
    if (!set) return;
    for (const subscriber of set) {
      // A player's own team change moves what it may see from now on.
      if (event.type === 'player' && subscriber.viewer.kind === 'player' && event.meta.playerId === subscriber.viewer.playerId) {
        subscriber.viewer.teamId = event.meta.teamId ?? null;
      }
      if (!visibleTo(subscriber.viewer, event)) continue;
      try {
        subscriber.send(event);
        delivered.inc({ type: event.type });
      } catch (err) {
        log.warn({ err }, 'game event not sent to a subscriber');
      }
    }
  };

  const onMessage = (text: string) => {
    let parsed: z.infer<typeof notification>;
    try {
      const raw: unknown = JSON.parse(text);
      if (typeof raw === 'object' && raw !== null && 't' in raw && typeof raw.t === 'string')
        heard.inc({ type: GAME_EVENT_TYPES.find((t) => t === raw.t) ?? 'unknown' });
      // Every process hears every game: one without subscribers here only notes how far the game got.
      if (typeof raw === 'object' && raw !== null && 'g' in raw && typeof raw.g === 'number' && !subscribers.has(raw.g)) {
        const gameId = raw.g;
        if ('id' in raw && typeof raw.id === 'number') lastDelivered.set(gameId, Math.max(raw.id, lastDelivered.get(gameId) ?? 0));
        return;
      }
      parsed = notification.parse(raw);
    } catch (err) {
      log.warn({ err }, 'unreadable game event notification');
      return;
    }
    if (parsed.d === undefined && parsed.id !== null) {
      // Too large to travel inline: read it back.
      void storedEventsAfter(db, parsed.g, parsed.id - 1, 1)
        .then((events) => events.forEach(deliver))
        .catch((err: unknown) => log.warn({ err }, 'game event not read back'));
      return;
    }
    deliver({ id: parsed.id, gameId: parsed.g, type: parsed.t, data: parsed.d, meta: parsed.m });
  };
  const size = () => {
    let n = 0;
    for (const set of subscribers.values()) n += set.size;
    return n;
  };
  metrics.gauge({
    name: 'hatch_event_streams_open',
    help: 'Game event streams open on this process',
    collect() {
      this.set(size());
    },
  });

  /** After the LISTEN connection came back: what was stored meanwhile, for the games watched here. */
  const catchUp = () => {
    for (const gameId of subscribers.keys()) {
      void storedEventsAfter(db, gameId, lastDelivered.get(gameId) ?? 0)
        .then((events) => events.forEach(deliver))
        .catch((err: unknown) => log.warn({ err }, 'game events not caught up'));
    }
  };

  return {
    async start() {
      if (stopListening) return;
      stopListening = await database.listen(GAME_EVENTS_CHANNEL, {
        onMessage,
        onReconnect: catchUp,
        onError: (err) => log.warn({ err }, 'game events listener lost its connection'),
      });
    },
    async stop() {
      const stop = stopListening;
      stopListening = null;
      for (const set of subscribers.values()) for (const subscriber of set) subscriber.close?.();
      subscribers.clear();
      if (stop) await stop();
    },
    subscribe(gameId, subscriber) {
      let set = subscribers.get(gameId);
      if (!set) {
        set = new Set();
        subscribers.set(gameId, set);
      }
      set.add(subscriber);
      return () => {
        const current = subscribers.get(gameId);
        if (!current) return;
        current.delete(subscriber);
        if (current.size === 0) subscribers.delete(gameId);
      };
    },
    size,
    drain() {
      draining = true;
      for (const set of subscribers.values()) for (const subscriber of [...set]) (subscriber.reconnect ?? subscriber.close)?.();
    },
    get draining() {
      return draining;
    },
  };
}
