import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking, startableSchedule } from '../support/fixtures';
import { createChallenge, sendSubmission } from '../support/game-fixtures';
import { jpeg } from '../support/photo-fixtures';
import { bookingBody } from '../../scripts/booking-body';
import { gameInstances, players } from '../../src/server/domains/game/tables/games';
import { PLAYER_TOKEN_HEADER } from '../../src/shared/api/play';
import { bookingConsentsResponse, PRIVACY_MESSAGES, publicPrivacyResponse, termsResponse } from '../../src/shared/api/privacy';
import { feedResponse, recapResponse, screenResponse } from '../../src/shared/api/showcase';

/**
 * Terms and waivers on record (issue 41, decision 0570): nothing is asked before a first version is published; then a
 * booking needs the current terms version, each version leaves older acceptances as they were, staff-made bookings ask
 * the booker on their page, and joining needs the waiver with a photo consent that keeps a player's media off the
 * recap, the big screen and the feed while their team's answer still scores. Both drivers (tagged postgres).
 */
let t: TestApp;
let admin: Agent;
let made = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

/** A wizard booking from its own address (the per-address create limit is another file's). */
async function book(agent: Agent, overrides: Record<string, unknown> = {}) {
  made += 1;
  return agent.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody({ date: '2031-06-14', ...overrides }), remoteAddress: `127.0.41.${made}` });
}
const consentsOf = async (bookingId: number) => bookingConsentsResponse.parse((await admin.get(`/api/admin/bookings/${bookingId}/consents`)).json()).consents;

describe('booking terms', { tags: ['postgres'] }, () => {
  let firstId = 0;

  it('asks nothing while no terms are published', async () => {
    const current = publicPrivacyResponse.parse((await (await t.visitor()).get('/api/privacy')).json());
    expect(current.terms).toBeNull();
    expect(current.notice).toMatchObject({ positions_days: 30, media_days: 90 });
    const res = await book(await t.visitor());
    expect(res.statusCode).toBe(201);
    const consents = await consentsOf(res.json<{ booking: { id: number } }>().booking.id);
    expect(consents).toMatchObject({ terms_pending: false, current_terms_version: null, terms: null });
  });

  it('publishes versions for admins only, each a new number', async () => {
    const visitor = await t.visitor();
    expect((await visitor.put('/api/admin/terms', { text: 'x' })).statusCode).toBe(401);
    const user = await t.as('host');
    expect((await user.put('/api/admin/terms', { text: 'x' })).statusCode).toBe(403);
    const blank = await admin.put('/api/admin/terms', { text: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.text).toEqual([PRIVACY_MESSAGES.textRequired]);
    const res = await admin.put('/api/admin/terms', { text: 'Terms one: be kind.' });
    expect(res.statusCode).toBe(200);
    expect(termsResponse.parse(res.json()).terms).toMatchObject({ version: 1, text: 'Terms one: be kind.' });
  });

  it('refuses a booking without the current version on terms_version, and keeps the accepted one with the booking', async () => {
    const visitor = await t.visitor();
    const missing = await book(visitor);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ terms_version: [PRIVACY_MESSAGES.termsRequired] });
    const wrong = await book(visitor, { terms_version: 7 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.terms_version).toEqual([PRIVACY_MESSAGES.termsOutdated]);

    const before = Date.now();
    const ok = await book(visitor, { terms_version: 1 });
    expect(ok.statusCode).toBe(201);
    firstId = ok.json<{ booking: { id: number } }>().booking.id;
    const consents = await consentsOf(firstId);
    expect(consents.terms).toMatchObject({ version: 1, text: 'Terms one: be kind.' });
    expect(Date.parse(consents.terms?.accepted_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(consents.terms_pending).toBe(false);
  });

  it('a new version leaves older acceptances as they were and is the one asked from then on', async () => {
    expect(termsResponse.parse((await admin.put('/api/admin/terms', { text: 'Terms two: be kinder.' })).json()).terms.version).toBe(2);
    const history = (await admin.get('/api/admin/terms')).json<{ terms: { version: number }; history: { version: number }[] }>();
    expect(history.terms.version).toBe(2);
    expect(history.history.map((h) => h.version)).toEqual([2, 1]);

    const old = await consentsOf(firstId);
    expect(old.terms).toMatchObject({ version: 1, text: 'Terms one: be kind.' });
    expect(old.current_terms_version).toBe(2);

    const visitor = await t.visitor();
    expect((await book(visitor, { terms_version: 1 })).json().errors.terms_version).toEqual([PRIVACY_MESSAGES.termsOutdated]);
    const ok = await book(visitor, { terms_version: 2 });
    expect(ok.statusCode).toBe(201);
    expect((await consentsOf(ok.json<{ booking: { id: number } }>().booking.id)).terms?.version).toBe(2);
  });

  it('a booking staff made is "terms not accepted yet" until the booker accepts on their page', async () => {
    const booking = await createBooking(t.db);
    expect((await consentsOf(booking.id)).terms_pending).toBe(true);
    const booker = await t.visitor();
    const headers = { 'x-manage-key': booking.manageKey };
    const noKey = await booker.get(`/api/booking/${booking.tempCode}/consents`);
    expect(noKey.statusCode).toBe(403);
    const page = await booker.inject({ method: 'GET', url: `/api/booking/${booking.tempCode}/consents`, headers });
    expect(page.statusCode).toBe(200);
    expect(bookingConsentsResponse.parse(page.json()).consents).toMatchObject({ terms_pending: true, current_terms_version: 2, terms: null });

    const old = await booker.post(`/api/booking/${booking.tempCode}/terms`, { terms_version: 1 }, headers);
    expect(old.statusCode).toBe(422);
    const accepted = await booker.post(`/api/booking/${booking.tempCode}/terms`, { terms_version: 2 }, headers);
    expect(accepted.statusCode).toBe(200);
    expect(bookingConsentsResponse.parse(accepted.json()).consents).toMatchObject({ terms_pending: false, terms: { version: 2 } });
    expect((await booker.post(`/api/booking/${booking.tempCode}/terms`, { terms_version: 2 }, headers)).statusCode).toBe(409);
    expect((await consentsOf(booking.id)).terms?.version).toBe(2);
  });
});

describe('the player waiver and photo consent', { tags: ['postgres'] }, () => {
  it('joins as today while no waiver is published', async () => {
    const { gameCode } = await createPaidBooking(t.db, startableSchedule());
    const res = await (await t.visitor()).post(`/api/play/${gameCode}/join`, { name: 'Early', team_name: 'Foxes' });
    expect(res.statusCode).toBe(201);
  });

  it('needs the current waiver to join, keeps each consent, and leaves a declining player out of every shared media', async () => {
    expect((await admin.put('/api/admin/waiver', { text: 'Play safe. Photos may be shown.' })).json().waiver.version).toBe(1);
    const { booking, gameCode, gameId } = await createPaidBooking(t.db, startableSchedule());
    const visitor = await t.visitor();
    const refused = await visitor.post(`/api/play/${gameCode}/join`, { name: 'Nova', team_name: 'Foxes' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ waiver_version: [PRIVACY_MESSAGES.waiverRequired] });

    const join = async (name: string, photo: boolean) => {
      const res = await visitor.post(`/api/play/${gameCode}/join`, { name, team_name: 'Foxes', waiver_version: 1, photo_consent: photo });
      expect(res.statusCode).toBe(201);
      const { token, player } = res.json<{ token: string; player: { id: number } }>();
      return { id: player.id, headers: { [PLAYER_TOKEN_HEADER]: token } };
    };
    const yes = await join('Sunny', true);
    const no = await join('Shady', false);

    const consents = await consentsOf(booking.id);
    expect(consents.players.map((p) => [p.name, p.version, p.photo_consent])).toEqual([
      ['Sunny', 1, true],
      ['Shady', 1, false],
    ]);
    const booker = await t.visitor();
    const mine = await booker.inject({ method: 'GET', url: `/api/booking/${gameCode}/consents`, headers: { 'x-manage-key': booking.manageKey } });
    expect(bookingConsentsResponse.parse(mine.json()).consents.players).toHaveLength(2);

    // Each sends a photo to a challenge; both are approved and both score.
    expect((await admin.post(`/api/admin/bookings/${booking.id}/start-game`)).statusCode).toBe(200);
    const [instance] = await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, gameId));
    const [sunnyRow] = await t.db.select().from(players).where(eq(players.id, yes.id));
    if (!instance || !sunnyRow?.teamId) throw new Error('no live game');
    const photo = async (playerId: number, n: number) => {
      const challengeId = await createChallenge(admin, { type: 'RightWrong', max_score: 5, name: `Group photo ${n}` });
      const key = `games/${instance.id}/${crypto.randomUUID()}.jpg`;
      await t.app.deps.media.put(key, jpeg(1_000 + n, n), 'image/jpeg');
      const row = await sendSubmission(t, { instanceId: instance.id, teamId: sunnyRow.teamId ?? 0, challengeId, kind: 'photo', mediaKey: key, playerId });
      expect((await admin.post(`/api/host/games/${gameCode}/submissions/${row.id}/approve`, {})).statusCode).toBe(200);
      return row.id;
    };
    const shown = await photo(yes.id, 1);
    const withheld = await photo(no.id, 2);

    const feed = feedResponse.parse((await visitor.inject({ method: 'GET', url: `/api/play/${gameCode}/feed`, headers: yes.headers })).json());
    expect(feed.items.map((i) => i.id)).toContain(shown);
    expect(feed.items.map((i) => i.id)).not.toContain(withheld);
    expect((await visitor.inject({ method: 'GET', url: `/api/play/${gameCode}/feed/${withheld}/media`, headers: yes.headers })).statusCode).toBe(404);

    const screenUrl = (await admin.get(`/api/host/games/${gameCode}/screen`)).json<{ url: string }>().url;
    const screen = screenResponse.parse((await visitor.get(`/api/screen/${screenUrl.split('/').pop()}`)).json());
    expect(screen.feed.map((i) => i.id)).toEqual(expect.arrayContaining([shown]));
    expect(screen.feed.map((i) => i.id)).not.toContain(withheld);
    // The team's answer still scores: both approved photos count in its total.
    expect(screen.teams.find((tm) => tm.id === sunnyRow.teamId)?.challenge_points).toBe(10);

    await t.db
      .update(gameInstances)
      .set({ status: 'ended', endTime: new Date('2031-01-10T12:00:00Z') })
      .where(eq(gameInstances.id, instance.id));
    const headers = { 'x-manage-key': booking.manageKey };
    const published = await booker.inject({ method: 'POST', url: `/api/booking/${gameCode}/recap`, payload: { published: true }, headers });
    expect(published.statusCode).toBe(200);
    const recap = recapResponse.parse((await visitor.get(`/api/recap/${published.json<{ url: string }>().url.split('/').pop()}`)).json());
    expect(recap.album.map((i) => i.id)).toContain(shown);
    expect(recap.album.map((i) => i.id)).not.toContain(withheld);
    // The recap says when its media go: the end plus the 90 days of the default setting.
    expect(recap.game.media_kept_until).toBe('2031-04-10T12:00:00.000Z');
  });
});
