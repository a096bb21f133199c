import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import type { Mailer } from '../../../platform/mail';
import { findBookingFacts } from '../../booking';
import { invoices } from '../tables/invoices';
import { invoiceById, issuedOf, type InvoiceRow } from './invoices-repository';
import { documentOf, MAIL_PDF } from './issue-documents';
import { pdfFilename, type InvoiceDocument } from './invoice-pdf';
import { invoiceMail } from './invoice-mail';

/** Turns a document into its PDF: pdfkit in the app (invoice-pdf.ts); a test may hand in one that fails (0510). */
export type InvoiceRenderer = (doc: InvoiceDocument) => Promise<Buffer>;

/** After a document's nth failed render it waits the nth step (the last repeats): a passing fault is retried soon, a lasting one hourly. */
export const RENDER_BACKOFF_MINUTES: readonly number[] = [1, 5, 15, 60];

export const renderRetryDelayMs = (failedAttempts: number) =>
  (RENDER_BACKOFF_MINUTES[Math.min(Math.max(failedAttempts, 1), RENDER_BACKOFF_MINUTES.length) - 1] ?? 60) * 60_000;

/** A process rendering a document holds it this long; if it dies meanwhile, another takes it after. */
export const RENDER_CLAIM_MS = 5 * 60_000;
const BATCH = 20;

/**
 * The job that renders each issued document's PDF after its payment's or refund's commit and mails it to the booker,
 * once (decision 0510). Due documents are claimed with SKIP LOCKED until a claim time (like the mail outbox, 0370), so
 * several processes never render one twice; the render itself holds no lock. Success stores the PDF in the mail's
 * outbox row (0412) and clears `mail_due` in one transaction, so the mail is queued exactly once. A failure is written
 * on the document with its next attempt after a backoff; the payment, its ledger entry and the number are untouched.
 * Answers how many documents were mailed.
 */
export async function renderDueInvoices(
  db: Db,
  options: { mail: Mailer; render: InvoiceRenderer; now: Date; log?: { warn: (obj: object, msg: string) => void } },
): Promise<number> {
  const { now } = options;
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.status, 'issued'), eq(invoices.mailDue, true), or(isNull(invoices.renderAfter), lte(invoices.renderAfter, now))))
      .orderBy(asc(invoices.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const row of rows)
      await tx
        .update(invoices)
        .set({ renderAttempts: sql`${invoices.renderAttempts} + 1`, renderAfter: new Date(now.getTime() + RENDER_CLAIM_MS) })
        .where(eq(invoices.id, row.id));
    return rows;
  });
  let mailed = 0;
  for (const row of claimed) {
    try {
      if (await renderAndMail(db, row, options)) mailed++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const attempts = row.renderAttempts + 1;
      options.log?.warn({ invoiceId: row.id, attempts, err: message }, 'invoice PDF not rendered: will retry');
      await db
        .update(invoices)
        .set({ renderError: message.slice(0, 500), renderAfter: new Date(now.getTime() + renderRetryDelayMs(attempts)) })
        .where(eq(invoices.id, row.id));
    }
  }
  return mailed;
}

async function renderAndMail(db: Db, row: InvoiceRow, options: { mail: Mailer; render: InvoiceRenderer; now: Date }): Promise<boolean> {
  const issued = issuedOf(row);
  const booking = await findBookingFacts(db, { id: row.bookingId });
  if (!issued || !booking) throw new Error(`invoice ${row.id} cannot be rendered: not issued or its booking is gone`);
  const credits = row.creditsInvoiceId === null ? undefined : await invoiceById(db, row.creditsInvoiceId);
  const doc = await documentOf(db, issued, booking, credits?.number ?? null);
  const pdf = await options.render(doc);
  return db.transaction(async (tx) => {
    // Only the claim's holder that still finds it due mails it: a second process, or a late one, changes nothing.
    const done = await tx
      .update(invoices)
      .set({ mailDue: false, mailedAt: options.now, renderAfter: null, renderError: null })
      .where(and(eq(invoices.id, row.id), eq(invoices.mailDue, true)))
      .returning({ id: invoices.id });
    if (!done.length) return false;
    await options.mail.queue(tx, {
      ...invoiceMail(doc),
      bookingId: row.bookingId,
      attachments: [{ filename: pdfFilename(issued.number), content_type: MAIL_PDF, content_base64: pdf.toString('base64') }],
    });
    return true;
  });
}
