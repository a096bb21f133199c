import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { BOOKER_MESSAGES } from '../../src/shared/api/booker-game';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function row(id: number) {
  const [found] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  if (!found) throw new Error('no booking');
  return found;
}

describe('PATCH /api/bookings/:id obeys the sections staff locked', () => {
  it("refuses a change of the game area (place, city or size) with 423 and the set-up pages' message, and writes nothing", async () => {
    const booking = await createBooking(t.db, { lockedGameArea: true });
    const agent = await t.visitor();
    for (const body of [
      { initial_area_radius: 5000 },
      { initial_area_lat: 48.85, initial_area_lng: 2.35 },
      { city: 'Paris', initial_area_id: 'geonames:2988507' },
    ]) {
      const res = await agent.patch(`/api/bookings/${booking.id}`, body, { 'x-booking-code': booking.tempCode });
      expect(res.statusCode).toBe(423);
      expect(res.json()).toEqual({ message: BOOKER_MESSAGES.gameAreaLocked, code: 'locked' });
    }
    const after = await row(booking.id);
    expect({ radius: after.initialAreaRadius, lat: after.initialAreaLat, city: after.city, version: after.version }).toEqual({
      radius: 1000,
      lat: 51.5074,
      city: 'London',
      version: booking.version,
    });
  });

  it('answers the same as the game-code set-up route for the same locked section', async () => {
    const { booking, gameCode } = await createPaidBooking(t.db, { lockedGameArea: true });
    const agent = await t.visitor();
    // The organiser's private key opens both doors (0140); the lock must close both the same way.
    const key = { 'x-manage-key': (await row(booking.id)).manageKey };
    const bySetup = await agent.inject({
      method: 'PUT',
      url: `/api/booking/${gameCode}/game-area`,
      payload: { lat: 48.85, lng: 2.35, radius: 800 },
      headers: key,
    });
    const byPatch = await agent.patch(`/api/bookings/${booking.id}`, { initial_area_radius: 800 }, key);
    expect({ status: byPatch.statusCode, body: byPatch.json() }).toEqual({ status: bySetup.statusCode, body: bySetup.json() });
    expect(byPatch.statusCode).toBe(423);
  });

  it('refuses adding or removing the in-person host while the host is locked', async () => {
    const booking = await createBooking(t.db, { lockedHost: true });
    const agent = await t.visitor();
    const res = await agent.patch(`/api/bookings/${booking.id}`, { add_ons: ['hosted'] }, { 'x-booking-code': booking.tempCode });
    expect(res.statusCode).toBe(423);
    expect(res.json()).toEqual({ message: BOOKER_MESSAGES.hostLocked, code: 'locked' });
    expect((await row(booking.id)).addOns).toEqual([]);
  });

  it('still lets the booker change what no lock covers', async () => {
    const booking = await createBooking(t.db, {
      lockedGameArea: true,
      lockedHost: true,
      lockedTeams: true,
      lockedLocations: true,
      lockedChallenges: true,
      lockedChicken: true,
    });
    const agent = await t.visitor();
    const res = await agent.patch(`/api/bookings/${booking.id}`, { full_name: 'New Name', players: 9 }, { 'x-booking-code': booking.tempCode });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({ full_name: 'New Name', players: 9 });
    // Sending the locked values unchanged is not a change.
    const same = await agent.patch(`/api/bookings/${booking.id}`, { initial_area_radius: 1000, city: 'London' }, { 'x-booking-code': booking.tempCode });
    expect(same.statusCode).toBe(200);
  });
});
