import type { Db } from '../../../platform/db/client';
import { recordActivity } from '../../identity';
import { NotFoundError } from '../../../platform/errors';
import type { Mailer } from '../../../platform/mail';
import { TIMELINE_MESSAGES, type OutboxMail, type TimelineEntry, type TimelineResponse } from '../../../../shared/api/booking-timeline';
import {
  describeBookerChange,
  describeMail,
  describeStaffAction,
  mailKindLabel,
  mailStatusLabel,
  type DescribeContext,
} from '../../../../shared/timeline/describe';
import { referencedUserIds, words } from '../../../../shared/timeline/field-values';
import {
  challengeNames,
  findBooking,
  findMail,
  listBookerChanges,
  listMails,
  listStaffChanges,
  userNames,
  type MailRow,
} from './admin-booking-timeline-repository';
import { listScheduledMessages } from '../message-schedule/message-admin';
import { planIfStale, type ScheduleContext } from '../message-schedule/message-plan';
import { overdueBookingIds } from '../message-schedule/balance-overdue';

/** Each source is read up to this many rows; a booking with more says so (`truncated`). */
const PER_SOURCE = 500;

type Ranked = TimelineEntry & { rank: number; seq: number };

function toOutboxMail(row: MailRow, resentFrom: number | null): OutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    kind_label: mailKindLabel(row.kind),
    to: row.to,
    subject: row.subject,
    text: row.text,
    status: row.status,
    status_label: mailStatusLabel(row.status),
    error: row.error,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    resent_from: resentFrom,
  };
}

/**
 * One booking's story, newest first: staff changes (activity log), the booker's changes through their
 * code (booking_changes) and every mail queued about it (mail_outbox), each in words. A mail staff
 * resent shows once, as that staff member's entry, not again as a bare log line.
 */
export async function getTimeline(db: Db, bookingId: number, schedule: ScheduleContext): Promise<TimelineResponse> {
  const booking = await findBooking(db, bookingId);
  if (!booking) throw new NotFoundError(TIMELINE_MESSAGES.bookingNotFound);
  // A change just saved (a date moved) is planned before its schedule is shown, not on the ticker's next run.
  await planIfStale(db, bookingId, schedule);
  const staff = await listStaffChanges(db, bookingId, PER_SOURCE);
  const booker = await listBookerChanges(db, bookingId, PER_SOURCE);
  const mails = await listMails(db, bookingId, PER_SOURCE);
  const names = await userNames(db, referencedUserIds(staff.flatMap((row) => [row.before, row.after])));
  const chosen = booker
    .flatMap((row) => (Array.isArray(row.fields.added_challenges) ? row.fields.added_challenges : []))
    .filter((id): id is number => Number.isInteger(id));
  const challengeTitles = await challengeNames(db, [...new Set(chosen)]);
  const ctx: DescribeContext = {
    currency: booking.currency,
    timeZone: booking.timezone,
    userName: (id) => names.get(id),
    challengeName: (id) => challengeTitles.get(id),
  };

  const resends = new Map<number, { who: string; from: number | null }>();
  for (const row of staff) {
    const after = row.after ?? {};
    if (row.action === 'mail.resend' && typeof after.mail_id === 'number') {
      resends.set(after.mail_id, { who: row.actorName ?? 'System', from: typeof after.resent_mail_id === 'number' ? after.resent_mail_id : null });
    }
  }

  const entries: Ranked[] = [];
  for (const row of staff) {
    if (row.action === 'mail.resend' && typeof row.after?.mail_id === 'number') continue;
    const byStaff = row.actorId !== null && row.actorName !== null;
    entries.push({
      id: `staff-${row.id}`,
      at: row.createdAt.toISOString(),
      source: byStaff ? 'staff' : 'system',
      who: byStaff ? (row.actorName ?? 'Staff') : 'System',
      ...describeStaffAction(row.action, row.before, row.after, ctx),
      mail_id: null,
      rank: 1,
      seq: row.id,
    });
  }
  for (const row of booker) {
    const byBooker = row.source === 'booker';
    entries.push({
      id: `booker-${row.id}`,
      at: row.createdAt.toISOString(),
      source: byBooker ? 'booker' : 'system',
      who: byBooker ? 'Booker' : words(row.source),
      ...describeBookerChange(row.fields, ctx),
      mail_id: null,
      rank: 1,
      seq: row.id,
    });
  }
  for (const row of mails) {
    const resent = resends.get(row.id);
    entries.push({
      id: `mail-${row.id}`,
      at: row.createdAt.toISOString(),
      source: resent ? 'staff' : 'system',
      who: resent?.who ?? 'System',
      ...describeMail(row, resent !== undefined),
      mail_id: row.id,
      // A mail is queued by the change that caused it, in the same transaction: show it just above.
      rank: 2,
      seq: row.id,
    });
  }
  const truncated = staff.length === PER_SOURCE || booker.length === PER_SOURCE || mails.length === PER_SOURCE;
  if (!truncated && !staff.some((row) => row.action === 'booking.create')) {
    // Bookings made through the wizard have no log line of their own: the booking row says when.
    entries.push({
      id: `booked-${booking.id}`,
      at: booking.createdAt.toISOString(),
      source: 'booker',
      who: 'Booker',
      summary: 'Made the booking online',
      changes: [],
      mail_id: null,
      rank: 0,
      seq: 0,
    });
  }
  entries.sort((x, y) => y.at.localeCompare(x.at) || y.rank - x.rank || y.seq - x.seq);
  return {
    entries: entries.map(({ rank: _rank, seq: _seq, ...entry }) => entry),
    mails: mails.map((row) => toOutboxMail(row, resends.get(row.id)?.from ?? null)),
    truncated,
    scheduled_messages: await listScheduledMessages(db, bookingId),
    balance_overdue: (await overdueBookingIds(db, [bookingId])).has(bookingId),
  };
}

/**
 * Queues a copy of one of the booking's mails (a new outbox row; the original stays as it was) and
 * logs who asked, in one transaction. A mail of another booking is 'Mail not found'.
 */
export async function resendMail(db: Db, mail: Mailer, input: { bookingId: number; mailId: number; actorId: number }): Promise<OutboxMail> {
  return db.transaction(async (tx) => {
    if (!(await findBooking(tx, input.bookingId))) throw new NotFoundError(TIMELINE_MESSAGES.bookingNotFound);
    const original = await findMail(tx, input.bookingId, input.mailId);
    if (!original) throw new NotFoundError(TIMELINE_MESSAGES.mailNotFound);
    const id = await mail.queue(tx, {
      to: original.to,
      subject: original.subject,
      text: original.text,
      ...(original.html === null ? {} : { html: original.html }),
      kind: original.kind,
      bookingId: input.bookingId,
    });
    await recordActivity(tx, {
      actorId: input.actorId,
      action: 'mail.resend',
      entityType: 'mail',
      entityId: id,
      bookingId: input.bookingId,
      after: { mail_id: id, resent_mail_id: original.id, kind: original.kind, to: original.to },
    });
    const copy = await findMail(tx, input.bookingId, id);
    if (!copy) throw new NotFoundError(TIMELINE_MESSAGES.mailNotFound);
    return toOutboxMail(copy, original.id);
  });
}
