import nodemailer, { type Transporter } from 'nodemailer';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from './db/client';
import { mailOutbox } from './db/tables';
import { sha256 } from './crypto';
import { TooManyRequestsError } from './errors';
import { consumeRateLimit } from './rate-limit';
import { jsonParam, preparedPerSession, unencoded } from './db/prepared';
import type { Metrics } from './metrics';

/** A calendar invite a mail carries (decision 0373): sent as the text/calendar part with its METHOD and as an .ics attachment. */
export type MailCalendarEvent = NonNullable<typeof mailOutbox.$inferSelect.icalEvent>;

/** A file a mail carries (an invoice's PDF, decision 0412), kept in the outbox row with the mail and sent with it. */
export type MailAttachment = NonNullable<typeof mailOutbox.$inferSelect.attachments>[number];

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  bookingId?: number | null;
  icalEvent?: MailCalendarEvent | null;
  attachments?: MailAttachment[] | null;
};

export type Mailer = {
  /** The sender of every mail (MAIL_FROM): a calendar invite names it as the organiser. */
  readonly from: string;
  /** Whether mails leave through SMTP (SMTP_URL); without it they are kept in the outbox as 'stored'. */
  readonly sends: boolean;
  /** Writes the mail to the outbox inside the caller's transaction; it goes out after commit. Answers the outbox row's id. */
  queue(tx: DbOrTx, mail: OutgoingMail): Promise<number>;
  /** Sends what is due (no-op without SMTP). Runs on a timer and can be awaited in tests. */
  deliverPending(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

/**
 * After a mail's nth failed attempt it waits the nth step (the last repeats): a server that refuses for a minute
 * (greylisting, a restart) gets the mail a minute later, one that is down for a day is not hammered (decision 0370).
 */
export const MAIL_BACKOFF_MINUTES: readonly number[] = [1, 5, 15, 60, 180, 360, 720];

export function retryDelayMs(failedAttempts: number): number {
  const step = MAIL_BACKOFF_MINUTES[Math.min(Math.max(failedAttempts, 1), MAIL_BACKOFF_MINUTES.length) - 1] ?? 60;
  return step * 60_000;
}

/**
 * A process sending a mail holds it this long. If the process dies mid-send, another (or the restarted one) takes the
 * mail once the claim ends; a send itself gives up well before (nodemailer's timeouts), so a live claim never lapses.
 */
export const MAIL_CLAIM_MS = 10 * 60_000;

/**
 * Mails of these kinds go to one address at most `limit` times per window: anyone can make a booking with anyone's
 * address, so without a cap the booking form is a way to flood an inbox (decision 0180). A mail over the cap is
 * kept in the outbox as 'held' (never sent, still in the booking's history) and logged; what caused it still succeeds.
 */
export const RECIPIENT_CAPS: Readonly<Record<string, { limit: number; windowSeconds: number }>> = {
  booking_confirmation: { limit: 5, windowSeconds: 60 * 60 },
};
const BATCH = 20;

type MailerOptions = {
  db: Db;
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** Attempts before a mail is marked failed (MAIL_MAX_ATTEMPTS). */
  maxAttempts: number;
  metrics?: Metrics;
  /** The worker's clock: tests move it instead of waiting out the backoff. */
  now?: () => Date;
};

/**
 * With SMTP_URL, mails are sent by a worker that claims due rows with SKIP LOCKED and marks them 'sending' until a
 * claim time, so several processes never send one mail twice and a restart resumes where the last process stopped.
 * A failed send waits its backoff step ('retry'); after maxAttempts it is 'failed', for staff to see (decision 0370).
 * Without SMTP_URL every mail stays in the outbox (status 'stored'), readable by admins (decision 0371).
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const maxAttempts = options.maxAttempts;
  const now = options.now ?? (() => new Date());
  const givenUp = options.metrics?.counter({ name: 'hatch_mail_failed_total', help: 'Mails marked failed after their last attempt' });
  const sendErrors = options.metrics?.counter({
    name: 'hatch_mail_send_errors_total',
    help: 'Failed SMTP send attempts (each is retried after a backoff until the last)',
  });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function claimDue(at: Date) {
    return options.db.transaction(async (tx) => {
      const due = or(
        and(inArray(mailOutbox.status, ['pending', 'retry']), or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, at))),
        // A claim that lapsed: the process sending it stopped before it could say how the send went.
        and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.nextAttemptAt, at)),
      );
      const rows = await tx.select().from(mailOutbox).where(due).orderBy(mailOutbox.id).limit(BATCH).for('update', { skipLocked: true });
      const spent = rows.filter((r) => r.attempts >= maxAttempts);
      if (spent.length) {
        await tx
          .update(mailOutbox)
          .set({ status: 'failed', nextAttemptAt: null, error: sql`coalesce(${mailOutbox.error}, 'the process sending it stopped')` })
          .where(
            inArray(
              mailOutbox.id,
              spent.map((r) => r.id),
            ),
          );
        givenUp?.inc(spent.length);
      }
      const claimed = rows.filter((r) => r.attempts < maxAttempts);
      if (claimed.length) {
        await tx
          .update(mailOutbox)
          .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + MAIL_CLAIM_MS) })
          .where(
            inArray(
              mailOutbox.id,
              claimed.map((r) => r.id),
            ),
          );
      }
      return claimed;
    });
  }

  async function deliverBatch(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    const claimed = await claimDue(now());
    for (const mail of claimed) {
      const attempts = mail.attempts + 1;
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          // nodemailer adds it twice: as the text/calendar alternative calendar apps act on, and as an .ics attachment.
          icalEvent: mail.icalEvent ? { method: mail.icalEvent.method, filename: mail.icalEvent.filename, content: mail.icalEvent.content } : undefined,
          attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.content_type, content: Buffer.from(a.content_base64, 'base64') })),
        });
        await options.db.update(mailOutbox).set({ status: 'sent', sentAt: now(), nextAttemptAt: null, error: null }).where(eq(mailOutbox.id, mail.id));
        sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const failed = attempts >= maxAttempts;
        sendErrors?.inc();
        if (failed) givenUp?.inc();
        options.log.warn({ mailId: mail.id, attempts, err: message }, failed ? 'mail delivery failed: given up' : 'mail delivery failed: will retry');
        await options.db
          .update(mailOutbox)
          .set({
            status: failed ? 'failed' : 'retry',
            error: message.slice(0, 500),
            nextAttemptAt: failed ? null : new Date(now().getTime() + retryDelayMs(attempts)),
          })
          .where(eq(mailOutbox.id, mail.id));
      }
    }
    return sent;
  }

  return {
    from: options.from,
    sends: transport !== null,
    async queue(tx, mail) {
      if (await overRecipientCap(tx, mail)) {
        const held = await tx
          .insert(mailOutbox)
          .values({ ...mail, status: 'held', error: 'held: too many mails of this kind to this address' })
          .returning({ id: mailOutbox.id });
        // The outbox row names the address: no line of the log carries a booker's email (issue 36).
        options.log.warn({ mailId: held[0]?.id, kind: mail.kind, bookingId: mail.bookingId }, 'mail held: too many of this kind to this address');
        return held[0]?.id ?? 0;
      }
      const rows = await insertMail(tx).execute({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        kind: mail.kind,
        bookingId: mail.bookingId ?? null,
        status: transport ? 'pending' : 'stored',
        icalEvent: jsonParam(mail.icalEvent),
        attachments: jsonParam(mail.attachments),
      });
      if (!transport) options.log.info({ mailId: rows[0]?.id, kind: mail.kind, bookingId: mail.bookingId }, 'mail stored in outbox (no SMTP_URL)');
      return rows[0]?.id ?? 0;
    },
    async deliverPending() {
      if (running) return running;
      running = deliverBatch().finally(() => {
        running = null;
      });
      return running;
    },
    start() {
      if (!transport || timer) return;
      timer = setInterval(() => {
        this.deliverPending().catch((err: unknown) => options.log.warn({ err }, 'mail worker error'));
      }, 2_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      transport?.close();
    },
  };
}

/**
 * Staff's "Retry now" for a failed mail: it starts over (attempts from 0, due at once), or is kept as 'stored' when
 * this install no longer sends. Answers whether the mail was failed (and so is retried).
 */
export async function retryFailedMail(tx: DbOrTx, mailId: number, sends: boolean): Promise<boolean> {
  const rows = await tx
    .update(mailOutbox)
    .set({ status: sends ? 'pending' : 'stored', attempts: 0, nextAttemptAt: null })
    .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'failed')))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** Mails waiting to go out (queued, retrying or being sent), not those kept without SMTP, held or given up. */
const WAITING = ['pending', 'retry', 'sending'];

/**
 * The outbox's backlog, read at scrape time: how many mails wait and how old the oldest is (a stuck SMTP server shows
 * as a growing age long before anyone misses a mail), and how many were given up after their last attempt.
 */
export function registerOutboxMetrics(metrics: Metrics, db: Db): void {
  const read = async () => {
    const [row] = await db
      .select({
        waiting: sql<number>`count(*) filter (where ${inArray(mailOutbox.status, WAITING)})::int`,
        oldest: sql<string | null>`extract(epoch from now() - min(${mailOutbox.createdAt}) filter (where ${inArray(mailOutbox.status, WAITING)}))::text`,
        failed: sql<number>`count(*) filter (where ${eq(mailOutbox.status, 'failed')})::int`,
      })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, [...WAITING, 'failed']));
    return { waiting: Number(row?.waiting ?? 0), oldestSeconds: Number(row?.oldest ?? 0), failed: Number(row?.failed ?? 0) };
  };
  // One query per scrape for the three gauges: the first to collect reads, the others take its answer. A database
  // that does not answer leaves them as they were: the scrape itself must still work (the pool and the jobs say why).
  let reading: Promise<Awaited<ReturnType<typeof read>> | null> | null = null;
  const once = () => {
    reading ??= read()
      .catch(() => null)
      .finally(() => setImmediate(() => (reading = null)));
    return reading;
  };
  const gauges: [name: string, help: string, pick: (figures: NonNullable<Awaited<ReturnType<typeof once>>>) => number][] = [
    ['hatch_mail_outbox_waiting', 'Mails in the outbox waiting to be sent (queued, retrying or being sent)', (f) => f.waiting],
    ['hatch_mail_outbox_oldest_seconds', 'Age of the oldest mail waiting in the outbox (0 when none waits)', (f) => f.oldestSeconds],
    ['hatch_mail_outbox_failed', 'Mails given up after their last attempt (status failed)', (f) => f.failed],
  ];
  for (const [name, help, pick] of gauges) {
    metrics.gauge({
      name,
      help,
      async collect() {
        const figures = await once();
        if (figures) this.set(pick(figures));
      },
    });
  }
}

/**
 * A mail into the outbox, every column it sets named (the nullable ones without a default take null for "none"): built
 * once per session (decision 0600).
 */
const insertMail = preparedPerSession((db) =>
  db
    .insert(mailOutbox)
    .values({
      to: sql.placeholder('to'),
      subject: sql.placeholder('subject'),
      text: sql.placeholder('text'),
      html: sql.placeholder('html'),
      kind: sql.placeholder('kind'),
      bookingId: sql.placeholder('bookingId'),
      status: sql.placeholder('status'),
      icalEvent: unencoded('icalEvent'),
      attachments: unencoded('attachments'),
    })
    .returning({ id: mailOutbox.id })
    .prepare('mail_outbox_insert'),
);

async function overRecipientCap(tx: DbOrTx, mail: OutgoingMail): Promise<boolean> {
  const cap = RECIPIENT_CAPS[mail.kind];
  if (!cap) return false;
  try {
    // Hashed: the counters table need not hold people's addresses.
    await consumeRateLimit(tx, `mail:${mail.kind}:${sha256(mail.to.trim().toLowerCase())}`, cap.limit, cap.windowSeconds);
    return false;
  } catch (error) {
    if (error instanceof TooManyRequestsError) return true;
    throw error;
  }
}
