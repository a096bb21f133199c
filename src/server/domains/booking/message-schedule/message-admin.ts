import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../platform/db/client';
import { mailOutbox } from '../../../platform/db/tables';
import { ConflictError, NotFoundError } from '../../../platform/errors';
import { recordActivity } from '../../identity';
import { messageSettings, scheduledMessages } from '../tables/scheduled-messages';
import { MESSAGE_SCHEDULE_MESSAGES, type MessageSettings, type ScheduledMessageDto } from '../../../../shared/api/message-schedule';
import type { ScheduledMessageStatus } from '../../../../shared/message-schedule';
import { forgetPlans } from './message-plan';
import { readReminderDays } from './message-facts';

/** What staff read and change of the message schedule (decision 0380): a booking's messages, a skip, the reminder days. */

const columns = {
  id: scheduledMessages.id,
  kind: scheduledMessages.kind,
  dueAt: scheduledMessages.dueAt,
  status: scheduledMessages.status,
  mailStatus: mailOutbox.status,
};
type Row = { id: number; kind: ScheduledMessageDto['kind']; dueAt: Date; status: 'scheduled' | 'sent' | 'skipped'; mailStatus: string | null };

function toDto(row: Row): ScheduledMessageDto {
  // Sent to the outbox, then given up on by it: staff see it failed (and can resend the mail from the timeline).
  const status: ScheduledMessageStatus = row.status === 'sent' && row.mailStatus === 'failed' ? 'failed' : row.status;
  return { id: row.id, kind: row.kind, due_at: row.dueAt.toISOString(), status };
}

/** A booking's messages, by due time. */
export async function listScheduledMessages(db: DbOrTx, bookingId: number): Promise<ScheduledMessageDto[]> {
  const rows = await db
    .select(columns)
    .from(scheduledMessages)
    .leftJoin(mailOutbox, eq(mailOutbox.id, scheduledMessages.mailId))
    .where(eq(scheduledMessages.bookingId, bookingId))
    .orderBy(asc(scheduledMessages.dueAt), asc(scheduledMessages.id));
  return rows.map(toDto);
}

/** Staff skip a waiting message: it is never sent (a later re-plan to another due time plans it afresh). Logged. */
export async function skipScheduledMessage(db: Db, input: { bookingId: number; messageId: number; actorId: number }): Promise<ScheduledMessageDto> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(scheduledMessages)
      .where(and(eq(scheduledMessages.id, input.messageId), eq(scheduledMessages.bookingId, input.bookingId)))
      .for('update');
    if (!row) throw new NotFoundError(MESSAGE_SCHEDULE_MESSAGES.messageNotFound);
    if (row.status !== 'scheduled') throw new ConflictError(MESSAGE_SCHEDULE_MESSAGES.notWaiting);
    await tx.update(scheduledMessages).set({ status: 'skipped', skipReason: 'staff', skippedBy: input.actorId }).where(eq(scheduledMessages.id, row.id));
    await recordActivity(tx, {
      actorId: input.actorId,
      action: 'mail.skip_scheduled',
      entityType: 'booking',
      entityId: input.bookingId,
      bookingId: input.bookingId,
      after: { kind: row.kind, due_at: row.dueAt.toISOString() },
    });
    return toDto({ ...row, status: 'skipped', mailStatus: null });
  });
}

export async function messageSettingsOf(db: DbOrTx): Promise<MessageSettings> {
  const days = await readReminderDays(db);
  return { first_reminder_days: days.first, second_reminder_days: days.second };
}

/** Staff set the reminder days: every upcoming booking is planned again on the next run. Logged with what it was. */
export async function saveMessageSettings(tx: Tx, actorId: number | null, next: MessageSettings): Promise<MessageSettings> {
  const before = await messageSettingsOf(tx);
  const values = { firstReminderDays: next.first_reminder_days, secondReminderDays: next.second_reminder_days, updatedAt: new Date() };
  await tx
    .insert(messageSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: messageSettings.id, set: values });
  await forgetPlans(tx);
  await recordActivity(tx, { actorId, action: 'settings.reminder_days', entityType: 'setting', entityId: 'reminder_days', before, after: next });
  return next;
}
