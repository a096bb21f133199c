import { openClient, type HttpClient } from '../scripts/http-client';
import { createPaidBooking, startableSchedule } from '../scripts/booking-rows';
import type { Db } from '../src/server/platform/db/client';
import { teams as bookingTeams } from '../src/server/domains/booking/tables/bookings';
import { gameChallenges, gameInstances } from '../src/server/domains/game/tables/games';
import { BENCH_ADMIN, type BenchServer } from './server';
import { eq } from 'drizzle-orm';

/**
 * A live game for the sections of issue 29 that play answers (outbox, media): a paid game dated inside its start
 * window, its teams, challenges made by staff through the admin API and put on the game, players joined through the
 * servers in turn (a few at a time, as people arrive), then started by staff as on the day.
 */
export type BenchChallenge = { name: string; maxSubmissions: number; answerMedia: 'photo' | 'video' };
/** A joined player: its token, team, the process it joined through and that visitor's cookie and CSRF token. */
export type BenchPlayer = { token: string; teamId: number; server: BenchServer; cookie: string; csrf: string };

export async function openLiveGame(
  db: Db,
  servers: BenchServer[],
  options: { players: number; teams: number; challenges: BenchChallenge[] },
): Promise<{ code: string; gameId: number; instanceId: number; staff: HttpClient; challengeIds: number[]; players: BenchPlayer[] }> {
  const first = servers[0];
  if (!first) throw new Error('no server');
  const paid = await createPaidBooking(db, { players: options.players, ...startableSchedule() });
  await db.insert(bookingTeams).values(Array.from({ length: options.teams }, (_, i) => ({ bookingId: paid.booking.id, name: `Team ${i + 1}` })));
  const code = paid.gameCode;
  if (!code) throw new Error('the paid booking has no game');
  const staff = await openClient(first.url);
  if ((await staff.json('POST', '/api/auth/login', BENCH_ADMIN)).status !== 200) throw new Error('admin login failed');
  const challengeIds: number[] = [];
  for (const c of options.challenges) {
    const res = await staff.json<{ data: { id: number } }>('POST', '/api/admin/challenges', {
      name: c.name,
      description: 'A challenge of the bench.',
      type: 'Rating',
      spice_level: 'Mild',
      is_active: true,
      max_score: 10,
      max_submissions: c.maxSubmissions,
      points_per_submission: 1,
      region_code: null,
      answer_media: c.answerMedia,
    });
    if (res.status !== 201) throw new Error(`challenge answered ${res.status}`);
    challengeIds.push(res.data.data.id);
  }
  // Only the bench's challenges, so each answer's challenge is known.
  await db.delete(gameChallenges).where(eq(gameChallenges.gameId, paid.gameId));
  await db.insert(gameChallenges).values(challengeIds.map((challengeId, position) => ({ gameId: paid.gameId, challengeId, position })));

  const visitors = await Promise.all(servers.map((s) => openClient(s.url)));
  const lobby = await visitors[0]!.json<{ teams: { id: number }[] }>('GET', `/api/play/${code}`);
  const teamIds = lobby.data.teams.map((t) => t.id);
  const players: BenchPlayer[] = [];
  const joinOne = async (i: number) => {
    const at = i % servers.length;
    const teamId = teamIds[i % teamIds.length] ?? 0;
    const res = await visitors[at]!.json<{ token: string }>('POST', `/api/play/${code}/join`, { name: `Phone ${i + 1}`, team_id: teamId });
    if (res.status !== 201) throw new Error(`join answered ${res.status}`);
    players[i] = { token: res.data.token, teamId, server: servers[at]!, cookie: visitors[at]!.cookie, csrf: visitors[at]!.csrf };
  };
  for (let i = 0; i < options.players; i += 5) await Promise.all(Array.from({ length: Math.min(5, options.players - i) }, (_, k) => joinOne(i + k)));
  const started = await staff.json('POST', `/api/admin/bookings/${paid.booking.id}/start-game`);
  if (started.status !== 200) throw new Error(`start answered ${started.status}`);
  const [instance] = await db.select({ id: gameInstances.id }).from(gameInstances).where(eq(gameInstances.gameId, paid.gameId));
  if (!instance) throw new Error('no instance after start');
  return { code, gameId: paid.gameId, instanceId: instance.id, staff, challengeIds, players };
}
