import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { PLAYER_TOKEN_HEADER } from '../../src/shared/api/play';

/**
 * The dispute pack (issue 41): one PDF per booking with the terms the customer accepted and their text, the payments,
 * the game's start and how many played; nothing of another booking and no positions. Both drivers (tagged postgres).
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

describe('the dispute pack', { tags: ['postgres'] }, () => {
  it("holds the accepted terms, the payments and the game, and nothing of another booking's", async () => {
    expect((await admin.put('/api/admin/terms', { text: 'Refunds up to 48 hours before the game.' })).statusCode).toBe(200);
    const mine = await createPaidBooking(t.db, { email: 'disputer@example.test', fullName: 'Dana Disputer', ...startableSchedule() }, 15_000);
    const theirs = await createPaidBooking(t.db, { email: 'bystander@example.test', fullName: 'Bea Bystander', ...startableSchedule() }, 9_900);
    const booker = await t.visitor();
    const accepted = await booker.post(`/api/booking/${mine.gameCode}/terms`, { terms_version: 1 }, { 'x-manage-key': mine.booking.manageKey });
    expect(accepted.statusCode).toBe(200);

    const visitor = await t.visitor();
    const joined = await visitor.post(`/api/play/${mine.gameCode}/join`, { name: 'Runner', team_name: 'Foxes' });
    expect(joined.statusCode).toBe(201);
    const token = joined.json<{ token: string }>().token;
    expect((await admin.post(`/api/admin/bookings/${mine.booking.id}/start-game`)).statusCode).toBe(200);
    expect((await visitor.post(`/api/play/${mine.gameCode}/positions`, { lat: 51.50741, lng: -0.12781 }, { [PLAYER_TOKEN_HEADER]: token })).statusCode).toBe(
      204,
    );

    expect((await (await t.visitor()).get(`/api/admin/bookings/${mine.booking.id}/dispute-pack`)).statusCode).toBe(401);
    expect((await admin.get('/api/admin/bookings/999999/dispute-pack')).statusCode).toBe(404);
    const res = await admin.get(`/api/admin/bookings/${mine.booking.id}/dispute-pack`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('Terms accepted: version 1');
    expect(text).toContain('Refunds up to 48 hours before the game.');
    expect(text).toContain('disputer@example.test');
    expect(text).toContain('£150.00');
    expect(text).toContain('Players who joined and played: 1');
    expect(text).toMatch(/Round 1: started \d{4}-/);
    // Nothing of the other booking, and no position of any player.
    expect(text).not.toContain('bystander@example.test');
    expect(text).not.toContain(theirs.booking.tempCode);
    expect(text).not.toContain('£99.00');
    expect(text).not.toContain('51.507');
  });
});
