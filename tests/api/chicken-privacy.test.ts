import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { games } from '../../src/server/domains/game/tables/games';
import { mailOutbox } from '../../src/server/platform/db/tables';
import type { ChickenResponse } from '../../src/shared/api/hunt';
import { consoleResponse } from '../../src/shared/api/host';
import { playGameResponse } from '../../src/shared/api/play';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { north, playedGame } from '../support/hunt-fixtures';
import { openSse } from '../support/sse';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

/**
 * Game day for the Chicken and the organiser (issue 19): the Chicken's mail carries its own join link, its screen its
 * planned spot; the organiser's live view and stream leave the Chicken's position out unless they opt in
 * (docs/decisions/0280-finding-the-chicken.md, 0280-finding-the-chicken.md); the lobby's
 * meeting point and time zone (0230).
 */
let t: TestApp;
let admin: Agent & { userId: number };
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe("the Chicken's mail", () => {
  it("carries the Chicken's own join link, not the players' link or the organiser's", async () => {
    const email = `hen-${Date.now()}@example.test`;
    const paid = await createPaidBooking(t.db, { assignedChicken: 'player', assignedChickenEmail: email });
    const [game] = await t.db.select().from(games).where(eq(games.id, paid.gameId));
    if (!game) throw new Error('no game');
    const res = await admin.patch(`/api/admin/bookings/${paid.booking.id}`, { hiding_spot_address: 'Behind the bandstand' });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(email);
    if (!mail) throw new Error('no mail to the Chicken');
    const link = `/play/${paid.gameCode}?chicken=${game.chickenKey}`;
    expect(mail.text).toContain('Behind the bandstand');
    expect(mail.text).toMatch(new RegExp(`^https?://\\S+${link.replace(/[?]/g, '\\?')}$`, 'm'));
    expect(mail.text).toContain('for you alone');
    expect(mail.html).toContain(`href="`);
    expect(mail.html).toContain(link);
    // Not the players' join link (a bare /play/CODE or /booking/CODE), not the management key.
    expect(mail.text).not.toMatch(new RegExp(`/play/${paid.gameCode}(\\s|$)`));
    expect(mail.text).not.toContain(`/booking/${paid.gameCode}`);
    expect(mail.text).not.toContain(paid.booking.manageKey);
  });

  it('says the link comes later when the booking has no game yet', async () => {
    const email = `early-${Date.now()}@example.test`;
    const unpaid = await createBooking(t.db, { assignedChicken: 'player', assignedChickenEmail: email });
    expect((await admin.patch(`/api/admin/bookings/${unpaid.id}`, { hiding_spot_address: 'Under the bridge' })).statusCode).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail?.text).toContain('Your own link to join the game as the Chicken comes once the game is booked and paid.');
    expect(mail?.text).not.toContain('?chicken=');
  });
});

describe("the Chicken's screen and the lobby", () => {
  it("shows the Chicken its planned hiding spot; the lobby shows the meeting point and the game's time zone", async () => {
    const g = await playedGame(t, admin);
    await t.db
      .update(bookings)
      .set({
        hidingSpotAddress: 'The Crown pub, back room',
        hidingSpotNotes: 'Ask for Sam',
        meetingPointAddress: '1 Market Sq',
        meetingPointNotes: 'By the fountain',
        timezone: 'America/New_York',
      })
      .where(eq(bookings.id, g.booking.id));
    const screen = await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}/chicken`, headers: g.chicken.headers });
    expect(screen.json<ChickenResponse>().planned_spot).toEqual({ address: 'The Crown pub, back room', notes: 'Ask for Sam' });
    const lobby = playGameResponse.parse((await g.visitor.get(`/api/play/${g.gameCode}`)).json());
    expect(lobby).toMatchObject({ meeting_point: '1 Market Sq', meeting_point_notes: 'By the fountain', timezone: 'America/New_York' });
    // A player's answers never carry the planned spot.
    const [fox] = g.members;
    if (!fox) throw new Error('no player');
    for (const path of ['', '/me', '/map']) {
      const body = (await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}${path}`, headers: fox.headers })).body;
      expect(body).not.toContain('Crown');
      expect(body).not.toContain('Ask for Sam');
    }
  });
});

describe("the organiser's live view and the Chicken's position", () => {
  it('leaves the Chicken’s position and trail out of the snapshot unless the organiser opts in', async () => {
    const g = await playedGame(t, admin);
    const [fox] = g.members;
    if (!fox) throw new Error('no player');
    const spot = north(150);
    await g.send(g.chicken, spot);
    await g.send(fox, north(20));
    const headers = { 'x-manage-key': g.booking.manageKey };
    const live = (query: string) => g.visitor.inject({ method: 'GET', url: `/api/booking/${g.gameCode}/live${query}`, headers });

    const hidden = consoleResponse.parse((await live('')).json());
    const hen = hidden.players.find((p) => p.role === 'chicken');
    expect(hen).toMatchObject({ name: 'Clucky', position: null, trail: [] });
    expect(hidden.players.find((p) => p.id === fox.id)?.position).toMatchObject(north(20));
    expect(JSON.stringify(hidden)).not.toContain(String(spot.lat));

    const shown = consoleResponse.parse((await live('?chicken=show')).json());
    expect(shown.players.find((p) => p.role === 'chicken')).toMatchObject({ position: spot, trail: [spot] });

    // Anything else is refused (422), and the key is still needed.
    expect((await live('?chicken=yes')).statusCode).toBe(422);
    expect((await g.visitor.get(`/api/booking/${g.gameCode}/live?chicken=show`)).statusCode).toBe(403);
    // Staff still see it.
    const host = consoleResponse.parse((await admin.get(`/api/host/games/${g.gameCode}`)).json());
    expect(host.players.find((p) => p.role === 'chicken')?.position).toMatchObject(spot);
  });

  it("streams the Chicken's positions to the organiser only after opting in", async () => {
    const g = await playedGame(t, admin);
    const [fox] = g.members;
    if (!fox) throw new Error('no player');
    const headers = { 'x-manage-key': g.booking.manageKey };
    const url = `${base}/api/booking/${g.gameCode}/live/stream`;
    const plain = await openSse(url, headers);
    const optedIn = await openSse(`${url}?chicken=show`, headers);
    expect([plain.status, optedIn.status]).toEqual([200, 200]);
    try {
      // The Chicken moves first, then a player: by the player's fix the Chicken's would have arrived.
      await g.send(g.chicken, north(150));
      await g.send(fox, north(20));
      const isChicken = (e: { event: string; data: string }) => e.event === 'position' && JSON.parse(e.data).role === 'chicken';
      const isFox = (e: { event: string; data: string }) => e.event === 'position' && JSON.parse(e.data).player_id === fox.id;
      await optedIn.next(isChicken);
      await optedIn.next(isFox);
      await plain.next(isFox);
      expect(plain.events.filter(isChicken)).toEqual([]);
      expect(plain.events.map((e) => e.data).join('\n')).not.toContain(String(north(150).lat));
    } finally {
      plain.close();
      optedIn.close();
    }
    expect((await openSse(`${url}?chicken=1`, headers)).status).toBe(422);
  });
});
