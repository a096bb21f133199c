import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { gameBooking } from '../booking';
import { gameBookingOn } from './booking-join';
import { broadcasts } from './chat/chat-repository';
import { gameInstances, games, instanceTeams, playerPositions, players } from './tables/games';
import { normalizeCode } from '../../platform/codes';
import { lastEventId, seesChickenPosition, type Viewer } from './game-events';
import { teamCapacity } from '../../../shared/game/teams';
import { TRAIL_LENGTH } from '../../../shared/game/positions';
import { type GameMessage, type LobbyTeam, type MapPlayer, type Player, type PublicGame, type SeatedTeam } from '../../../shared/api/play';
import { loadedSchedule, meetingInstant } from '../../../shared/meeting-time';
import type { TeamScore } from '../../../shared/scoring/leaderboard';
import type { ConsoleResponse } from '../../../shared/api/host';
import { hasPaid } from '../../../shared/lifecycle/booking-states';

/**
 * Reading a live game: the game of a code with its booking and latest instance, and the projections every caller
 * answers with (the public game, the lobby's teams, the map snapshot for a player or for staff). Shared by the player,
 * host and organiser routes (docs/decisions/0220-game-lifecycle.md).
 */

export type GameRow = typeof games.$inferSelect;
export type InstanceRow = typeof gameInstances.$inferSelect;
export type PlayerRow = typeof players.$inferSelect;
export type TeamRow = typeof instanceTeams.$inferSelect;

// Every player, host and organiser request starts here: the game and its booking stay one statement.
function selectGames(db: DbOrTx, where: SQL) {
  return db.select().from(games).innerJoin(gameBooking, gameBookingOn).where(where).limit(1);
}
export type GameBooking = Awaited<ReturnType<typeof selectGames>>[number]['game_booking'];

export type GameContext = { game: GameRow; booking: GameBooking; instance: InstanceRow | null };

async function withInstance(db: DbOrTx, where: SQL): Promise<GameContext | undefined> {
  const [row] = await selectGames(db, where);
  if (!row) return undefined;
  return { game: row.games, booking: row.game_booking, instance: await latestInstance(db, row.games.id) };
}

/** The game of a code (case-insensitive), its booking and its latest instance; undefined for an unknown code. */
export function loadGame(db: DbOrTx, code: string): Promise<GameContext | undefined> {
  return withInstance(db, eq(games.code, normalizeCode(code)));
}

export function loadGameById(db: DbOrTx, gameId: number): Promise<GameContext | undefined> {
  return withInstance(db, eq(games.id, gameId));
}

export async function latestInstance(db: DbOrTx, gameId: number): Promise<InstanceRow | null> {
  const [row] = await db.select().from(gameInstances).where(eq(gameInstances.gameId, gameId)).orderBy(desc(gameInstances.id)).limit(1);
  return row ?? null;
}

/** The public projection: no hiding spot, contact or prices. */
export function publicGame(ctx: GameContext): PublicGame {
  const { game, booking, instance } = ctx;
  const started = instance && instance.status !== 'lobby';
  return {
    code: game.code,
    status: instance ? instance.status : 'not_started',
    starts_at: started ? instance.startTime.toISOString() : loadedSchedule({ ...booking, utcDateTime: booking.utcDateTime?.toISOString() ?? null }).utcDateTime,
    ends_at: started ? ((instance.endTime ?? instance.endsAt)?.toISOString() ?? null) : null,
    duration: booking.duration,
    area: instance?.latestArea ?? { lat: booking.lat, lng: booking.lng, radius: booking.radius },
    weapons_on: game.weaponsOn,
    plan_type: booking.planType,
    city: booking.city,
  };
}

export function playerDto(row: Pick<PlayerRow, 'id' | 'name' | 'role' | 'teamId' | 'ready' | 'location' | 'language'>): Player {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    team_id: row.teamId,
    ready: row.ready,
    location: row.location,
    language: row.language,
  };
}

export type TeamWithCount = TeamRow & { players: number; challengePoints: number; adjustments: number; spent: number };

/**
 * The one read of a team's score (decision 0240): challenge points summed from its approved submissions, the sum of
 * staff adjustments, chicken points and when it found the Chicken, and its players (the Chicken is in no team). Every
 * payload that carries a score (snapshots, `teams` events, the heartbeat, the results and their mail) comes from it.
 */
function selectTeams(db: DbOrTx, where: SQL) {
  return db
    .select({
      id: instanceTeams.id,
      instanceId: instanceTeams.instanceId,
      name: instanceTeams.name,
      nameKey: instanceTeams.nameKey,
      points: instanceTeams.points,
      chickenPoints: instanceTeams.chickenPoints,
      foundChickenAt: instanceTeams.foundChickenAt,
      createdAt: instanceTeams.createdAt,
      players: sql<number>`(select count(*)::int from players p where p.team_id = "instance_teams"."id")`,
      challengePoints: sql<number>`(select coalesce(sum(s.points_awarded), 0)::int from submissions s where s.team_id = "instance_teams"."id" and s.status = 'approved')`,
      adjustments: sql<number>`(select coalesce(sum(a.points), 0)::int from score_adjustments a where a.team_id = "instance_teams"."id")`,
      spent: sql<number>`(select coalesce(sum(h.cost), 0)::int from hint_takes h where h.team_id = "instance_teams"."id")`,
    })
    .from(instanceTeams)
    .where(where)
    .orderBy(asc(instanceTeams.id));
}

/** The instance's teams with their scores and player counts, oldest first. */
export async function teamsWithCounts(db: DbOrTx, instanceId: number): Promise<TeamWithCount[]> {
  return selectTeams(db, eq(instanceTeams.instanceId, instanceId));
}

/** The teams of several instances at once (the heartbeat), oldest first. */
export async function teamsOfInstances(db: DbOrTx, instanceIds: readonly number[]): Promise<TeamWithCount[]> {
  if (instanceIds.length === 0) return [];
  return selectTeams(db, inArray(instanceTeams.instanceId, [...instanceIds]));
}

export async function teamScoreById(db: DbOrTx, teamId: number): Promise<TeamScore | undefined> {
  const [row] = await selectTeams(db, eq(instanceTeams.id, teamId));
  return row ? teamScoreOf(row) : undefined;
}

/** A team's score as every payload carries it (shared/api/scoring.ts teamScoreSchema). */
export function teamScoreOf(
  t: Pick<TeamWithCount, 'id' | 'name' | 'challengePoints' | 'chickenPoints' | 'adjustments' | 'foundChickenAt'> & { spent?: number },
): TeamScore {
  return {
    id: t.id,
    name: t.name,
    challenge_points: t.challengePoints,
    chicken_points: t.chickenPoints,
    adjustments: t.adjustments,
    found_chicken_at: t.foundChickenAt?.toISOString() ?? null,
    spent: t.spent ?? 0,
  };
}

export function lobbyTeams(teams: TeamWithCount[], bookedPlayers: number): LobbyTeam[] {
  const capacity = teamCapacity(bookedPlayers, teams.length);
  return teams.map((t) => ({ id: t.id, name: t.name, players: t.players, capacity, full: t.players >= capacity }));
}

/** Teams with their scores and seats: the stream's `teams` event and the console. */
export function scoredTeams(teams: TeamWithCount[], bookedPlayers: number): SeatedTeam[] {
  const capacity = teamCapacity(bookedPlayers, teams.length);
  return teams.map((t) => ({ ...teamScoreOf(t), players: t.players, capacity, full: t.players >= capacity }));
}

/** Players of the game who are not the Chicken. */
export async function countPlayers(db: DbOrTx, instanceId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(players)
    .where(and(eq(players.instanceId, instanceId), ne(players.role, 'chicken')));
  return row?.n ?? 0;
}

/** The map: players the viewer may see with their position and trail, the teams, the messages. */
export async function mapSnapshot(db: DbOrTx, ctx: GameContext, viewer: Viewer) {
  const instance = ctx.instance;
  const eventId = await lastEventId(db, ctx.game.id);
  if (!instance) return { game: publicGame(ctx), teamRows: [], players: [], messages: [], last_event_id: String(eventId) };
  const [teamRows, playerRows, messageRows] = await Promise.all([
    teamsWithCounts(db, instance.id),
    db.select().from(players).where(eq(players.instanceId, instance.id)).orderBy(asc(players.id)),
    broadcasts(db, instance.id),
  ]);
  const visible = playerRows.filter((p) => {
    // The big screen shows the teams, never the Chicken (not even that it joined).
    if (viewer.kind === 'screen') return p.role !== 'chicken';
    if (viewer.kind !== 'player' || p.id === viewer.playerId) return true;
    return p.role !== 'chicken' && p.teamId !== null && p.teamId === viewer.teamId;
  });
  // The organiser who did not opt in sees the Chicken in the list (joined, ready) but not where it is.
  const located = (p: PlayerRow) => p.role !== 'chicken' || viewer.kind === 'player' || seesChickenPosition(viewer);
  const trails = await trailsOf(
    db,
    visible.filter(located).map((p) => p.id),
  );
  const mapPlayers: MapPlayer[] = visible.map((p) => ({
    ...playerDto(p),
    position: located(p) && p.lastLat !== null && p.lastLng !== null && p.lastAt ? { lat: p.lastLat, lng: p.lastLng, at: p.lastAt.toISOString() } : null,
    trail: trails.get(p.id) ?? [],
  }));
  const messages: GameMessage[] = messageRows;
  return { game: publicGame(ctx), teamRows, players: mapPlayers, messages, last_event_id: String(eventId) };
}

/** The last TRAIL_LENGTH fixes of each player, oldest first, in one query. */
async function trailsOf(db: DbOrTx, playerIds: number[]) {
  const trails = new Map<number, { lat: number; lng: number; at: string }[]>();
  if (playerIds.length === 0) return trails;
  const ranked = db
    .select({
      playerId: playerPositions.playerId,
      lat: playerPositions.lat,
      lng: playerPositions.lng,
      at: playerPositions.at,
      id: playerPositions.id,
      n: sql<number>`row_number() over (partition by ${playerPositions.playerId} order by ${playerPositions.id} desc)`.as('n'),
    })
    .from(playerPositions)
    .where(inArray(playerPositions.playerId, playerIds))
    .as('ranked');
  const rows = await db
    .select({ playerId: ranked.playerId, lat: ranked.lat, lng: ranked.lng, at: ranked.at, id: ranked.id })
    .from(ranked)
    .where(sql`${ranked.n} <= ${TRAIL_LENGTH}`)
    .orderBy(asc(ranked.id));
  for (const row of rows) {
    const list = trails.get(row.playerId) ?? [];
    list.push({ lat: row.lat, lng: row.lng, at: new Date(row.at).toISOString() });
    trails.set(row.playerId, list);
  }
  return trails;
}

export const STAFF: Viewer = { kind: 'staff' };

/**
 * What staff and the organiser see: every team, every player (the Chicken too), the booking's meeting details. The
 * organiser's viewer leaves the Chicken's position out unless they opted in (decision 0280).
 */
export async function consoleSnapshot(db: DbOrTx, ctx: GameContext, viewer: Viewer = STAFF): Promise<ConsoleResponse> {
  const snapshot = await mapSnapshot(db, ctx, viewer);
  return {
    game: snapshot.game,
    teams: scoredTeams(snapshot.teamRows, ctx.booking.players),
    players: snapshot.players,
    messages: snapshot.messages,
    last_event_id: snapshot.last_event_id,
    booking: {
      name: ctx.booking.fullName,
      phone: ctx.booking.tel,
      meeting_point: ctx.booking.meetingPointAddress,
      players: ctx.booking.players,
      duration: ctx.booking.duration,
      starts_at: snapshot.game.starts_at,
    },
    lifecycle: {
      meeting_at: meetingInstant(ctx.booking)?.toISOString() ?? null,
      timezone: ctx.booking.timezone,
      paid: hasPaid(ctx.booking.status),
      ended_at: ctx.instance?.endTime?.toISOString() ?? null,
      booked_end_at: ctx.instance?.endsAt?.toISOString() ?? null,
    },
  };
}
