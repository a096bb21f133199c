import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../identity/tables/users';
import { oneOfCheck } from '../../../platform/db/one-of-check';
import type { ApiKeyScope, OutsideEventType } from '../../../../shared/integrations/events';
import { MESSAGE_STATUSES, WEBHOOK_STATUSES } from '../../../../shared/api/integrations';

/**
 * An API key for the outside API (issue 39, decision 0560). The secret is `hatch_<prefix>_<secret>`; only the prefix
 * (shown to staff, the look-up) and the sha256 of the whole key are stored: 256 random bits need no slow hash.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_prefix_idx').on(t.prefix)],
);

/**
 * A webhook endpoint: where events go and which. The signing secret must be kept to sign (a hash would not do); a
 * roll keeps the previous one until `previous_secret_expires_at`, signing with both meanwhile. Never logged.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    description: text('description'),
    events: jsonb('events').$type<OutsideEventType[]>().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    status: text('status', { enum: WEBHOOK_STATUSES }).notNull().default('enabled'),
    disabledReason: text('disabled_reason'),
    /** The first failed attempt since the last success: 5 days of failures in a row disable the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [oneOfCheck('webhook_endpoints_status_check', t.status, WEBHOOK_STATUSES)],
);

/**
 * One event for one endpoint: its Standard Webhooks id (`msg_…`, the same on every attempt and replay) and body,
 * planned after the event's commit by the delivery job. `subject` orders it: of one endpoint's messages about one
 * booking only the oldest unfinished is sent. While a process sends it, it is 'sending' until `next_attempt_at`.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The outbox event it came from; null for a test event or a replay. */
    eventId: integer('event_id'),
    replayOf: integer('replay_of'),
    webhookId: text('webhook_id').notNull(),
    eventType: text('event_type').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** Retries go on until 72 hours after this. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_messages_event_idx').on(t.endpointId, t.eventId),
    index('webhook_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'retrying', 'sending')`),
    index('webhook_messages_subject_idx')
      .on(t.endpointId, t.subject, t.id)
      .where(sql`${t.status} in ('pending', 'retrying', 'sending')`),
    index('webhook_messages_endpoint_created_idx').on(t.endpointId, t.createdAt),
    oneOfCheck('webhook_messages_status_check', t.status, MESSAGE_STATUSES),
  ],
);

/** The delivery log: one row per HTTP attempt, with the first bytes of the answer (never a header, never a secret). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id').notNull(),
    attempt: integer('attempt').notNull(),
    succeeded: boolean('succeeded').notNull(),
    responseCode: integer('response_code'),
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, t.id)],
);
