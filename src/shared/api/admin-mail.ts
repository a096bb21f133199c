import { z } from 'zod';
import { paginationSchema } from './common';

/** Every status an outbox row can have (platform/mail.ts): kept without SMTP, waiting, being sent, done, given up, held. */
export const MAIL_STATUS_VALUES = ['stored', 'pending', 'retry', 'sending', 'sent', 'failed', 'held'] as const;

export const ADMIN_MAIL_PER_PAGE = 50;

export const ADMIN_MAIL_MESSAGES = {
  notFound: 'Mail not found',
  notFailed: 'Only a failed mail can be retried',
  notMasked: 'This mail has no hidden link',
} as const;

/** GET /api/admin/mail: every mail of the install, newest first; `status` narrows to one status. */
export const adminMailQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(ADMIN_MAIL_PER_PAGE),
  status: z.enum(MAIL_STATUS_VALUES, { message: `Status must be one of ${MAIL_STATUS_VALUES.join(', ')}` }).optional(),
});
export type AdminMailQuery = z.infer<typeof adminMailQuery>;

export const adminMailSummarySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  kind_label: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  status_label: z.string(),
  attempts: z.number().int(),
  /** The mail server's last answer to a failed attempt (or why the mail is held). */
  error: z.string().nullable(),
  booking_id: z.number().int().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** With SMTP: when the next attempt is due; null when none is planned. */
  next_attempt_at: z.string().nullable(),
});
export type AdminMailSummary = z.infer<typeof adminMailSummarySchema>;

export const adminMailListResponse = z.object({
  mails: z.array(adminMailSummarySchema),
  pagination: paginationSchema,
  /** How many mails were given up, whatever the filter: the number staff must act on. */
  failed: z.number().int(),
  /** Whether this install sends mail (SMTP_URL); without it every mail is kept here, to be read. */
  sends: z.boolean(),
});
export type AdminMailListResponse = z.infer<typeof adminMailListResponse>;

/**
 * One mail with its text. A password reset link in another user's mail is masked (`masked`), shown only through
 * "Show the link", which is recorded in the activity log (decision 0371).
 */
export const adminMailDetailSchema = adminMailSummarySchema.extend({ text: z.string(), masked: z.boolean() });
export type AdminMailDetail = z.infer<typeof adminMailDetailSchema>;
export const adminMailDetailResponse = z.object({ mail: adminMailDetailSchema });
export type AdminMailDetailResponse = z.infer<typeof adminMailDetailResponse>;
