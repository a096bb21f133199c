import { z } from 'zod';
import { idParam, idSchema } from './common';
import { scheduledMessageSchema } from './message-schedule';

export const TIMELINE_MESSAGES = {
  bookingNotFound: 'Booking not found',
  mailNotFound: 'Mail not found',
} as const;

export const changeLineSchema = z.object({ label: z.string(), before: z.string().nullable(), after: z.string().nullable() });
export type ChangeLineDto = z.infer<typeof changeLineSchema>;

/** Who made an entry: a staff member, the booker (through their code) or the system (mails, automatic steps). */
export const TIMELINE_SOURCES = ['staff', 'booker', 'system'] as const;

export const timelineEntrySchema = z.object({
  /** Unique across sources: 'staff-12', 'booker-3', 'mail-7', 'booked-5'. */
  id: z.string(),
  at: z.string(),
  source: z.enum(TIMELINE_SOURCES),
  /** The staff member's name, 'Booker' or 'System'. */
  who: z.string(),
  summary: z.string(),
  changes: z.array(changeLineSchema),
  /** Set on a mail's entry, to find it in `mails`. */
  mail_id: z.number().int().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const outboxMailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  kind_label: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  status_label: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** The mail this one is a copy of, when staff resent it. */
  resent_from: z.number().int().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** GET /api/admin/bookings/{id}/timeline: newest first; the booking's mails newest first; its scheduled messages by due time. */
export const timelineResponse = z.object({
  entries: z.array(timelineEntrySchema),
  mails: z.array(outboxMailSchema),
  truncated: z.boolean(),
  /** The booking's message schedule (issue 31), by due time: reminders, balance chasers, the feedback request. */
  scheduled_messages: z.array(scheduledMessageSchema),
  /** The booking's bank-transfer balance is overdue: staff were sent the notice and money is still due. */
  balance_overdue: z.boolean(),
});
export type TimelineResponse = z.infer<typeof timelineResponse>;

export const mailParams = idParam.extend({ mailId: idSchema });

/** POST /api/admin/bookings/{id}/mails/{mailId}/resend: 201 with the new outbox row. */
export const resendMailResponse = z.object({ mail: outboxMailSchema });
