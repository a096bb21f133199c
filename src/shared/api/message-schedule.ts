import { z } from 'zod';
import { idParam, idSchema } from './common';
import { MAX_REMINDER_DAYS, MESSAGE_KINDS, reminderDaysProblem, SCHEDULED_MESSAGE_STATUSES } from '../message-schedule';

/** A booking's planned message as the timeline answers it (api-contract "Calendars, reminders and hosts"). */
export const scheduledMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  /** ISO 8601 in UTC. */
  due_at: z.string(),
  status: z.enum(SCHEDULED_MESSAGE_STATUSES),
});
export type ScheduledMessageDto = z.infer<typeof scheduledMessageSchema>;

export const MESSAGE_SCHEDULE_MESSAGES = {
  messageNotFound: 'Scheduled message not found',
  notWaiting: 'Only a scheduled message can be skipped: this one was already sent or skipped.',
} as const;

export const scheduledMessageParams = idParam.extend({ messageId: idSchema });

/** POST /api/admin/bookings/{id}/scheduled-messages/{messageId}/skip: the message, now skipped. */
export const skipScheduledMessageResponse = z.object({ scheduled_message: scheduledMessageSchema });

const days = z
  .number({ error: `Reminder days must be whole numbers from 1 to ${MAX_REMINDER_DAYS}.` })
  .int(`Reminder days must be whole numbers from 1 to ${MAX_REMINDER_DAYS}.`)
  .min(1, `Reminder days must be whole numbers from 1 to ${MAX_REMINDER_DAYS}.`)
  .max(MAX_REMINDER_DAYS, `Reminder days must be whole numbers from 1 to ${MAX_REMINDER_DAYS}.`);

/** The install's reminder days before the game (GET/PUT /api/admin/message-settings); 7 and 1 until staff set them. */
export const messageSettingsSchema = z
  .object({ first_reminder_days: days, second_reminder_days: days })
  .strict()
  .superRefine((s, ctx) => {
    const problem = reminderDaysProblem({ first: s.first_reminder_days, second: s.second_reminder_days });
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['first_reminder_days'] });
  });
export type MessageSettings = z.infer<typeof messageSettingsSchema>;
