import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { startSmtpStandIn } from '../support/smtp-stand-in';

// The invite as it leaves through SMTP (decision 0373): the part mail apps act on and the .ics attachment.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ PUBLIC_URL: 'https://play.hatch.test', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

describe('a booker mail with a calendar invite, sent', () => {
  it('carries a text/calendar part with its METHOD and an .ics attachment', async () => {
    const visitor = await t.visitor();
    const created = await visitor.post('/api/bookings', {
      players: 8,
      plan_type: 'standard',
      date: '2030-10-27',
      meeting_time: { hour: 15, minute: 0 },
      timezone: 'Europe/London',
      city: 'London',
      initial_area_lat: 51.5,
      initial_area_lng: -0.12,
      email: 'invite-by-smtp@example.test',
    });
    expect(created.statusCode).toBe(201);
    await t.app.deps.mail.deliverPending();
    const mail = smtp.mails.find((m) => m.to.some((to) => to.includes('invite-by-smtp@example.test')));
    expect(mail).toBeDefined();
    const data = mail?.data ?? '';
    expect(data).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(data).toMatch(/Content-Type: application\/ics; name=hatch-game\.ics/i);
    expect(data).toMatch(/Content-Disposition: attachment; filename=hatch-game\.ics/i);
  });
});
