import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Secrets shared by every server process (e.g. the CSRF key), created once on first start. */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every mail: sent through SMTP when configured, otherwise kept here so nothing is lost. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    /**
     * The booking a mail is about, so staff can see and resend a booking's mails; null for other mail. A plain number:
     * the platform holds no reference to a domain's table (decision 0327).
     */
    bookingId: integer('booking_id'),
    status: text('status').notNull().default('stored'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * With SMTP: when the worker may next take the mail. After a failure, the backoff's next step; while a process
     * sends it, the end of that process's claim, so a mail a crashed process held is taken again (mail.ts).
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    error: text('error'),
    /**
     * A calendar invite the mail carries (an .ics with its METHOD): sent as the invitation part and as an attachment,
     * so calendar-aware mail apps offer to add, update or remove the event (decision 0373).
     */
    icalEvent: jsonb('ical_event').$type<{ method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; filename: string; content: string }>(),
    /** Files the mail carries (an invoice's PDF, decision 0412), their bytes in base64: queued with the mail, sent with it. */
    attachments: jsonb('attachments').$type<{ filename: string; content_type: string; content_base64: string }[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.createdAt), index('mail_outbox_booking_idx').on(t.bookingId, t.createdAt)],
);

/** Replays the first answer for a repeated Idempotency-Key instead of doing the work twice. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** Fixed-window counters shared by every process (login and code look-up limits). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Facts other parts may react to after the commit (decision 0560): a domain records one row in the transaction of the
 * change it reports (`recordEvent`, platform/event-outbox.ts); a job reads them in id order afterwards. `subject`
 * orders them (e.g. `booking:12`): one subject's events are recorded under its row lock, so their ids follow their
 * commits. The platform knows no type: `type`, `subject` and `data` are the recording domain's words.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once a reader has taken the row (in the reader's transaction); null while it waits. */
    takenAt: timestamp('taken_at', { withTimezone: true }),
  },
  (t) => [
    index('event_outbox_waiting_idx')
      .on(t.id)
      .where(sql`${t.takenAt} is null`),
    index('event_outbox_taken_idx').on(t.takenAt),
  ],
);
