import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { recordActivity } from '../identity';
import { webhookAttempts, webhookEndpoints, webhookMessages } from './tables/integrations';
import { deliveryBody, type EndpointRow } from './webhook-delivery';
import { newWebhookId, newWebhookSecret } from './webhook-signing';
import { checkTarget, type Resolver } from './url-guard';
import { TEST_EVENT_TYPE } from '../../../shared/integrations/events';
import { INTEGRATION_MESSAGES, type Delivery, type Webhook } from '../../../shared/api/integrations';

export type WebhookDeps = { db: Db; allowPrivate: boolean; resolve?: Resolver; now?: () => Date };
type Actor = { id: number | null };

const UNFINISHED = ['pending', 'retrying', 'sending'] as const;

async function endpointOf(db: DbOrTx, id: number): Promise<EndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw new NotFoundError(INTEGRATION_MESSAGES.webhookNotFound);
  return row;
}

function toWebhook(row: EndpointRow, queued: number): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    status: row.status,
    disabled_reason: row.disabledReason,
    failing_since: row.failingSince?.toISOString() ?? null,
    previous_secret_expires_at: row.previousSecret ? (row.previousSecretExpiresAt?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
    queued,
  };
}

/** A https URL on a public address (or, with WEBHOOK_ALLOW_PRIVATE, http or a private one), else 422 on `url`. */
async function assertTarget(deps: WebhookDeps, url: string): Promise<void> {
  const check = await checkTarget(url, deps.allowPrivate, deps.resolve);
  if (!check.ok) throw ValidationError.field('url', check.message);
}

export async function createWebhook(
  deps: WebhookDeps,
  actor: Actor,
  body: { url: string; events: Webhook['events']; description?: string | null | undefined },
) {
  await assertTarget(deps, body.url);
  const secret = newWebhookSecret();
  const events = [...new Set(body.events)];
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ url: body.url, events, description: body.description ?? null, secret, createdBy: actor.id, createdAt: deps.now?.() ?? new Date() })
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new Error('webhook not stored');
    await recordActivity(tx, { actorId: actor.id, action: 'webhook.create', entityType: 'webhook', entityId: row.id, after: { url: body.url, events } });
    return { webhook: { id: row.id, url: body.url, events }, secret };
  });
}

export async function listWebhooks(db: DbOrTx): Promise<Webhook[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.id));
  const queued = await db
    .select({ endpointId: webhookMessages.endpointId, n: count() })
    .from(webhookMessages)
    .where(inArray(webhookMessages.status, [...UNFINISHED]))
    .groupBy(webhookMessages.endpointId);
  const byId = new Map(queued.map((q) => [q.endpointId, q.n]));
  return rows.map((r) => toWebhook(r, byId.get(r.id) ?? 0));
}

export async function updateWebhook(
  deps: WebhookDeps,
  actor: Actor,
  id: number,
  body: { events?: Webhook['events'] | undefined; description?: string | null | undefined; enabled?: boolean | undefined },
): Promise<Webhook> {
  await deps.db.transaction(async (tx) => {
    const before = await endpointOf(tx, id);
    const enable = body.enabled === true && before.status === 'disabled';
    const disable = body.enabled === false && before.status === 'enabled';
    await tx
      .update(webhookEndpoints)
      .set({
        ...(body.events ? { events: [...new Set(body.events)] } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        // Re-enabled, its failures are forgotten: the 5 days start again from its next failure.
        ...(enable ? { status: 'enabled' as const, disabledReason: null, failingSince: null } : {}),
        ...(disable ? { status: 'disabled' as const, disabledReason: 'Paused by staff.' } : {}),
      })
      .where(eq(webhookEndpoints.id, id));
    await recordActivity(tx, {
      actorId: actor.id,
      action: 'webhook.update',
      entityType: 'webhook',
      entityId: id,
      before: { events: before.events, status: before.status },
      after: { events: body.events ?? before.events, status: enable ? 'enabled' : disable ? 'disabled' : before.status },
    });
  });
  return (await listWebhooks(deps.db)).find((w) => w.id === id) ?? toWebhook(await endpointOf(deps.db, id), 0);
}

export async function deleteWebhook(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await endpointOf(tx, id);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordActivity(tx, {
      actorId: actor.id,
      action: 'webhook.delete',
      entityType: 'webhook',
      entityId: id,
      before: { url: row.url, events: row.events },
    });
  });
}

/** A new secret; the old one keeps signing (beside the new) for `overlapHours`, so the receiver can switch over. */
export async function rollSecret(deps: WebhookDeps, actor: Actor, id: number, overlapHours: number) {
  const now = deps.now?.() ?? new Date();
  const secret = newWebhookSecret();
  const expires = overlapHours > 0 ? new Date(now.getTime() + overlapHours * 3_600_000) : null;
  await deps.db.transaction(async (tx) => {
    const row = await endpointOf(tx, id);
    await tx
      .update(webhookEndpoints)
      .set({ secret, previousSecret: expires ? row.secret : null, previousSecretExpiresAt: expires })
      .where(eq(webhookEndpoints.id, id));
    await recordActivity(tx, { actorId: actor.id, action: 'webhook.roll_secret', entityType: 'webhook', entityId: id, after: { overlap_hours: overlapHours } });
  });
  return { secret, previous_secret_expires_at: expires?.toISOString() ?? null };
}

/** "Send test event": a `webhook.test` message, delivered like any other (signed, logged, retried). */
export async function sendTestEvent(deps: WebhookDeps, actor: Actor, id: number): Promise<{ webhook_id: string }> {
  const now = deps.now?.() ?? new Date();
  const endpoint = await endpointOf(deps.db, id);
  const webhookId = newWebhookId();
  const body = deliveryBody(TEST_EVENT_TYPE, now, { version: 1, webhook: { id: endpoint.id }, message: 'A test event from hatch.' });
  await deps.db.transaction(async (tx) => {
    await tx.insert(webhookMessages).values({
      endpointId: id,
      webhookId,
      eventType: TEST_EVENT_TYPE,
      subject: `test:${webhookId}`,
      body,
      status: 'pending',
      nextAttemptAt: now,
      createdAt: now,
    });
    await recordActivity(tx, { actorId: actor.id, action: 'webhook.test', entityType: 'webhook', entityId: id });
  });
  return { webhook_id: webhookId };
}

/** Replays one logged delivery: the same `webhook-id` and body, signed anew, as a message of its own. */
export async function replayDelivery(deps: WebhookDeps, actor: Actor, id: number, deliveryId: number) {
  const now = deps.now?.() ?? new Date();
  const [found] = await deps.db
    .select({ message: webhookMessages })
    .from(webhookAttempts)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
    .where(and(eq(webhookAttempts.id, deliveryId), eq(webhookAttempts.endpointId, id)));
  if (!found) throw new NotFoundError(INTEGRATION_MESSAGES.deliveryNotFound);
  return replay(deps.db, actor, id, [found.message], now);
}

/** Replays every event planned for the endpoint since `since` (a receiver reconciling what it missed), in order. */
export async function replaySince(deps: WebhookDeps, actor: Actor, id: number, since: Date) {
  const now = deps.now?.() ?? new Date();
  if (since > now) throw ValidationError.field('since', INTEGRATION_MESSAGES.sinceInFuture);
  await endpointOf(deps.db, id);
  const originals = await deps.db
    .select()
    .from(webhookMessages)
    .where(and(eq(webhookMessages.endpointId, id), gte(webhookMessages.createdAt, since), isNull(webhookMessages.replayOf), isNotNull(webhookMessages.eventId)))
    .orderBy(asc(webhookMessages.id))
    .limit(10_000);
  return replay(deps.db, actor, id, originals, now);
}

async function replay(db: Db, actor: Actor, endpointId: number, originals: (typeof webhookMessages.$inferSelect)[], now: Date) {
  // A replay's messages keep their booking's order among themselves, apart from the live queue.
  const batch = randomBytes(6).toString('hex');
  await db.transaction(async (tx) => {
    if (originals.length)
      await tx.insert(webhookMessages).values(
        originals.map((m) => ({
          endpointId,
          replayOf: m.replayOf ?? m.id,
          webhookId: m.webhookId,
          eventType: m.eventType,
          subject: `replay:${batch}:${m.subject}`,
          body: m.body,
          status: 'pending' as const,
          nextAttemptAt: now,
          createdAt: now,
        })),
      );
    await recordActivity(tx, {
      actorId: actor.id,
      action: 'webhook.replay',
      entityType: 'webhook',
      entityId: endpointId,
      after: { messages: originals.length },
    });
  });
  return { replayed: originals.length, webhook_ids: originals.map((m) => m.webhookId) };
}

/** The delivery log of an endpoint, newest first: each attempt and where its event now stands. */
export async function listDeliveries(db: DbOrTx, id: number, limit: number): Promise<{ deliveries: Delivery[]; queued: number }> {
  await endpointOf(db, id);
  const rows = await db
    .select({ attempt: webhookAttempts, message: webhookMessages })
    .from(webhookAttempts)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
    .where(eq(webhookAttempts.endpointId, id))
    .orderBy(desc(webhookAttempts.id))
    .limit(limit);
  const [queued] = await db
    .select({ n: count() })
    .from(webhookMessages)
    .where(and(eq(webhookMessages.endpointId, id), sql`${webhookMessages.status} in ('pending', 'retrying', 'sending')`));
  return {
    deliveries: rows.map(({ attempt, message }) => ({
      id: attempt.id,
      webhook_id: message.webhookId,
      event_type: message.eventType,
      attempt: attempt.attempt,
      outcome: attempt.succeeded ? 'succeeded' : 'failed',
      response_code: attempt.responseCode,
      response_body: attempt.responseBody,
      error: attempt.error,
      attempted_at: attempt.attemptedAt.toISOString(),
      duration_ms: attempt.durationMs,
      status: message.status,
      next_attempt_at: message.status === 'retrying' ? message.nextAttemptAt.toISOString() : null,
      replay: message.replayOf !== null,
    })),
    queued: queued?.n ?? 0,
  };
}
