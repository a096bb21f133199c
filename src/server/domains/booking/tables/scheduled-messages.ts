import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { users } from '../../identity/tables/users';
import { mailOutbox } from '../../../platform/db/tables';
import { oneOfCheck } from '../../../platform/db/one-of-check';
import { MESSAGE_KINDS } from '../../../../shared/message-schedule';

/** A planned message's own state; staff also see `failed`, read from its outbox mail (decision 0380). */
export const SCHEDULED_ROW_STATUSES = ['scheduled', 'sent', 'skipped'] as const;
/** Why a message was not sent: staff skipped it, its time had passed when planned, or it no longer applies. */
export const SKIP_REASONS = ['staff', 'past', 'not_applicable'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/**
 * A booking's message schedule (issue 31, decision 0380): one row per message and due time. At most one row of a kind
 * waits ('scheduled') per booking; a row is claimed once (status 'scheduled' → 'sent' with its outbox mail, in one
 * transaction), so two processes never send it twice.
 */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: SCHEDULED_ROW_STATUSES }).notNull().default('scheduled'),
    skipReason: text('skip_reason', { enum: SKIP_REASONS }),
    skippedBy: integer('skipped_by').references(() => users.id, { onDelete: 'set null' }),
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scheduled_messages_one_waiting_idx')
      .on(t.bookingId, t.kind)
      .where(sql`${t.status} = 'scheduled'`),
    uniqueIndex('scheduled_messages_kind_due_idx').on(t.bookingId, t.kind, t.dueAt),
    index('scheduled_messages_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'scheduled'`),
    oneOfCheck('scheduled_messages_kind_check', t.kind, MESSAGE_KINDS),
    oneOfCheck('scheduled_messages_status_check', t.status, SCHEDULED_ROW_STATUSES),
    oneOfCheck('scheduled_messages_skip_reason_check', t.skipReason, SKIP_REASONS),
  ],
);

/**
 * Which version of a booking its schedule was planned from: a booking whose version moved (every change of its facts
 * moves it, booking-write.ts) or that has no row is planned again by the scheduler's next run.
 */
export const messagePlans = pgTable('message_plans', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  plannedVersion: integer('planned_version').notNull(),
  plannedAt: timestamp('planned_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The install's reminder days (one row, id 1; absent means shared/message-schedule's defaults, 7 and 1). */
export const messageSettings = pgTable(
  'message_settings',
  {
    id: integer('id').primaryKey().default(1),
    firstReminderDays: integer('first_reminder_days').notNull(),
    secondReminderDays: integer('second_reminder_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('message_settings_single_row', sql`${t.id} = 1`),
    check(
      'message_settings_days_check',
      sql`${t.secondReminderDays} >= 1 and ${t.firstReminderDays} > ${t.secondReminderDays} and ${t.firstReminderDays} <= 60`,
    ),
  ],
);
