import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { passwordResetTokens } from '../../src/server/domains/identity/tables/users';
import { sha256 } from '../../src/server/platform/crypto';
import { RESET_ANSWER_MS, RESET_LIMITS } from '../../src/server/domains/identity/auth/auth-service';
import { ACCOUNT_MESSAGES } from '../../src/shared/api/auth';
import { PASSWORD_MESSAGES } from '../../src/shared/validation/password-rules';
import { CODE_GUESS_LIMIT } from '../../src/server/platform/code-guesses';
import { createTestApp, TEST_PASSWORD, type Agent, type TestApp } from '../support/test-app';

/** Issue 19: staff change their own password, and reset a forgotten one by a mailed single-use link (decision 0182). */
let t: TestApp;
const PUBLIC_URL = 'https://hatch.example';
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(async () => t.close());

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

async function loginAs(email: string, password: string): Promise<{ status: number; agent: Agent }> {
  const agent = await t.visitor();
  const res = await agent.post('/api/auth/login', { email, password });
  return { status: res.statusCode, agent };
}

const me = async (agent: Agent) => (await agent.get('/api/auth/me')).statusCode;

function requestReset(email: string, ip = freshIp()) {
  return t.visitor().then((agent) => agent.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress: ip }));
}

const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

/** The token of the newest reset link mailed to this address, read from the mail as a person would click it. */
async function linkTokenFor(email: string): Promise<string> {
  const mails = (await mailsTo(email)).filter((m) => m.kind === 'auth.password_reset');
  const text = mails.at(-1)?.text ?? '';
  const match = /https:\/\/hatch\.example\/reset-password\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

const confirm = async (token: string, password: string) => (await t.visitor()).post('/api/auth/password-reset/confirm', { token, password });

describe('POST /api/auth/password: change your own password', () => {
  it('refuses an anonymous caller', async () => {
    const res = await (await t.visitor()).post('/api/auth/password', { current_password: TEST_PASSWORD, new_password: 'brass lantern orbit tea' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong current password and a weak new one with a clear 422, and changes nothing', async () => {
    const host = await t.as('host');
    const wrong = await host.post('/api/auth/password', { current_password: 'not my password', new_password: 'brass lantern orbit tea' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ message: ACCOUNT_MESSAGES.currentWrong, errors: { current_password: [ACCOUNT_MESSAGES.currentWrong] } });

    for (const [password, message] of [
      ['abcdefgh', PASSWORD_MESSAGES.weakSequence],
      ['Passw0rd!', PASSWORD_MESSAGES.common],
      ['Summer2024!', PASSWORD_MESSAGES.common],
      ['letmein!', PASSWORD_MESSAGES.common],
      ['short', PASSWORD_MESSAGES.tooShort],
      [host.email, PASSWORD_MESSAGES.containsEmail],
      [TEST_PASSWORD, ACCOUNT_MESSAGES.sameAsCurrent],
    ] as const) {
      const res = await host.post('/api/auth/password', { current_password: TEST_PASSWORD, new_password: password });
      expect({ password, status: res.statusCode, body: res.json() }).toMatchObject({
        password,
        status: 422,
        body: { message, errors: { new_password: [message] } },
      });
    }
    expect((await loginAs(host.email, TEST_PASSWORD)).status).toBe(200);
    expect(await me(host)).toBe(200);
  });

  it('sets the new password, ends the other sessions and keeps this one', async () => {
    const admin = await t.as('admin');
    const other = await loginAs(admin.email, TEST_PASSWORD);
    expect(await me(other.agent)).toBe(200);

    const res = await admin.post('/api/auth/password', { current_password: TEST_PASSWORD, new_password: 'brass lantern orbit tea' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.changed });

    expect(await me(admin)).toBe(200);
    expect(await me(other.agent)).toBe(401);
    expect((await loginAs(admin.email, TEST_PASSWORD)).status).toBe(401);
    expect((await loginAs(admin.email, 'brass lantern orbit tea')).status).toBe(200);
  });
});

/** POST /api/auth/password-reset/check: is the link's token good, asked as the page opens (issue 28). */
function checkLink(token: string, ip = freshIp()) {
  return t.visitor().then((agent) => agent.inject({ method: 'POST', url: '/api/auth/password-reset/check', payload: { token }, remoteAddress: ip }));
}

describe('POST /api/auth/password-reset/check: the link checked before the form', () => {
  it('says a good link is good without using it up, and a used, expired or invented one is not (404, the message)', async () => {
    const user = await t.createUser({ role: 'host' });
    await requestReset(user.email);
    const token = await linkTokenFor(user.email);
    for (let i = 0; i < 2; i++) {
      const good = await checkLink(token);
      expect({ status: good.statusCode, body: good.json() }).toEqual({ status: 200, body: { valid: true } });
    }
    // Checking used nothing up: the link still sets the password, once.
    expect((await confirm(token, 'velvet harbour compass nine')).statusCode).toBe(200);
    const used = await checkLink(token);
    expect({ status: used.statusCode, message: used.json().message }).toEqual({ status: 404, message: ACCOUNT_MESSAGES.resetInvalid });

    const other = await t.createUser({ role: 'admin' });
    await requestReset(other.email);
    const expiring = await linkTokenFor(other.email);
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000 - 1000);
    await t.db
      .update(passwordResetTokens)
      .set({ createdAt: hourAgo, expiresAt: new Date(hourAgo.getTime() + 60 * 60 * 1000) })
      .where(eq(passwordResetTokens.userId, other.id));
    for (const tried of [expiring, 'x'.repeat(43)]) {
      const res = await checkLink(tried);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 404, message: ACCOUNT_MESSAGES.resetInvalid });
    }
    expect((await checkLink('')).statusCode).toBe(422);
  });

  it(`counts wrong links against the code-guess limit: ${CODE_GUESS_LIMIT.perIp} misses, then 429 even for a good link`, async () => {
    const user = await t.createUser({ role: 'host' });
    await requestReset(user.email);
    const token = await linkTokenFor(user.email);
    const ip = freshIp();
    for (let i = 0; i < CODE_GUESS_LIMIT.perIp; i++) expect((await checkLink(`guess-${i}-${'y'.repeat(30)}`, ip)).statusCode).toBe(404);
    const refused = await checkLink(token, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Setting the password from that address is refused too: the confirm is a look-up by the same token.
    const confirmRefused = await t.visitor().then((agent) =>
      agent.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { token, password: 'velvet harbour compass nine' },
        remoteAddress: ip,
      }),
    );
    expect(confirmRefused.statusCode).toBe(429);
    expect((await checkLink(token)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/password-reset: the mailed link', () => {
  it('answers a known and an unknown email alike, in the same time, and mails only the known one', async () => {
    const user = await t.createUser({ role: 'host' });
    const unknown = `nobody-${user.id}@example.test`;
    const startedKnown = Date.now();
    const known = await requestReset(user.email);
    const knownMs = Date.now() - startedKnown;
    const startedUnknown = Date.now();
    const stranger = await requestReset(unknown);
    const unknownMs = Date.now() - startedUnknown;

    expect(known.statusCode).toBe(200);
    expect({ status: stranger.statusCode, body: stranger.json() }).toEqual({ status: known.statusCode, body: known.json() });
    expect(known.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    expect(knownMs).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    expect(unknownMs).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);

    expect(await mailsTo(unknown)).toEqual([]);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Set a new password for your hatch account');
    expect(mails[0]?.text).toContain('The link works once, within 1 hour.');
    // Only a hash of the token is stored.
    const token = await linkTokenFor(user.email);
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
    const first = rows[0];
    expect(Math.abs((first?.expiresAt.getTime() ?? 0) - (first?.createdAt.getTime() ?? 0) - 60 * 60 * 1000)).toBeLessThan(5_000);
  });

  it('sets the new password once, ends every session of the user, and refuses a weak one first', async () => {
    const host = await t.as('host');
    const elsewhere = await loginAs(host.email, TEST_PASSWORD);
    expect((await requestReset(host.email)).statusCode).toBe(200);
    const token = await linkTokenFor(host.email);

    const weak = await confirm(token, 'Summer2024!');
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toMatchObject({ message: PASSWORD_MESSAGES.common, errors: { password: [PASSWORD_MESSAGES.common] } });
    expect(await me(host)).toBe(200);

    const done = await confirm(token, 'velvet harbour compass nine');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: ACCOUNT_MESSAGES.resetDone });
    expect(await me(host)).toBe(401);
    expect(await me(elsewhere.agent)).toBe(401);
    expect((await loginAs(host.email, TEST_PASSWORD)).status).toBe(401);
    expect((await loginAs(host.email, 'velvet harbour compass nine')).status).toBe(200);

    const again = await confirm(token, 'another fine passphrase');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ message: ACCOUNT_MESSAGES.resetInvalid, errors: { token: [ACCOUNT_MESSAGES.resetInvalid] } });
    expect((await loginAs(host.email, 'velvet harbour compass nine')).status).toBe(200);
  });

  it('refuses a link after its hour, and an invented one, and changes nothing', async () => {
    const user = await t.createUser({ role: 'admin' });
    await requestReset(user.email);
    const token = await linkTokenFor(user.email);
    // An hour and a second later: the row as time would leave it.
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000 - 1000);
    await t.db
      .update(passwordResetTokens)
      .set({ createdAt: hourAgo, expiresAt: new Date(hourAgo.getTime() + 60 * 60 * 1000) })
      .where(eq(passwordResetTokens.userId, user.id));

    for (const tried of [token, 'x'.repeat(43), '']) {
      const res = await confirm(tried, 'velvet harbour compass nine');
      expect({ tried, status: res.statusCode, message: res.json().message }).toEqual({ tried, status: 422, message: ACCOUNT_MESSAGES.resetInvalid });
    }
    expect((await loginAs(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it(`limits requests to ${RESET_LIMITS.perEmail} an hour per address (known or not) and ${RESET_LIMITS.perIp} per client address`, async () => {
    const user = await t.createUser({ role: 'host' });
    const unknown = `ghost-${user.id}@example.test`;
    for (const email of [user.email, unknown]) {
      const answers = await Promise.all(Array.from({ length: RESET_LIMITS.perEmail }, () => requestReset(email)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(RESET_LIMITS.perEmail).fill(200));
      const limited = await requestReset(email.toUpperCase());
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(ACCOUNT_MESSAGES.tooManyResets);
    }
    expect((await mailsTo(user.email)).filter((m) => m.kind === 'auth.password_reset')).toHaveLength(RESET_LIMITS.perEmail);

    const ip = freshIp();
    const fromOne = await Promise.all(Array.from({ length: RESET_LIMITS.perIp }, (_, i) => requestReset(`many-${i}-${user.id}@example.test`, ip)));
    expect(fromOne.map((r) => r.statusCode)).toEqual(Array(RESET_LIMITS.perIp).fill(200));
    expect((await requestReset(`one-more-${user.id}@example.test`, ip)).statusCode).toBe(429);
  });

  it('refuses an empty email with a clear 422', async () => {
    const res = await requestReset('');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Email address is required');
  });
});
