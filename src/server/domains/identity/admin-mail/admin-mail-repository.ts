import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { mailOutbox } from '../../../platform/db/tables';
import type { AdminMailQuery } from '../../../../shared/api/admin-mail';

export type OutboxRow = typeof mailOutbox.$inferSelect;

const filterOf = (status: AdminMailQuery['status']) => (status === undefined ? undefined : eq(mailOutbox.status, status));

export async function countMails(db: DbOrTx, status: AdminMailQuery['status']): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(filterOf(status));
  return Number(rows[0]?.n ?? 0);
}

/** Newest first, without the bodies: a page of the list never carries a mail's text (or a link in it). */
export function listMails(db: DbOrTx, status: AdminMailQuery['status'], limit: number, offset: number) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      kind: mailOutbox.kind,
      bookingId: mailOutbox.bookingId,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      error: mailOutbox.error,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(filterOf(status))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit)
    .offset(offset);
}

export async function findMail(db: DbOrTx, id: number): Promise<OutboxRow | undefined> {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return rows[0];
}
