import { z } from 'zod';
import { idSchema, paginationSchema } from './common';

/** Every status an outbox row can have (platform/mail.ts): kept without SMTP, waiting, being sent, done, given up, held. */
export const MAIL_STATUS_VALUES = ['stored', 'pending', 'retry', 'sending', 'sent', 'failed', 'held'] as const;

export const ADMIN_MAIL_PER_PAGE = 50;

export const ADMIN_MAIL_MESSAGES = {
  notFound: 'Mail not found',
  attachmentNotFound: 'Attachment not found',
  calendarInviteNotFound: 'This mail has no calendar invite',
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
/** A file the mail carried (an invoice's PDF, decision 0412): what it is, and where staff download it. */
export const adminMailAttachmentSchema = z.object({
  filename: z.string(),
  content_type: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** GET, admins only: the file as it was sent. */
  download_url: z.string(),
});
export type AdminMailAttachment = z.infer<typeof adminMailAttachmentSchema>;

/** The calendar invite the mail carried (decision 0373): its METHOD (REQUEST adds or updates, CANCEL removes, PUBLISH). */
export const adminMailCalendarInviteSchema = adminMailAttachmentSchema.extend({ method: z.enum(['REQUEST', 'CANCEL', 'PUBLISH']) });
export type AdminMailCalendarInvite = z.infer<typeof adminMailCalendarInviteSchema>;

export const adminMailDetailSchema = adminMailSummarySchema.extend({
  text: z.string(),
  masked: z.boolean(),
  /** What went with the mail (issue 36): its files in the order sent, and its calendar invite if any. */
  attachments: z.array(adminMailAttachmentSchema),
  calendar_invite: adminMailCalendarInviteSchema.nullable(),
});
export type AdminMailDetail = z.infer<typeof adminMailDetailSchema>;
export const adminMailDetailResponse = z.object({ mail: adminMailDetailSchema });
export type AdminMailDetailResponse = z.infer<typeof adminMailDetailResponse>;

/** GET /api/admin/mail/:id/attachments/:index: the mail's file by its place in the list (0 is the first). */
const INVALID_INDEX = 'Invalid attachment';
const attachmentIndex = z
  .union([z.number().int(INVALID_INDEX).min(0, INVALID_INDEX).max(99, INVALID_INDEX), z.string().regex(/^(0|[1-9][0-9]?)$/, INVALID_INDEX)], {
    error: INVALID_INDEX,
  })
  .transform(Number);
export const adminMailAttachmentParams = z.object({ id: idSchema, index: attachmentIndex });
export const adminMailFileResponse = z.string().describe('The file as it was sent, with its content type, as a download');
