import type { Db } from '../../../platform/db/client';
import { ConflictError, NotFoundError } from '../../../platform/errors';
import { retryFailedMail, type Mailer } from '../../../platform/mail';
import { urlOf } from '../../../../shared/api/endpoint';
import { adminMailEndpoints } from '../../../../shared/api/endpoints/admin-mail';
import {
  ADMIN_MAIL_MESSAGES,
  type AdminMailAttachment,
  type AdminMailCalendarInvite,
  type AdminMailDetail,
  type AdminMailListResponse,
  type AdminMailQuery,
  type AdminMailSummary,
} from '../../../../shared/api/admin-mail';
import { mailKindLabel, mailStatusLabel } from '../../../../shared/timeline/describe';
import { recordActivity } from '../activity';
import { maskResetLinks } from '../auth/password-reset-mail';
import { countMails, findMail, listMails, type OutboxRow } from './admin-mail-repository';

type Viewer = { id: number; email: string };

type SummaryRow = Pick<OutboxRow, 'id' | 'to' | 'subject' | 'kind' | 'bookingId' | 'status' | 'attempts' | 'nextAttemptAt' | 'error' | 'createdAt' | 'sentAt'>;

function summary(row: SummaryRow): AdminMailSummary {
  return {
    id: row.id,
    kind: row.kind,
    kind_label: mailKindLabel(row.kind),
    to: row.to,
    subject: row.subject,
    status: row.status,
    status_label: mailStatusLabel(row.status),
    attempts: row.attempts,
    error: row.error,
    booking_id: row.bookingId,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    // A 'sending' row's time is its process's claim, not a planned attempt.
    next_attempt_at: row.status === 'pending' || row.status === 'retry' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  };
}

const ownMail = (row: OutboxRow, viewer: Viewer) => row.to.trim().toLowerCase() === viewer.email.trim().toLowerCase();

/** The files the mail carried, in the order sent: name, type, size in bytes and where staff download each. */
function attachmentsOf(row: OutboxRow): AdminMailAttachment[] {
  return (row.attachments ?? []).map((file, index) => ({
    filename: file.filename,
    content_type: file.content_type,
    size: Buffer.byteLength(file.content_base64, 'base64'),
    download_url: urlOf(adminMailEndpoints.attachment, { id: row.id, index }),
  }));
}

/** The calendar invite sent with the mail (an .ics with its METHOD, decision 0373), as the worker sends it. */
function calendarInviteOf(row: OutboxRow): AdminMailCalendarInvite | null {
  const invite = row.icalEvent;
  if (!invite) return null;
  return {
    filename: invite.filename,
    content_type: inviteContentType(invite.method),
    method: invite.method,
    size: Buffer.byteLength(invite.content, 'utf8'),
    download_url: urlOf(adminMailEndpoints.calendarInvite, { id: row.id }),
  };
}

const inviteContentType = (method: string) => `text/calendar; charset=utf-8; method=${method}`;

/** The mail as this admin may read it: their own mail whole, anyone else's with reset links masked (decision 0371). */
function detail(row: OutboxRow, viewer: Viewer, reveal = false): AdminMailDetail {
  const masked = reveal || ownMail(row, viewer) ? row.text : maskResetLinks(row.text);
  return { ...summary(row), text: masked, masked: masked !== row.text, attachments: attachmentsOf(row), calendar_invite: calendarInviteOf(row) };
}

export type MailFile = { filename: string; contentType: string; bytes: Buffer };

/** One file the mail carried, by its place in the list, as it was sent (issue 36). */
export async function mailAttachment(db: Db, id: number, index: number): Promise<MailFile> {
  const file = (await mailOrNotFound(db, id)).attachments?.[index];
  if (!file) throw new NotFoundError(ADMIN_MAIL_MESSAGES.attachmentNotFound);
  return { filename: file.filename, contentType: file.content_type, bytes: Buffer.from(file.content_base64, 'base64') };
}

/** The calendar invite the mail carried, as it was sent. */
export async function mailCalendarInvite(db: Db, id: number): Promise<MailFile> {
  const invite = (await mailOrNotFound(db, id)).icalEvent;
  if (!invite) throw new NotFoundError(ADMIN_MAIL_MESSAGES.calendarInviteNotFound);
  return { filename: invite.filename, contentType: inviteContentType(invite.method), bytes: Buffer.from(invite.content, 'utf8') };
}

export async function listOutbox(db: Db, mailer: Mailer, query: AdminMailQuery): Promise<AdminMailListResponse> {
  const total = await countMails(db, query.status);
  const rows = await listMails(db, query.status, query.per_page, (query.page - 1) * query.per_page);
  const failed = query.status === 'failed' ? total : await countMails(db, 'failed');
  return {
    mails: rows.map(summary),
    pagination: { current_page: query.page, last_page: Math.max(1, Math.ceil(total / query.per_page)), per_page: query.per_page, total },
    failed,
    sends: mailer.sends,
  };
}

async function mailOrNotFound(db: Db, id: number): Promise<OutboxRow> {
  const row = await findMail(db, id);
  if (!row) throw new NotFoundError(ADMIN_MAIL_MESSAGES.notFound);
  return row;
}

export async function showMail(db: Db, id: number, viewer: Viewer): Promise<AdminMailDetail> {
  return detail(await mailOrNotFound(db, id), viewer);
}

/** "Retry now": a failed mail starts over and goes out on the worker's next round; logged on its booking's timeline. */
export async function retryMail(db: Db, mailer: Mailer, id: number, viewer: Viewer): Promise<AdminMailDetail> {
  await db.transaction(async (tx) => {
    const row = await findMail(tx, id);
    if (!row) throw new NotFoundError(ADMIN_MAIL_MESSAGES.notFound);
    if (!(await retryFailedMail(tx, id, mailer.sends))) throw new ConflictError(ADMIN_MAIL_MESSAGES.notFailed);
    await recordActivity(tx, {
      actorId: viewer.id,
      action: 'mail.retry',
      entityType: 'mail',
      entityId: id,
      bookingId: row.bookingId,
      before: { status: row.status, attempts: row.attempts, error: row.error },
      after: { kind: row.kind, to: row.to },
    });
  });
  return showMail(db, id, viewer);
}

/**
 * "Show the link" of another user's reset mail: for a colleague locked out of an install without SMTP, handed the
 * link by an admin who knows them. Recorded in the activity log with the user it is about (decision 0371).
 */
export async function revealMail(db: Db, id: number, viewer: Viewer): Promise<AdminMailDetail> {
  const row = await mailOrNotFound(db, id);
  if (!detail(row, viewer).masked) throw new ConflictError(ADMIN_MAIL_MESSAGES.notMasked);
  await recordActivity(db, {
    actorId: viewer.id,
    action: 'mail.reveal_reset_link',
    entityType: 'mail',
    entityId: id,
    bookingId: row.bookingId,
    after: { kind: row.kind, to: row.to },
  });
  return detail(row, viewer, true);
}
