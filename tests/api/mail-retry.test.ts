import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpServer, type SmtpRefusal } from '../support/smtp-server';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { createMailer, MAIL_CLAIM_MS, type Mailer } from '../../src/server/platform/mail';
import { bookingBody } from '../../scripts/booking-body';
import type { TimelineResponse } from '../../src/shared/api/booking-timeline';

/**
 * The outbox against a real SMTP server (the smtp-server package) that refuses as it is told: each refusal is an SMTP
 * reply code the mailer meets in the field (451 greylisting on RCPT, 550 on DATA). Time is the mailers' injected clock.
 */
const MINUTE = 60_000;
const MAX_ATTEMPTS = 3;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let admin: Agent;
let clock = new Date('2030-03-01T09:00:00Z');
const mailers: Mailer[] = [];

/** A server process's mailer: its own transport, the shared outbox, the test's clock. */
function serverProcess(): Mailer {
  const mailer = createMailer({
    db: t.db,
    smtpUrl: smtp.url,
    from: 'hatch <games@hatch.test>',
    log: t.app.log,
    maxAttempts: MAX_ATTEMPTS,
    metrics: t.app.deps.metrics,
    now: () => clock,
  });
  mailers.push(mailer);
  return mailer;
}

/** The server refuses the next attempts this way, then accepts. */
function refuseNext(...refusals: SmtpRefusal[]) {
  smtp.refusals.splice(0, smtp.refusals.length, ...refusals);
}

function advance(ms: number) {
  clock = new Date(clock.getTime() + ms);
}

async function queue(to: string, bookingId: number | null = null): Promise<number> {
  return t.app.deps.mail.queue(t.db, { to, subject: `Hello ${to}`, text: 'Body', kind: 'test_mail', bookingId });
}

async function row(id: number) {
  const [found] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!found) throw new Error(`no mail ${id}`);
  return found;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  admin = await t.as('admin');
});
afterAll(async () => {
  for (const mailer of mailers) await mailer.stop();
  await t.close();
  await smtp.stop();
});
beforeEach(() => refuseNext());

const receivedBy = (to: string) => smtp.received.filter((m) => m.to.includes(to));

describe('the outbox retries with backoff (SMTP_URL)', () => {
  it('a server that refuses and then accepts gets the mail once, after each backoff step and not before', async () => {
    const worker = serverProcess();
    const id = await queue('greylisted@example.test');
    refuseNext({ at: 'rcpt', code: 451, message: 'Greylisted, try again later' }, { at: 'data', code: 550, message: 'Mailbox unavailable' });

    expect(await worker.deliverPending()).toBe(0);
    let mail = await row(id);
    expect(mail).toMatchObject({ status: 'retry', attempts: 1 });
    expect(mail.error).toContain('451');
    expect(mail.nextAttemptAt?.getTime()).toBe(clock.getTime() + MINUTE);

    // Not due yet: the server hears nothing.
    advance(59_000);
    expect(await worker.deliverPending()).toBe(0);
    expect((await row(id)).attempts).toBe(1);

    advance(1_000);
    expect(await worker.deliverPending()).toBe(0);
    mail = await row(id);
    expect(mail).toMatchObject({ status: 'retry', attempts: 2 });
    expect(mail.error).toContain('550');
    expect(mail.nextAttemptAt?.getTime()).toBe(clock.getTime() + 5 * MINUTE);

    advance(5 * MINUTE - 1);
    expect(await worker.deliverPending()).toBe(0);
    advance(1);
    expect(await worker.deliverPending()).toBe(1);
    mail = await row(id);
    expect(mail).toMatchObject({ status: 'sent', attempts: 3, error: null, nextAttemptAt: null });
    expect(mail.sentAt?.getTime()).toBe(clock.getTime());
    expect(receivedBy('greylisted@example.test')).toHaveLength(1);

    advance(24 * 60 * MINUTE);
    expect(await worker.deliverPending()).toBe(0);
    expect(receivedBy('greylisted@example.test')).toHaveLength(1);
  });

  it('marks a mail failed after MAIL_MAX_ATTEMPTS, shows it on its booking timeline and counts it for staff', async () => {
    const visitor = await t.visitor();
    const booked = await visitor.post('/api/bookings', bookingBody({ email: 'refused@example.test' }));
    expect(booked.statusCode).toBe(201);
    const bookingId = booked.json<{ booking: { id: number } }>().booking.id;
    const [confirmation] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, bookingId));
    expect(confirmation?.status).toBe('pending');
    const failedBefore = await failedCount();

    const worker = serverProcess();
    refuseNext(...Array.from({ length: MAX_ATTEMPTS + 1 }, () => ({ at: 'rcpt' as const, code: 550, message: 'No such user here' })));
    expect(await worker.deliverPending()).toBe(0);
    advance(MINUTE);
    expect(await worker.deliverPending()).toBe(0);
    advance(5 * MINUTE);
    expect(await worker.deliverPending()).toBe(0);
    const mail = await row(confirmation!.id);
    expect(mail).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    expect(mail.error).toContain('No such user here');

    // Given up: no later attempt, however long we wait.
    advance(24 * 60 * MINUTE);
    expect(await worker.deliverPending()).toBe(0);
    expect((await row(mail.id)).attempts).toBe(MAX_ATTEMPTS);
    expect(receivedBy('refused@example.test')).toHaveLength(0);

    const timeline = await admin.get(`/api/admin/bookings/${bookingId}/timeline`);
    expect(timeline.statusCode).toBe(200);
    const entry = timeline.json<TimelineResponse>().entries.find((e) => e.mail_id === mail.id);
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { label: 'Status', before: null, after: 'Failed' },
        { label: 'Attempts', before: null, after: String(MAX_ATTEMPTS) },
        { label: 'Last error', before: null, after: expect.stringContaining('No such user here') },
      ]),
    );
    expect(await failedCount()).toBe(failedBefore + 1);
  });

  it('sends each mail once with two processes working the outbox at the same time', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => queue(`twice-${i}@example.test`)));
    const [a, b] = [serverProcess(), serverProcess()];
    const counts = await Promise.all([a.deliverPending(), b.deliverPending(), a.deliverPending(), b.deliverPending()]);
    // A mailer asked again while it works answers its running batch: the sum counts each process once.
    expect(counts[0]! + counts[1]!).toBe(12);
    await Promise.all([a.deliverPending(), b.deliverPending()]);
    const rows = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    for (let i = 0; i < 12; i++) expect(receivedBy(`twice-${i}@example.test`)).toHaveLength(1);
  });

  it('a mail a stopped process held is sent by another once its claim lapses, and only then', async () => {
    const id = await queue('orphan@example.test');
    // What a process that claimed the mail and died before sending leaves behind.
    await t.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: new Date(clock.getTime() + MAIL_CLAIM_MS) })
      .where(eq(mailOutbox.id, id));
    const restarted = serverProcess();
    expect(await restarted.deliverPending()).toBe(0);
    advance(MAIL_CLAIM_MS - 1);
    expect(await restarted.deliverPending()).toBe(0);
    expect(receivedBy('orphan@example.test')).toHaveLength(0);
    advance(1);
    expect(await restarted.deliverPending()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(receivedBy('orphan@example.test')).toHaveLength(1);
  });

  it('a mail whose last attempt died with its process is marked failed, not tried again', async () => {
    const id = await queue('last-try@example.test');
    await t.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: MAX_ATTEMPTS, nextAttemptAt: new Date(clock.getTime() + MAIL_CLAIM_MS) })
      .where(eq(mailOutbox.id, id));
    advance(MAIL_CLAIM_MS);
    expect(await serverProcess().deliverPending()).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(receivedBy('last-try@example.test')).toHaveLength(0);
  });
});

async function failedCount(): Promise<number> {
  const metric = await t.app.deps.metrics.registry.getSingleMetric('hatch_mail_failed_total')?.get();
  return metric?.values[0]?.value ?? 0;
}
