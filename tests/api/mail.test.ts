import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../support/smtp-server';
import { createTestApp, type TestApp } from '../support/test-app';
import { mailOutbox } from '../../src/server/platform/db/tables';

const booking = (email: string) => ({
  players: 6,
  date: '2030-09-20',
  meeting_time: { hour: 18, minute: 30 },
  timezone: 'Europe/Paris',
  city: 'Paris',
  initial_area_lat: 48.85341,
  initial_area_lng: 2.3488,
  plan_type: 'pro',
  add_ons: ['hosted'],
  currency: 'EUR',
  email,
  full_name: 'Marie Curie',
});

/** Undoes quoted-printable soft line breaks and escapes, enough to read a plain-text part. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

describe('mail through a real SMTP server (SMTP_URL)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'hatch <games@hatch.test>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('delivers the booking confirmation with the summary and the manage link', async () => {
    const agent = await t.visitor();
    const res = await agent.post('/api/bookings', booking('marie@example.test'));
    expect(res.statusCode).toBe(201);
    const { manage_key: manageKey } = res.json().booking;

    const [queued] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'marie@example.test'));
    expect(queued?.status).toBe('pending');
    expect(await t.app.deps.mail.deliverPending()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('games@hatch.test');
    expect(mail.to).toEqual(['marie@example.test']);
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toMatch(/^Subject: Your hatch game on Friday 20 September 2030 in Paris/m);
    // No PUBLIC_URL: the link uses the address the server listens on (HOST, PORT), never the request's Host.
    expect(text).toContain(`http://localhost:3000/manage/${manageKey}`);
    for (const part of [
      'Meeting time: 18:30 (Paris time)',
      'Players: 6',
      'Game type: Weapons',
      'Add-ons: In-Person Host',
      // The one breakdown (shared/price-breakdown.ts): the lines add up to the total.
      '€23 per person × 6 players: €138',
      'Add-ons total: €350',
      'Total: €488',
    ]) {
      expect(text).toContain(part);
    }
    const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'marie@example.test'));
    expect(sent?.status).toBe('sent');
    expect(sent?.sentAt).toBeInstanceOf(Date);
    // Nothing is sent twice.
    expect(await t.app.deps.mail.deliverPending()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });
});

describe('mail without SMTP_URL', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp({}, { logger: { level: 'info', stream } });
  });
  afterAll(async () => t.close());

  it('keeps the confirmation in the outbox as stored, with the manage link', async () => {
    const agent = await t.visitor();
    const res = await agent.post('/api/bookings', booking('stored@example.test'));
    expect(res.statusCode).toBe(201);
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'stored@example.test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'stored', kind: 'booking_confirmation', subject: 'Your hatch game on Friday 20 September 2030 in Paris' });
    expect(rows[0]!.text).toContain(`/manage/${res.json().booking.manage_key}`);
    expect(await t.app.deps.mail.deliverPending()).toBe(0);
    // Its log line names the mail, not the booker's address (issue 36).
    const stored = logLines.filter((line) => line.includes('mail stored in outbox'));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.join('')).toContain(`"mailId":${rows[0]!.id}`);
    expect(logLines.join('')).not.toContain('stored@example.test');
  });

  it('builds the manage link from the configured address, whatever Host the request names', async () => {
    const agent = await t.visitor();
    const res = await agent.post('/api/bookings', booking('host-header@example.test'), { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'host-header@example.test'));
    expect(row!.text).not.toContain('evil.example');
    expect(row!.html ?? '').not.toContain('evil.example');
    expect(row!.text).toContain(`http://localhost:3000/manage/${res.json().booking.manage_key}`);
  });
});

describe('mail links with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://play.hatch.test/', TRUST_PROXY: 'true' });
  });
  afterAll(async () => t.close());

  it('points at PUBLIC_URL even behind a proxy that forwards another host', async () => {
    const agent = await t.visitor();
    const res = await agent.post('/api/bookings', booking('forwarded@example.test'), {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'forwarded@example.test'));
    expect(row!.text).toContain(`https://play.hatch.test/manage/${res.json().booking.manage_key}`);
    expect(`${row!.text}${row!.html ?? ''}`).not.toContain('evil.example');
  });
});
