import { and, asc, eq, lte, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import type { Mailer } from '../../../platform/mail';
import { staffMember } from '../../identity/records';
import { messagePlans, scheduledMessages } from '../tables/scheduled-messages';
import { bookings } from '../tables/bookings';
import { balanceDueDate, isQuietHour, MESSAGE_AUDIENCE, outOfQuietHours, planMessages } from '../../../../shared/message-schedule';
import { meetingInstant } from '../../../../shared/meeting-time';
import { loadBookingMailFacts } from '../mails/mail-facts';
import { scheduledMail } from '../mails/scheduled-mails';
import { bookerInvite } from '../booking-calendar';
import { loadScheduleFacts, readReminderDays } from './message-facts';
import type { ScheduleContext } from './message-plan';

/** Staff members as the identity domain lets others read them (decision 0545). */
const adminUser = staffMember('admin_user');

export type SendContext = ScheduleContext & {
  mail: Mailer;
  baseUrl: string;
  bankTransferDetails: string | null;
  log?: { warn: (obj: object, msg: string) => void };
};

const BATCH = 50;
type Outcome = 'sent' | 'skipped' | 'deferred' | 'none';

/**
 * Sends what is due, each message once (decision 0380): one due row at a time is claimed with FOR UPDATE SKIP LOCKED,
 * its mail queued to the outbox and the row marked sent in the same transaction, so two processes never take one row
 * and a restart finds each row either sent (with its mail) or still waiting. A row whose booking changed since it was
 * planned waits for the next plan; a booker's row due inside quiet hours moves to 08:00; one that no longer applies is
 * skipped. A row that fails is left for the next run. Answers how many mails were queued.
 */
export async function sendDueMessages(db: Db, ctx: SendContext): Promise<number> {
  const passed: number[] = [];
  let sent = 0;
  for (let i = 0; i < BATCH; i++) {
    let claimedId: number | null = null;
    try {
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: scheduledMessages.id, bookingId: scheduledMessages.bookingId, kind: scheduledMessages.kind })
          .from(scheduledMessages)
          .where(
            and(
              eq(scheduledMessages.status, 'scheduled'),
              lte(scheduledMessages.dueAt, ctx.now),
              passed.length ? notInArray(scheduledMessages.id, passed) : undefined,
            ),
          )
          .orderBy(asc(scheduledMessages.dueAt), asc(scheduledMessages.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return 'none' as const;
        claimedId = row.id;
        return sendOne(tx, row, ctx);
      });
      if (outcome === 'none') break;
      if (outcome === 'sent') sent++;
      if (outcome === 'deferred' && claimedId !== null) passed.push(claimedId);
    } catch (error) {
      if (claimedId === null) throw error;
      passed.push(claimedId);
      ctx.log?.warn({ err: error, scheduledMessageId: claimedId }, 'scheduled message not sent: will try again');
    }
  }
  return sent;
}

async function sendOne(
  tx: Tx,
  row: { id: number; bookingId: number; kind: (typeof scheduledMessages.$inferSelect)['kind'] },
  ctx: SendContext,
): Promise<Outcome> {
  const facts = await loadScheduleFacts(tx, row.bookingId, ctx.paymentMethod);
  const [plan] = await tx.select().from(messagePlans).where(eq(messagePlans.bookingId, row.bookingId));
  // Changed since planned: the next plan says whether and when this goes.
  if (!facts || plan?.plannedVersion !== facts.version) return 'deferred';
  const skip = async () => {
    await tx.update(scheduledMessages).set({ status: 'skipped', skipReason: 'not_applicable' }).where(eq(scheduledMessages.id, row.id));
    return 'skipped' as const;
  };
  const days = await readReminderDays(tx);
  if (!planMessages(facts, days).some((m) => m.kind === row.kind)) return skip();
  const start = meetingInstant(facts);
  if (row.kind.startsWith('game_reminder') && start && start.getTime() <= ctx.now.getTime()) return skip();
  if (MESSAGE_AUDIENCE[row.kind] === 'booker' && isQuietHour(ctx.now, facts.timezone)) {
    await tx
      .update(scheduledMessages)
      .set({ dueAt: outOfQuietHours(ctx.now, facts.timezone) })
      .where(eq(scheduledMessages.id, row.id));
    return 'deferred';
  }
  const base = await loadBookingMailFacts(tx, row.bookingId);
  const [extra] = await tx
    .select({ currency: bookings.currency, meetingPointAddress: bookings.meetingPointAddress, meetingPointNotes: bookings.meetingPointNotes })
    .from(bookings)
    .where(eq(bookings.id, row.bookingId));
  if (!extra) return 'deferred';
  const mailFacts = {
    ...base,
    ...extra,
    id: row.bookingId,
    amountDue: facts.amountDue,
    balanceDueDate: balanceDueDate(facts),
    bankTransferDetails: ctx.bankTransferDetails,
    reminderDays: days,
  };
  const mail = scheduledMail(mailFacts, row.kind, ctx.baseUrl);
  let to = mail.to;
  if (MESSAGE_AUDIENCE[row.kind] === 'staff') {
    const admins = await tx.select({ email: adminUser.email }).from(adminUser).where(eq(adminUser.isAdmin, true)).orderBy(adminUser.id);
    if (!admins.length) return skip();
    to = admins.map((a) => a.email).join(', ');
  }
  // A reminder is about the game's time: it carries the calendar invite, like every such mail (decision 0373).
  const icalEvent = row.kind.startsWith('game_reminder') ? await bookerInvite(tx, { from: ctx.mail.from, baseUrl: ctx.baseUrl }, row.bookingId, ctx.now) : null;
  const mailId = await ctx.mail.queue(tx, { ...mail, to, bookingId: row.bookingId, icalEvent });
  await tx
    .update(scheduledMessages)
    .set({ status: 'sent', mailId, sentAt: ctx.now })
    .where(and(eq(scheduledMessages.id, row.id), eq(scheduledMessages.status, 'scheduled')));
  return 'sent';
}
