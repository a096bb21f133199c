import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Every staff change: who, what, on which booking or user, before and after. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    bookingId: integer('booking_id'),
    subjectUserId: integer('subject_user_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_log_created_idx').on(t.createdAt, t.id),
    index('activity_log_booking_idx').on(t.bookingId, t.createdAt),
    index('activity_log_user_idx').on(t.subjectUserId, t.createdAt),
  ],
);
