import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { bookingBody } from '../../scripts/booking-body';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { BOOKING_CREATE_LIMIT } from '../../src/server/domains/booking/public-booking/public-booking-service';
import { RECIPIENT_CAPS } from '../../src/server/platform/mail';
import { PUBLIC_BOOKING_MESSAGES } from '../../src/shared/api/public-booking';

let addressCounter = 0;
const freshAddress = () => `198.51.${(addressCounter >> 8) & 255}.${++addressCounter & 255}`;

const book = (agent: Agent, remoteAddress: string, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  agent.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody(overrides), remoteAddress, headers });

describe('booking creation per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('refuses creates past the limit with 429, a clear message and Retry-After; other addresses still book', async () => {
    const agent = await t.visitor();
    const address = freshAddress();
    for (let i = 0; i < BOOKING_CREATE_LIMIT.perIp; i++) expect((await book(agent, address)).statusCode).toBe(201);
    const refused = await book(agent, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: PUBLIC_BOOKING_MESSAGES.tooManyBookings, code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A new session from the same address does not reset it.
    expect((await book(await t.visitor(), address)).statusCode).toBe(429);
    expect((await book(agent, freshAddress())).statusCode).toBe(201);
  });

  it('counts only bookings really created: refused input and idempotent retries do not use the allowance', async () => {
    const agent = await t.visitor();
    const address = freshAddress();
    for (let i = 0; i < BOOKING_CREATE_LIMIT.perIp + 5; i++) expect((await book(agent, address, { date: '2000-01-01' })).statusCode).toBe(422);
    const body = bookingBody();
    for (let i = 0; i < BOOKING_CREATE_LIMIT.perIp + 5; i++) {
      const res = await agent.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: body,
        remoteAddress: address,
        headers: { 'idempotency-key': 'same-booking' },
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await book(agent, address)).statusCode).toBe(201);
  });
});

describe('booking confirmation mails per recipient', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('holds confirmations past the cap for one address, while the bookings themselves succeed', async () => {
    const cap = RECIPIENT_CAPS['booking_confirmation']!.limit;
    const agent = await t.visitor();
    const ids: number[] = [];
    for (let i = 0; i < cap + 2; i++) {
      // Different addresses and spellings of the same mailbox: the cap follows the recipient, not the sender.
      const res = await book(agent, freshAddress(), { email: i % 2 ? 'Flooded@Example.test' : 'flooded@example.test' });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().booking.id);
    }
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'booking_confirmation'));
    const toVictim = rows.filter((r) => r.to.toLowerCase() === 'flooded@example.test');
    expect(toVictim).toHaveLength(cap + 2);
    expect(toVictim.filter((r) => r.status === 'stored')).toHaveLength(cap);
    expect(toVictim.filter((r) => r.status === 'held').map((r) => r.bookingId)).toEqual(ids.slice(cap));

    // Another recipient is not affected.
    expect((await book(agent, freshAddress(), { email: 'someone-else@example.test' })).statusCode).toBe(201);
    const [other] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'someone-else@example.test'));
    expect(other?.status).toBe('stored');
  });
});

describe('client address behind a proxy (TRUST_PROXY)', () => {
  for (const setting of ['1', 'true', '127.0.0.1']) {
    it(`with TRUST_PROXY=${setting}, takes the address our proxy added (right-most), so a spoofed left-most entry resets no limit`, async () => {
      const t = await createTestApp({ TRUST_PROXY: setting });
      try {
        const agent = await t.visitor();
        // The socket is our proxy (127.0.0.1); it appended the client's real address, 5.6.7.8.
        const viaProxy = (spoofed: string) => ({ 'x-forwarded-for': `${spoofed}, 5.6.7.8` });
        for (let i = 0; i < BOOKING_CREATE_LIMIT.perIp; i++) {
          expect((await book(agent, '127.0.0.1', {}, viaProxy(`1.2.3.${i}`))).statusCode).toBe(201);
        }
        expect((await book(agent, '127.0.0.1', {}, viaProxy('1.2.3.250'))).statusCode).toBe(429);
        expect((await book(agent, '127.0.0.1', {}, { 'x-forwarded-for': '5.6.7.8, 9.9.9.9' })).statusCode).toBe(201);
      } finally {
        await t.close();
      }
    });
  }
});
