import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { challengeListResponse, challengeResponse, type Challenge } from '../../src/shared/api/challenges';
import { joinResponse } from '../../src/shared/api/play';
import { playChallengesResponse } from '../../src/shared/api/play-challenges';
import { adminPricingResponse, pricingResponse } from '../../src/shared/api/pricing';
import { bookerBookingResponse } from '../../src/shared/api/booking';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { bookingBody } from '../../scripts/booking-body';
import { and, eq } from 'drizzle-orm';

/**
 * Issue 38, "Content, not only the frame" (decision 0630): staff's own texts carry translations; each reader gets
 * theirs, else the English, which stays exactly as it was. Runs on PGlite and, tagged, on PostgreSQL.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

const pg = { tags: ['postgres'] };

/** The challenge as a PUT sends it back: its editable fields. */
function bodyOf(c: Challenge) {
  const { id: _i, is_default: _d, created_at: _c, updated_at: _u, ...fields } = c;
  return fields;
}

async function aDefaultChallenge(): Promise<Challenge> {
  const list = challengeListResponse.parse((await admin.get('/api/admin/challenges')).json()).data;
  const found = list.find((c) => c.is_default && c.is_active);
  if (!found) throw new Error('no default challenge');
  return found;
}

async function join(code: string, name: string, language: string, team: { team_name: string } | { team_id: number }) {
  const res = await (await t.visitor()).post(`/api/play/${code}/join`, { name, language, ...team });
  expect(res.statusCode).toBe(201);
  return joinResponse.parse(res.json());
}

async function challengesOf(code: string, token: string) {
  const res = await (await t.visitor()).inject({ method: 'GET', url: `/api/play/${code}/challenges`, headers: { 'x-player-token': token } });
  expect(res.statusCode).toBe(200);
  return playChallengesResponse.parse(res.json()).challenges;
}

describe('a challenge’s title and description', () => {
  it('are German to a German player, English to an English one, and English where the French is missing', pg, async () => {
    const challenge = await aDefaultChallenge();
    const translations = { de: { name: 'Brunnen-Foto', description: 'Fotografiert euer Team an einem Brunnen.' }, fr: { name: 'Photo à la fontaine' } };
    const saved = await admin.put(`/api/admin/challenges/${challenge.id}`, { ...bodyOf(challenge), translations });
    expect(saved.statusCode).toBe(200);
    expect(challengeResponse.parse(saved.json()).data).toMatchObject({ name: challenge.name, translations });

    const paid = await createPaidBooking(t.db, { players: 6, ...startableSchedule() });
    const hans = await join(paid.gameCode, 'Hans', 'de', { team_name: 'Füchse' });
    const team = { team_id: hans.player.team_id ?? 0 };
    const emma = await join(paid.gameCode, 'Emma', 'en', team);
    const claire = await join(paid.gameCode, 'Claire', 'fr', team);

    const seen = async (token: string) => (await challengesOf(paid.gameCode, token)).find((c) => c.id === challenge.id);
    expect(await seen(hans.token)).toMatchObject({ name: 'Brunnen-Foto', description: 'Fotografiert euer Team an einem Brunnen.' });
    expect(await seen(emma.token)).toMatchObject({ name: challenge.name, description: challenge.description });
    // The French title is there, its description is not: that one falls back to the English.
    expect(await seen(claire.token)).toMatchObject({ name: 'Photo à la fontaine', description: challenge.description });
    // The list a player asks for is in their language already: no translations travel with it.
    expect((await seen(hans.token))?.translations).toBeUndefined();
  });

  it('keeps its translations when an edit leaves them out, and drops a blank one', async () => {
    const created = await admin.post('/api/admin/challenges', {
      name: 'Statue Pose',
      description: 'Copy the pose of a statue.',
      translations: { nl: { name: 'Standbeeld', description: '  ' } },
    });
    expect(created.statusCode).toBe(201);
    const challenge = challengeResponse.parse(created.json()).data;
    expect(challenge.translations).toEqual({ nl: { name: 'Standbeeld' } });

    const { translations: _kept, ...withoutTranslations } = bodyOf(challenge);
    const edited = await admin.put(`/api/admin/challenges/${challenge.id}`, { ...withoutTranslations, max_score: 20 });
    expect(edited.statusCode).toBe(200);
    expect(challengeResponse.parse(edited.json()).data).toMatchObject({ max_score: 20, translations: { nl: { name: 'Standbeeld' } } });
  });

  it('refuses an unknown language with a 422 that names it, and English as a translation', pg, async () => {
    const challenge = await aDefaultChallenge();
    const res = await admin.put(`/api/admin/challenges/${challenge.id}`, {
      ...bodyOf(challenge),
      translations: { xx: { name: 'Nope' }, en: { name: 'Also no' } },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json<{ errors: Record<string, string[]> }>();
    expect(body.errors['translations.xx']).toEqual(['Unknown language "xx": translations may be in de, fr, es, nl']);
    expect(body.errors['translations.en']).toEqual(['Unknown language "en": translations may be in de, fr, es, nl']);
  });

  it('are staff’s to write: anonymous 401, a host 403, no CSRF token 419', async () => {
    const challenge = await aDefaultChallenge();
    const body = { ...bodyOf(challenge), translations: { de: { name: 'Nein' } } };
    const anonymous = await (await t.visitor()).put(`/api/admin/challenges/${challenge.id}`, body);
    expect(anonymous.statusCode).toBe(401);
    const host = await t.as('host');
    expect((await host.put(`/api/admin/challenges/${challenge.id}`, body)).statusCode).toBe(403);
    const noCsrf = await admin.inject({ method: 'PUT', url: `/api/admin/challenges/${challenge.id}`, payload: body, csrf: false });
    expect(noCsrf.statusCode).toBe(419);
    const after = challengeResponse.parse((await admin.get(`/api/admin/challenges/${challenge.id}`)).json()).data;
    expect(after.translations.de?.name).not.toBe('Nein');
  });
});

/** The prices as staff save them, with the items' translations given. */
async function savePrices(body: Record<string, unknown>, agent: Agent = admin) {
  return agent.put('/api/admin/pricing', {
    currency: 'GBP',
    plans: [{ type: 'pro', price: 20, translations: { de: { name: 'Waffen', description: 'Alles aus Standard, dazu Power-ups' } } }],
    addons: [{ type: 'hosted', price: 300, translations: { de: { name: 'Spielleitung vor Ort' } } }],
    ...body,
  });
}

async function confirmationOf(language: string) {
  const res = await (
    await t.visitor()
  ).post('/api/bookings', bookingBody({ plan_type: 'pro', add_ons: ['hosted'], players: 8 }), { 'accept-language': language });
  expect(res.statusCode).toBe(201);
  const booking = bookerBookingResponse.parse(res.json()).booking;
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.bookingId, booking.id), eq(mailOutbox.kind, 'booking_confirmation')));
  return mail?.text ?? '';
}

describe('a plan’s and an add-on’s names', () => {
  it('are saved with the prices, and every price list carries them for the screens to pick', pg, async () => {
    const saved = await savePrices({});
    expect(saved.statusCode).toBe(200);
    const staff = adminPricingResponse.parse(saved.json());
    expect(staff.plans.find((p) => p.type === 'pro')?.translations).toEqual({ de: { name: 'Waffen', description: 'Alles aus Standard, dazu Power-ups' } });
    expect(staff.plans.find((p) => p.type === 'standard')?.translations).toBeUndefined();

    // Every currency's public list has them at once (they are not per currency), the English untouched.
    const euros = pricingResponse.parse((await (await t.visitor()).get('/api/pricing?currency=EUR')).json());
    const pro = euros.plans.find((p) => p.type === 'pro');
    expect(pro).toMatchObject({ name: 'Weapons', translations: { de: { name: 'Waffen' } } });
    expect(euros.addons.find((a) => a.type === 'hosted')).toMatchObject({ name: 'In-Person Host', translations: { de: { name: 'Spielleitung vor Ort' } } });
  });

  it('are German in a German booking’s confirmation, English in an English one and in a French one with no French', pg, async () => {
    expect((await savePrices({})).statusCode).toBe(200);
    const german = await confirmationOf('de-DE,de;q=0.9');
    expect(german).toContain('Spielart: Waffen');
    expect(german).toContain('Extras: Spielleitung vor Ort');
    expect(german).not.toContain('Weapons');

    const english = await confirmationOf('en-GB');
    expect(english).toContain('Game type: Weapons');
    expect(english).toContain('In-Person Host');

    const french = await confirmationOf('fr-FR');
    expect(french).toContain('Weapons');
    expect(french).toContain('In-Person Host');
  });

  it('refuses an unknown language (422 naming it) and anyone but staff (401, 403, 419 without CSRF)', async () => {
    const unknown = await savePrices({ addons: [{ type: 'hosted', price: 300, translations: { it: { name: 'Conduttore' } } }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ errors: Record<string, string[]> }>().errors['addons.0.translations.it']).toEqual([
      'Unknown language "it": translations may be in de, fr, es, nl',
    ]);
    expect((await savePrices({}, await t.visitor())).statusCode).toBe(401);
    expect((await savePrices({}, await t.as('host'))).statusCode).toBe(403);
    const noCsrf = await admin.inject({
      method: 'PUT',
      url: '/api/admin/pricing',
      payload: { currency: 'GBP', addons: [{ type: 'hosted', price: 300, translations: {} }] },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(419);
  });
});

describe('a game’s briefing and finish message', () => {
  it('are in each player’s language, else the game’s English; the organiser’s save keeps staff’s translations', pg, async () => {
    const paid = await createPaidBooking(t.db, { players: 6, ...startableSchedule() });
    const code = paid.gameCode;
    const saved = await admin.put(`/api/admin/games/${code}/briefing`, {
      briefing: 'Stay together and keep to the park.',
      finish_message: 'Meet at the fountain.',
      translations: { de: { briefing: 'Bleibt zusammen und im Park.', finish_message: 'Treffpunkt am Brunnen.' }, es: { briefing: ' ' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ translations: { de: { briefing: 'Bleibt zusammen und im Park.', finish_message: 'Treffpunkt am Brunnen.' } } });
    expect(saved.json<{ translations: Record<string, unknown> }>().translations.es).toBeUndefined();

    const hans = await join(code, 'Hans', 'de', { team_name: 'Adler' });
    const team = { team_id: hans.player.team_id ?? 0 };
    const emma = await join(code, 'Emma', 'en', team);
    const claire = await join(code, 'Claire', 'fr', team);
    const read = async (token: string) =>
      (await (await t.visitor()).inject({ method: 'GET', url: `/api/play/${code}/briefing`, headers: { 'x-player-token': token } })).json<{
        briefing: string;
        finish_message: string;
      }>();
    expect(await read(hans.token)).toMatchObject({ briefing: 'Bleibt zusammen und im Park.', finish_message: 'Treffpunkt am Brunnen.' });
    expect(await read(emma.token)).toMatchObject({ briefing: 'Stay together and keep to the park.', finish_message: 'Meet at the fountain.' });
    expect(await read(claire.token)).toMatchObject({ briefing: 'Stay together and keep to the park.', finish_message: 'Meet at the fountain.' });

    // The organiser edits the English only: staff's translations stay.
    const organiser = await (
      await t.visitor()
    ).inject({
      method: 'PUT',
      url: `/api/booking/${code}/briefing`,
      headers: { 'x-manage-key': paid.booking.manageKey },
      payload: { briefing: 'Stay together.', finish_message: null },
    });
    expect(organiser.statusCode).toBe(200);
    expect(await read(hans.token)).toMatchObject({ briefing: 'Bleibt zusammen und im Park.' });
    const staffView = await admin.get(`/api/admin/games/${code}/briefing`);
    expect(staffView.json()).toMatchObject({ briefing: 'Stay together.', translations: { de: { finish_message: 'Treffpunkt am Brunnen.' } } });
  });

  it('refuses an unknown language with a 422 that names it', async () => {
    const paid = await createPaidBooking(t.db, { players: 6, ...startableSchedule() });
    const res = await admin.put(`/api/admin/games/${paid.gameCode}/briefing`, {
      briefing: null,
      finish_message: null,
      translations: { pt: { briefing: 'Olá' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors['translations.pt']).toEqual([
      'Unknown language "pt": translations may be in de, fr, es, nl',
    ]);
  });
});
