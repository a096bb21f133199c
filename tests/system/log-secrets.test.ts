import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { E2E_ADMIN, freePort, startServer } from '../e2e/support/server';
import { openClient } from '../../scripts/http-client';
import { bookingBody } from '../../scripts/booking-body';
import { startSmtpStandIn } from '../support/smtp-stand-in';

/**
 * Issues 28, 30 and 36: the whole log of a server process (dist/server.js at LOG_LEVEL=debug) through flows that carry
 * every kind of secret holds none of them, and a 5xx answer's request id is on its log lines. Build first.
 */
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** A link in a mail as sent over SMTP: quoted-printable soft breaks and `=3D` undone. */
const mailText = (data: string) => data.replace(/=\r?\n/g, '').replaceAll('=3D', '=');

describe('the request log', () => {
  it('holds no password, token, key, cookie or Stripe secret, and names the request id of a 5xx', async () => {
    const smtp = await startSmtpStandIn();
    cleanups.push(() => smtp.stop());
    // Stripe at an address nothing listens on: a checkout fails upstream, a 5xx with no harm done.
    const secrets: Record<string, string> = {
      stripeSecretKey: 'sk_test_LogSecret9a8b7c6d5e4f3a2b1c',
      stripeWebhookSecret: 'whsec_LogSecret1q2w3e4r5t6y7u8i9o',
    };
    const server = await startServer({
      LOG_LEVEL: 'debug',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      STRIPE_SECRET_KEY: secrets.stripeSecretKey ?? '',
      STRIPE_WEBHOOK_SECRET: secrets.stripeWebhookSecret ?? '',
      STRIPE_API_BASE: `http://127.0.0.1:${await freePort()}`,
    });
    cleanups.push(() => server.stop());

    // Staff: a wrong password, then the right one (the session cookie and CSRF token are secrets too).
    const staff = await openClient(server.url);
    secrets.wrongPassword = 'not-the-staff-passphrase-7731';
    const refused = await staff.json('POST', '/api/auth/login', { email: E2E_ADMIN.email, password: secrets.wrongPassword });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect((await staff.json('POST', '/api/auth/login', E2E_ADMIN)).status).toBe(200);
    secrets.password = E2E_ADMIN.password;
    secrets.session = staff.cookie.split('=')[1] ?? '';
    secrets.csrf = staff.csrf;

    // A booker: the manage key in paths and a header, a payment return with the provider's session id, a checkout that
    // fails upstream (502).
    const booker = await openClient(server.url);
    const made = await booker.json<{ booking: { id: number; temp_code: string; manage_key: string; email: string } }>('POST', '/api/bookings', bookingBody());
    expect(made.status).toBe(201);
    const key = made.data.booking.manage_key;
    secrets.manageKey = key;
    // Issue 36: the temporary code (in the API's path, the booker page's path and X-Booking-Code) and the booker's email.
    secrets.tempCode = made.data.booking.temp_code;
    secrets.bookerEmail = made.data.booking.email;
    const elsewhere = await openClient(server.url);
    expect((await elsewhere.request('GET', `/api/booking/${secrets.tempCode}`)).status).toBe(200);
    expect((await elsewhere.request('GET', `/api/booking/${secrets.tempCode.toLowerCase()}/calendar.ics`)).status).toBe(200);
    expect((await elsewhere.request('GET', `/hatch/${secrets.tempCode}`)).status).toBe(200);
    const patched = await elsewhere.json('PATCH', `/api/bookings/${made.data.booking.id}`, { players: 12 }, { 'x-booking-code': secrets.tempCode });
    expect(patched.status).toBe(200);
    expect((await booker.request('GET', `/api/manage/${key}`)).status).toBe(200);
    expect((await booker.request('GET', `/manage/${key}`)).status).toBe(200);
    secrets.checkoutSession = 'cs_test_LogSecretSession55aa66bb';
    expect((await booker.request('GET', `/manage/${key}/paid?session_id=${secrets.checkoutSession}`)).status).toBe(200);
    expect((await booker.request('GET', `/api/booking/${made.data.booking.temp_code}`, undefined, { 'x-manage-key': key })).status).toBe(200);
    const payment = await booker.json<{ payment: { options: Record<'deposit' | 'full' | 'balance', number | null> } }>('GET', `/api/manage/${key}/payment`);
    expect(payment.status).toBe(200);
    const [purpose, amount] = Object.entries(payment.data.payment.options).find(([, a]) => a !== null) ?? [];
    const failed = await booker.request('POST', `/api/manage/${key}/checkout`, { purpose, amount });
    expect(failed.status).toBe(502);
    const requestId = z.object({ request_id: z.string().min(1) }).parse(JSON.parse(failed.body)).request_id;
    expect(failed.headers.get('x-request-id')).toBe(requestId);

    // A gift voucher's code, looked up in the booking's one code box.
    const voucher = await staff.json<{ data: { code: string | null } }>('POST', '/api/admin/gift-vouchers', {
      amount: 2500,
      currency: 'GBP',
      recipient_name: 'Ada',
    });
    expect(voucher.status).toBe(201);
    secrets.voucherCode = voucher.data.data.code ?? '';
    expect((await booker.request('GET', `/api/discount-codes/${secrets.voucherCode}?plan_type=standard&players=10&currency=GBP`)).status).toBeLessThan(500);

    // A proposal: its token in the API's path and the customer's page.
    const proposal = await staff.json<{ proposal: { id: number } }>('POST', '/api/admin/proposals', {
      booking_id: made.data.booking.id,
      plan_type: 'pro',
      players: 30,
      add_ons: [],
      lines: [],
      valid_until: inDays(14),
    });
    expect(proposal.status).toBe(201);
    const sent = await staff.json<{ proposal: { link: string } }>('POST', `/api/admin/proposals/${proposal.data.proposal.id}/send`);
    expect(sent.status).toBe(200);
    const proposalToken = decodeURIComponent(sent.data.proposal.link.split('/proposal/')[1] ?? '');
    secrets.proposalToken = proposalToken;
    expect((await booker.request('GET', `/api/proposals/${encodeURIComponent(proposalToken)}`)).status).toBe(200);
    expect((await booker.request('GET', `/proposal/${encodeURIComponent(proposalToken)}`)).status).toBe(200);

    const player = await openClient(server.url);
    // A player of a paid booking's game: the token in X-Player-Token.
    const second = await booker.json<{ booking: { id: number; manage_key: string } }>('POST', '/api/bookings', bookingBody());
    expect(second.status).toBe(201);
    const due = await booker.json<{ payment: { options: { full: number | null } } }>('GET', `/api/manage/${second.data.booking.manage_key}/payment`);
    const paid = await staff.json<{ booking: { game: { code: string } | null } }>('POST', `/api/admin/bookings/${second.data.booking.id}/payments`, {
      payment_type: 'cash',
      payment_amount: due.data.payment.options.full ?? 0,
    });
    expect(paid.status).toBe(201);
    const code = paid.data.booking.game?.code ?? '';
    const joined = await player.json<{ token: string }>('POST', `/api/play/${code}/join`, { name: 'Fay', team_name: 'Foxes' });
    expect(joined.status).toBe(201);
    secrets.playerToken = joined.data.token;
    expect((await player.request('GET', `/api/play/${code}/me`, undefined, { 'x-player-token': joined.data.token })).status).toBe(200);

    // A password reset: the link from the mail, its page, its check and a new password.
    expect((await booker.json('POST', '/api/auth/password-reset', { email: E2E_ADMIN.email })).status).toBeLessThan(300);
    await expect.poll(() => smtp.mails.some((m) => mailText(m.data).includes('/reset-password/')), { timeout: 20_000 }).toBe(true);
    const mail = smtp.mails.find((m) => mailText(m.data).includes('/reset-password/'));
    const resetToken = /\/reset-password\/([A-Za-z0-9_%-]+)/.exec(mailText(mail?.data ?? ''))?.[1] ?? '';
    expect(resetToken.length).toBeGreaterThan(10);
    secrets.resetToken = decodeURIComponent(resetToken);
    expect((await booker.request('GET', `/reset-password/${resetToken}`)).status).toBe(200);
    expect((await booker.json('POST', '/api/auth/password-reset/check', { token: secrets.resetToken })).status).toBe(200);
    secrets.newPassword = 'a-brand-new-passphrase-for-staff-5521';
    expect((await booker.json('POST', '/api/auth/password-reset/confirm', { token: secrets.resetToken, password: secrets.newPassword })).status).toBeLessThan(
      300,
    );

    // A request id from a proxy is kept when it is a short plain token, and replaced when it is not.
    const traced = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'proxy-check-42' } });
    expect(traced.headers.get('x-request-id')).toBe('proxy-check-42');
    const unsafe = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'not safe <script>' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    await expect.poll(() => server.output().includes('proxy-check-42'), { timeout: 5_000 }).toBe(true);
    // The city index is loaded right after the server starts listening: from the build's file, not built again.
    await expect.poll(() => server.output().includes('city gazetteer loaded'), { timeout: 10_000 }).toBe(true);
    const log = server.output();
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(8);
      expect(log.includes(value), `${name} is in the log`).toBe(false);
      expect(log.includes(encodeURIComponent(value)), `${name} (URL-encoded) is in the log`).toBe(false);
    }
    // The redacted paths are there, so the flows above were logged at all.
    expect(log).toContain('/api/manage/[redacted]/checkout');
    expect(log).toContain('/api/proposals/[redacted]');
    expect(log).toContain('/reset-password/[redacted]');
    expect(log).toContain('/api/booking/[redacted]');
    expect(log).toContain('/api/discount-codes/[redacted]');

    // Every line of the failed request carries its id: the request, the provider's failure, the answer.
    const lines = log.split('\n').flatMap((line) => {
      try {
        return [z.object({ reqId: z.string().optional(), msg: z.string().optional() }).loose().parse(JSON.parse(line))];
      } catch {
        return [];
      }
    });
    const ofFailed = lines.filter((l) => l.reqId === requestId).map((l) => l.msg);
    expect(ofFailed).toEqual(expect.arrayContaining(['incoming request', 'checkout not created', 'request completed']));

    const gazetteer = lines.find((l) => l.msg === 'city gazetteer loaded');
    expect(z.object({ gazetteer: z.object({ from: z.string(), places: z.number() }) }).parse(gazetteer).gazetteer).toMatchObject({
      from: 'build',
      places: expect.any(Number),
    });
    const cities = z.object({ results: z.array(z.object({ name: z.string() })) }).parse(await (await fetch(`${server.url}/api/geocode?q=zuri`)).json());
    expect(cities.results[0]?.name).toBe('Zürich');
  }, 240_000);
});
