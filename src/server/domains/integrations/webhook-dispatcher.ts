import type { Db } from '../../platform/db/client';
import { attemptDelivery, claimDue, planDeliveries, type Claimed, type DisableNotice } from './webhook-delivery';
import type { WebhookSend } from './webhook-sender';

export type WebhookDispatcher = {
  /** Plans new events' deliveries and starts sending what is due; returns without waiting for the sends. */
  tick(): Promise<void>;
  /** A tick, then waits for every send it started: what a test or the bench runs to see the effects. */
  runOnce(): Promise<void>;
  /** Starts nothing more; resolves once the sends under way have finished. */
  stop(): Promise<void>;
};

export type DispatcherOptions = {
  db: Db;
  send: WebhookSend;
  /** The injectable clock: the time deliveries are planned, signed, retried and given up by. */
  clock?: () => Date;
  /** How long one request may take; a claim lasts that and a margin. */
  timeoutMs: number;
  perEndpoint?: number;
  log?: { warn: (obj: object, msg: string) => void };
  /** Staff are mailed when an endpoint is disabled (the activity log says so either way). */
  notice?: DisableNotice;
};

/**
 * The process's webhook worker (decision 0560), ticked by the scheduler. Each endpoint is sent to by at most one
 * worker loop of this process at a time, and loops run side by side: a slow or failing receiver holds up only its
 * own queue, never the game, the request that caused the event, or another endpoint. Across processes, claims
 * (SKIP LOCKED, claim times) keep each message with one sender.
 */
export function createWebhookDispatcher(options: DispatcherOptions): WebhookDispatcher {
  const clock = options.clock ?? (() => new Date());
  const perEndpoint = options.perEndpoint ?? 10;
  const claimMs = options.timeoutMs + 30_000;
  const busy = new Map<number, Promise<void>>();
  let stopped = false;

  async function work(endpointId: number, first: Claimed[]): Promise<void> {
    let batch = first;
    while (batch.length) {
      // A batch holds at most one message per booking (only the oldest unfinished of each is due), so its sends may
      // overlap without reordering any booking's events.
      await Promise.all(batch.map((claimed) => attemptDelivery(options.db, claimed, options.send, clock, options.notice)));
      if (stopped) return;
      const now = clock();
      // The endpoint's next due messages (the next event of a booking whose last one just went, say), at once.
      batch = await claimDue(options.db, { now, claimUntil: new Date(now.getTime() + claimMs), perEndpoint, skipEndpoints: [], onlyEndpoint: endpointId });
    }
  }

  async function tick(): Promise<void> {
    if (stopped) return;
    await planDeliveries(options.db, clock());
    const now = clock();
    const claimed = await claimDue(options.db, { now, claimUntil: new Date(now.getTime() + claimMs), perEndpoint, skipEndpoints: [...busy.keys()] });
    const byEndpoint = new Map<number, Claimed[]>();
    for (const c of claimed) byEndpoint.set(c.endpoint.id, [...(byEndpoint.get(c.endpoint.id) ?? []), c]);
    for (const [endpointId, batch] of byEndpoint) {
      const loop = work(endpointId, batch)
        .catch((err: unknown) => options.log?.warn({ err, endpointId }, 'webhook delivery failed: the claim lapses and another run retries it'))
        .finally(() => busy.delete(endpointId));
      busy.set(endpointId, loop);
    }
  }

  async function settle(): Promise<void> {
    while (busy.size) await Promise.all(busy.values());
  }

  return {
    tick,
    async runOnce() {
      await tick();
      await settle();
    },
    async stop() {
      stopped = true;
      await settle();
    },
  };
}
