import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../platform/db/client';
import { takeEvents, type StoredEvent } from '../../platform/event-outbox';
import { recordActivity } from '../identity';
import { staffMember } from '../identity/records';
import type { Mailer } from '../../platform/mail';
import { pageUrl, paths } from '../../../shared/page-paths';
import { attemptVerdict, failedTooLong } from '../../../shared/integrations/delivery';
import { OUTSIDE_EVENT_TYPES, type OutsideEventType } from '../../../shared/integrations/events';
import { webhookAttempts, webhookEndpoints, webhookMessages } from './tables/integrations';
import { newWebhookId, signedHeaders } from './webhook-signing';
import type { SendResult, WebhookSend } from './webhook-sender';

export type MessageRow = typeof webhookMessages.$inferSelect;
export type EndpointRow = typeof webhookEndpoints.$inferSelect;

const UNFINISHED = sql.raw(`('pending', 'retrying', 'sending')`);

const isOutsideType = (type: string): type is OutsideEventType => OUTSIDE_EVENT_TYPES.some((t) => t === type);

/** The body every delivery carries: `{type, timestamp, data}` (the contract), as sent, byte for byte. */
export const deliveryBody = (type: string, at: Date, data: Record<string, unknown>): string => JSON.stringify({ type, timestamp: at.toISOString(), data });

/**
 * Plans the deliveries of the events recorded since the last run (decision 0560): one message per event and endpoint
 * subscribed to its type when it happened, in the outbox reader's transaction, so an event is planned exactly once
 * whichever process reads it. Answers how many events were read.
 */
export async function planDeliveries(db: Db, now: Date): Promise<number> {
  return takeEvents(db, async (tx, events) => {
    const endpoints = await tx.select().from(webhookEndpoints);
    const rows = events.flatMap((event) => plannedFor(event, endpoints, now));
    if (rows.length) await tx.insert(webhookMessages).values(rows).onConflictDoNothing();
  });
}

function plannedFor(event: StoredEvent, endpoints: readonly EndpointRow[], now: Date): (typeof webhookMessages.$inferInsert)[] {
  if (!isOutsideType(event.type)) return [];
  const type = event.type;
  return endpoints
    .filter((e) => e.events.includes(type) && e.createdAt.getTime() <= event.occurredAt.getTime())
    .map((e) => ({
      endpointId: e.id,
      eventId: event.id,
      webhookId: newWebhookId(),
      eventType: type,
      subject: event.subject,
      body: deliveryBody(type, event.occurredAt, event.data),
      status: 'pending' as const,
      nextAttemptAt: now,
      createdAt: now,
    }));
}

/** Claimed messages: sending until `claimUntil`; a process that dies meanwhile leaves them to be taken again then. */
export type Claimed = { message: MessageRow; endpoint: EndpointRow };

/**
 * Claims due messages (decision 0560), at most `perEndpoint` of each endpoint, skipping endpoints this process is
 * already sending to, and rows another process holds (SKIP LOCKED), then marks them 'sending' until `claimUntil` in
 * the same transaction: two processes never hold one message. Of one endpoint's unfinished messages about one subject
 * (a booking) only the oldest is due, so a booking's events arrive in the order they happened, each after the
 * previous one succeeded or was given up.
 */
export async function claimDue(
  db: Db,
  input: { now: Date; claimUntil: Date; perEndpoint: number; skipEndpoints: readonly number[]; onlyEndpoint?: number },
): Promise<Claimed[]> {
  const { now } = input;
  const nowIso = now.toISOString();
  const skip: SQL = input.skipEndpoints.length ? sql`and m.endpoint_id not in (${sql.join([...input.skipEndpoints], sql`, `)})` : sql``;
  const only: SQL = input.onlyEndpoint === undefined ? sql`` : sql`and m.endpoint_id = ${input.onlyEndpoint}`;
  return db.transaction(async (tx) => {
    const due = sql`select d.id from (
        select m.id, row_number() over (partition by m.endpoint_id order by m.id) as n
        from ${webhookMessages} m join ${webhookEndpoints} e on e.id = m.endpoint_id
        where e.status = 'enabled' and m.status in ${UNFINISHED} and m.next_attempt_at <= ${nowIso}::timestamptz ${skip} ${only}
          and not exists (
            select 1 from ${webhookMessages} p
            where p.endpoint_id = m.endpoint_id and p.subject = m.subject and p.id < m.id and p.status in ${UNFINISHED}
          )
      ) d where d.n <= ${input.perEndpoint}`;
    // The outer conditions are checked again on the row as it is once locked: a row another process claimed and
    // committed since the inner read is no longer due and is not taken.
    const rows = await tx
      .select()
      .from(webhookMessages)
      .where(
        and(
          sql`${webhookMessages.id} in (${due})`,
          sql`${webhookMessages.status} in ${UNFINISHED}`,
          sql`${webhookMessages.nextAttemptAt} <= ${nowIso}::timestamptz`,
        ),
      )
      .orderBy(webhookMessages.id)
      .for('update', { skipLocked: true });
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    await tx
      .update(webhookMessages)
      .set({ status: 'sending', attempts: sql`${webhookMessages.attempts} + 1`, nextAttemptAt: input.claimUntil })
      .where(sql`${webhookMessages.id} in (${sql.join(ids, sql`, `)})`);
    const endpointIds = [...new Set(rows.map((r) => r.endpointId))];
    const endpoints = await tx
      .select()
      .from(webhookEndpoints)
      .where(sql`${webhookEndpoints.id} in (${sql.join(endpointIds, sql`, `)})`);
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    return rows.flatMap((r) => {
      const endpoint = byId.get(r.endpointId);
      return endpoint ? [{ message: { ...r, status: 'sending' as const, attempts: r.attempts + 1 }, endpoint }] : [];
    });
  });
}

/** The secrets a delivery is signed with now: the current one, and the previous one during a roll's overlap. */
export function liveSecrets(endpoint: Pick<EndpointRow, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>, now: Date): string[] {
  const previous = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now ? [endpoint.previousSecret] : [];
  return [endpoint.secret, ...previous];
}

/** One attempt: signed now, sent, and its result written (the log row, the message's next step, the endpoint's health). */
/** How staff are told an endpoint was disabled, beside the activity log: a mail to every admin (serve.ts gives it). */
export type DisableNotice = { mail: Pick<Mailer, 'queue'>; baseUrl: string };

export async function attemptDelivery(db: Db, claimed: Claimed, send: WebhookSend, clock: () => Date, notice?: DisableNotice): Promise<SendResult> {
  const { message, endpoint } = claimed;
  const at = clock();
  const headers = signedHeaders({ webhookId: message.webhookId, at, body: message.body, secrets: liveSecrets(endpoint, at) });
  const result = await send({ url: endpoint.url, headers, body: message.body });
  await recordAttempt(db, claimed, result, clock(), notice);
  return result;
}

async function recordAttempt(db: Db, { message, endpoint }: Claimed, result: SendResult, now: Date, notice?: DisableNotice): Promise<void> {
  const verdict = attemptVerdict({ status: result.status, attempts: message.attempts, createdAt: message.createdAt, now });
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      messageId: message.id,
      endpointId: endpoint.id,
      attempt: message.attempts,
      succeeded: verdict.kind === 'succeeded',
      responseCode: result.status,
      responseBody: result.body,
      error: result.error,
      durationMs: result.durationMs,
      attemptedAt: now,
    });
    // Only while this process's claim stands: a late answer after the claim lapsed (and another process took the
    // message) changes nothing but the log.
    const mine = and(eq(webhookMessages.id, message.id), eq(webhookMessages.status, 'sending'), eq(webhookMessages.attempts, message.attempts));
    if (verdict.kind === 'succeeded') {
      await tx.update(webhookMessages).set({ status: 'succeeded', finishedAt: now }).where(mine);
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
      return;
    }
    if (verdict.kind === 'retry') await tx.update(webhookMessages).set({ status: 'retrying', nextAttemptAt: verdict.at }).where(mine);
    else await tx.update(webhookMessages).set({ status: 'failed', finishedAt: now }).where(mine);
    if (verdict.kind === 'gone') {
      await disableEndpoint(tx, endpoint.id, 'The receiver answered 410 Gone: it no longer wants these events.', notice);
      return;
    }
    const [health] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ failingSince: webhookEndpoints.failingSince });
    if (failedTooLong(health?.failingSince ?? null, now))
      await disableEndpoint(tx, endpoint.id, 'Every delivery failed for 5 days in a row: re-enable it once the receiver works again.', notice);
  });
}

/**
 * Disables an endpoint and tells staff: the activity log names it, and the Integrations screen shows it disabled with
 * the reason. Only an enabled endpoint is disabled (and logged) once.
 */
export async function disableEndpoint(tx: Tx | DbOrTx, endpointId: number, reason: string, notice?: DisableNotice): Promise<void> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.status, 'enabled')))
    .returning({ url: webhookEndpoints.url });
  if (!row) return;
  await recordActivity(tx, { actorId: null, action: 'webhook.disabled', entityType: 'webhook', entityId: endpointId, after: { url: row.url, reason } });
  if (!notice) return;
  const admin = staffMember('webhook_admin');
  const admins = await tx.select({ email: admin.email }).from(admin).where(eq(admin.isAdmin, true)).orderBy(admin.id);
  if (!admins.length) return;
  // Queued in this transaction: the mail goes only if the endpoint was disabled, once, whichever process did it.
  await notice.mail.queue(tx, {
    to: admins.map((a) => a.email).join(', '),
    subject: 'A webhook endpoint was disabled',
    text: [
      `hatch stopped sending events to ${row.url}.`,
      '',
      reason,
      '',
      `Its deliveries wait until it is enabled again: ${pageUrl(notice.baseUrl, paths.admin.integrations)}`,
    ].join('\n'),
    kind: 'webhook.disabled',
  });
}

/** Finished messages (and their attempts) go 30 days after they finished: the delivery log keeps a month (maintenance). */
export async function pruneWebhookLog(db: DbOrTx, now: Date = new Date()): Promise<void> {
  await db
    .delete(webhookMessages)
    .where(
      and(
        sql`${webhookMessages.status} in ('succeeded', 'failed')`,
        sql`${webhookMessages.finishedAt} < ${new Date(now.getTime() - 30 * 24 * 3_600_000).toISOString()}::timestamptz`,
      ),
    );
}
