import { eq } from 'drizzle-orm';
import { games, players } from '../../src/server/domains/game/tables/games';
import { PLAYER_TOKEN_HEADER } from '../../src/shared/api/play';
import type { PlanType } from '../../src/shared/plans';
import { createPaidBooking, startableSchedule } from './fixtures';
import type { Agent, TestApp } from './test-app';

/** The booked centre of every fixture booking (tests/support/fixtures.ts). */
export const CENTRE = { lat: 51.5074, lng: -0.1278 };
/** A point `metres` north of the centre (a degree of latitude is 111 195 m). */
export const north = (metres: number) => ({ lat: CENTRE.lat + metres / 111_195, lng: CENTRE.lng });

export type Joined = { token: string; id: number; headers: Record<string, string> };

/**
 * A game played through the real calls: teams and players join in the lobby, the Chicken joins with its key, the
 * admin starts it. Positions go through the real positions call; `place` moves a player at once (the speed rule
 * would otherwise make a test walk there in real time).
 */
export async function playedGame(
  t: TestApp,
  admin: Agent,
  options: {
    plan?: PlanType;
    weaponsOn?: boolean;
    teams?: string[];
    /** What the booker does before the game starts (plan its script), with the game's code and management key. */
    beforeStart?: (game: { gameId: number; gameCode: string; manageKey: string }) => Promise<void>;
  } = {},
) {
  const { booking, gameId, gameCode } = await createPaidBooking(t.db, { planType: options.plan ?? 'pro', ...startableSchedule() });
  await t.db
    .update(games)
    .set({ weaponsOn: options.weaponsOn ?? true })
    .where(eq(games.id, gameId));
  const [game] = await t.db.select().from(games).where(eq(games.id, gameId));
  if (!game) throw new Error('no game');
  const visitor = await t.visitor();
  const join = async (body: Record<string, unknown>): Promise<Joined> => {
    const res = await visitor.post(`/api/play/${gameCode}/join`, body);
    if (res.statusCode !== 201) throw new Error(`join failed: ${res.statusCode} ${res.body}`);
    const { token, player } = res.json<{ token: string; player: { id: number } }>();
    return { token, id: player.id, headers: { [PLAYER_TOKEN_HEADER]: token } };
  };
  const names = options.teams ?? ['Foxes', 'Owls'];
  const members: Joined[] = [];
  for (const [i, team] of names.entries()) members.push(await join({ name: `Player ${i + 1}`, team_name: team }));
  const chicken = await join({ name: 'Clucky', chicken_key: game.chickenKey });
  await options.beforeStart?.({ gameId, gameCode, manageKey: booking.manageKey });
  const started = await admin.post(`/api/admin/bookings/${booking.id}/start-game`);
  if (started.statusCode !== 200) throw new Error(`start-game failed: ${started.statusCode} ${started.body}`);
  const teamIds = await Promise.all(
    members.map(async (m) => {
      const [row] = await t.db.select({ teamId: players.teamId }).from(players).where(eq(players.id, m.id));
      if (!row?.teamId) throw new Error('player without team');
      return row.teamId;
    }),
  );
  /** Sends a real position fix for a player that has none yet. */
  const send = async (who: Joined, point: { lat: number; lng: number }) => {
    const res = await visitor.post(`/api/play/${gameCode}/positions`, point, who.headers);
    if (res.statusCode !== 204) throw new Error(`position refused: ${res.statusCode} ${res.body}`);
  };
  const place = async (who: Joined, point: { lat: number; lng: number }, at = new Date()) => {
    await t.db.update(players).set({ lastLat: point.lat, lastLng: point.lng, lastAt: at }).where(eq(players.id, who.id));
  };
  return { booking, gameId, gameCode, game, visitor, members, teamIds, chicken, send, place };
}
