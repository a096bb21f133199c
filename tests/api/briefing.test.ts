import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { users } from '../../src/server/domains/identity/tables/users';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { BRIEFING_MAX, BRIEFING_MESSAGES, DEFAULT_BRIEFING, defaultFinishMessage } from '../../src/shared/game/briefing';
import type { BriefingEdit, PlayBriefing } from '../../src/shared/api/briefing';
import { createPaidBooking } from '../support/fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

/** The briefing and finish message (issue 29, decision 0442): defaults, the organiser's and staff's edits, who may. */
let t: TestApp;
let admin: Agent & { userId: number };
let host: Agent & { userId: number };
let visitor: Agent;
let code: string;
let manageKey: string;
let token: string;

const readAsPlayer = async () =>
  (await visitor.inject({ method: 'GET', url: `/api/play/${code}/briefing`, headers: { 'x-player-token': token } })).json<PlayBriefing>();
const organiserSave = (body: object, key = manageKey) =>
  visitor.inject({ method: 'PUT', url: `/api/booking/${code}/briefing`, payload: body, headers: { 'x-manage-key': key } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  host = await t.as('host', { name: 'Hana Host' });
  visitor = await t.visitor();
  const paid = await createPaidBooking(t.db, { players: 6, meetingPointAddress: 'Trafalgar Square, by the lions' });
  code = paid.gameCode ?? '';
  manageKey = paid.booking.manageKey;
  await t.db.update(users).set({ phone: '+44 7700 900123' }).where(eq(users.id, host.userId));
  await t.db.update(bookings).set({ assignedHostId: host.userId }).where(eq(bookings.id, paid.booking.id));
  const joined = await visitor.post(`/api/play/${code}/join`, { name: 'Pia', team_name: 'Pandas' });
  token = joined.json<{ token: string }>().token;
});
afterAll(async () => {
  await t?.close();
});

describe('briefing and finish', () => {
  it('shows players the defaults, the meeting point and the host to call', async () => {
    expect(await readAsPlayer()).toEqual({
      briefing: DEFAULT_BRIEFING,
      finish_message: defaultFinishMessage('Trafalgar Square, by the lions'),
      host: { name: 'Hana Host', phone: '+44 7700 900123' },
      meeting_point: 'Trafalgar Square, by the lions',
    });
    const stranger = await visitor.inject({ method: 'GET', url: `/api/play/${code}/briefing` });
    expect(stranger.statusCode).toBe(401);
  });

  it('lets the organiser write both with the management key, and refuses without it', async () => {
    const refused = await organiserSave({ briefing: 'Nope', finish_message: null }, 'not-the-key');
    expect(refused.statusCode).toBe(403);
    const saved = await organiserSave({ briefing: '  Stay on the pavement.  ', finish_message: 'Meet at the Red Lion pub.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<BriefingEdit>()).toMatchObject({ briefing: 'Stay on the pavement.', finish_message: 'Meet at the Red Lion pub.' });
    expect(await readAsPlayer()).toMatchObject({ briefing: 'Stay on the pavement.', finish_message: 'Meet at the Red Lion pub.' });
  });

  it('refuses a text too long, and changes nothing', async () => {
    const res = await organiserSave({ briefing: 'x'.repeat(BRIEFING_MAX + 1), finish_message: null });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { briefing: [BRIEFING_MESSAGES.tooLong] } });
    expect((await readAsPlayer()).briefing).toBe('Stay on the pavement.');
  });

  it('lets staff edit it, logged; an empty text brings the default back; others are refused', async () => {
    const anonymous = await visitor.inject({ method: 'PUT', url: `/api/admin/games/${code}/briefing`, payload: { briefing: 'x', finish_message: null } });
    expect(anonymous.statusCode).toBe(401);
    expect((await host.put(`/api/admin/games/${code}/briefing`, { briefing: 'x', finish_message: null })).statusCode).toBe(403);
    const saved = await admin.put(`/api/admin/games/${code}/briefing`, { briefing: '', finish_message: 'Back to the lions.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await readAsPlayer()).toMatchObject({ briefing: DEFAULT_BRIEFING, finish_message: 'Back to the lions.' });
    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'game.briefing'));
    expect(entry).toMatchObject({ actorId: admin.userId, after: { briefing: null, finish_message: 'Back to the lions.' } });
    expect((await admin.get(`/api/admin/games/${code}/briefing`)).json<BriefingEdit>()).toMatchObject({
      briefing: null,
      default_briefing: DEFAULT_BRIEFING,
    });
  });
});
