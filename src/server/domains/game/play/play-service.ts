import type { Db, Tx } from '../../../platform/db/client';
import type { Language } from '../../../../shared/i18n/languages';
import { randomToken, safeEqual, sha256 } from '../../../platform/crypto';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, TransitionError, ValidationError } from '../../../platform/errors';
import { publishGameEvent } from '../game-events';
import { viewerOf } from '../player-auth';
import { openLobby, publishTeams } from '../game-lifecycle';
import {
  countPlayers,
  loadGame,
  lobbyTeams,
  mapSnapshot,
  playerDto,
  publicGame,
  teamScoreOf,
  teamsWithCounts,
  type GameContext,
  type InstanceRow,
  type PlayerRow,
} from '../game-state';
import { hasPaid } from '../../../../shared/lifecycle/booking-states';
import { joinRefusal } from '../../../../shared/lifecycle/joining';
import { recordWaiverAcceptance, requireCurrentVersion } from '../../privacy';
import { isLiveNow } from '../../../../shared/lifecycle/game-states';
import { judgeOrRefuse, lastFixOf, storeFix, storeOlderFix } from '../position-fixes';
import { checkInOnArrival } from '../play-challenges/places';
import { judgeMadeAt, wasLiveAt } from '../../../../shared/game/made-at';
import { isOnEarth } from '../../../../shared/geo';
import { GAME_MESSAGES, nameKey, teamCapacity } from '../../../../shared/game/teams';
import { MAX_TEAMS } from '../../../../shared/api/booker-game';
import type { JoinBody, MapResponse, MeResponse, Player, PlayGameResponse, PositionBody } from '../../../../shared/api/play';
import { chickenJoined, findTeamByName, insertPlayer, insertTeam, instancePlayTimes, nameTaken, updatePlayer, type PlayerAuth } from './play-repository';

/**
 * The player's side of the live game (docs/decisions/0221-player-tokens.md, 0222-team-capacity.md): join with a
 * name, pick or create a team in the lobby, ready up, send positions while live. A player is known by its secret
 * token (X-Player-Token), stored only as a hash.
 */

const areaOf = (ctx: GameContext) => ({ lat: ctx.booking.lat, lng: ctx.booking.lng, radius: ctx.booking.radius });

async function gameOf(db: Db, code: string): Promise<GameContext> {
  const ctx = await loadGame(db, code);
  if (!ctx) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
  return ctx;
}

/**
 * The join page's game. A paid game nobody opened yet gets its lobby here (once, whoever asks first), so the
 * booker's teams are there to pick before the first join (decision 0220).
 */
export async function getGame(db: Db, code: string): Promise<PlayGameResponse> {
  let ctx = await gameOf(db, code);
  if (!ctx.instance && hasPaid(ctx.booking.status)) {
    await db.transaction((tx) => openLobby(tx, { game: ctx.game, bookingId: ctx.booking.id, area: areaOf(ctx) }));
    ctx = await gameOf(db, code);
  }
  const open = ctx.instance;
  const teams = open ? await teamsWithCounts(db, open.id) : [];
  return {
    game: publicGame(ctx),
    teams: lobbyTeams(teams, ctx.booking.players),
    players_count: open ? await countPlayers(db, open.id) : 0,
    booked_players: ctx.booking.players,
    meeting_point: ctx.booking.meetingPointAddress,
    meeting_point_notes: ctx.booking.meetingPointNotes,
    timezone: ctx.booking.timezone,
  };
}

export { authenticate, viewerOf } from '../player-auth';

type TeamChoice = { team_id?: number | undefined; team_name?: string | undefined };

/** The team a choice names, checked against the rules; creates one by name in the lobby. Null: no choice made. */
async function resolveTeam(
  tx: Tx,
  instance: InstanceRow,
  bookedPlayers: number,
  choice: TeamChoice,
  current: number | null,
): Promise<{ teamId: number | null; created: boolean }> {
  if (choice.team_id === undefined && choice.team_name === undefined) return { teamId: null, created: false };
  const teams = await teamsWithCounts(tx, instance.id);
  const team =
    choice.team_id !== undefined
      ? teams.find((t) => t.id === choice.team_id)
      : teams.find((t) => choice.team_name !== undefined && nameKey(t.name) === nameKey(choice.team_name));
  if (!team && choice.team_id !== undefined) throw ValidationError.field('team_id', GAME_MESSAGES.teamUnknown);
  if (!team && choice.team_name !== undefined) {
    if (instance.status !== 'lobby') throw new ConflictError(GAME_MESSAGES.gameNotLobby, 'game_not_lobby');
    if (teams.length >= MAX_TEAMS) throw ValidationError.field('team_name', `A game has at most ${MAX_TEAMS} teams`);
    // The unique (instance, name_key) index settles two creations of one name at once; the lobby lock orders them here.
    if (await findTeamByName(tx, instance.id, choice.team_name)) throw new ConflictError(GAME_MESSAGES.teamNameTaken);
    const created = await insertTeam(tx, instance.id, choice.team_name);
    return { teamId: created.id, created: true };
  }
  if (!team) throw ValidationError.field('team_id', GAME_MESSAGES.teamUnknown);
  if (team.id === current) return { teamId: team.id, created: false };
  if (team.players >= teamCapacity(bookedPlayers, teams.length)) throw new ConflictError(GAME_MESSAGES.teamFull, 'team_full');
  return { teamId: team.id, created: false };
}

/** A live game's newcomer without a choice goes to the emptiest team with room. */
async function emptiestTeam(tx: Tx, instanceId: number, bookedPlayers: number): Promise<number | null> {
  const teams = await teamsWithCounts(tx, instanceId);
  const capacity = teamCapacity(bookedPlayers, teams.length);
  const open = teams.filter((t) => t.players < capacity).sort((a, b) => a.players - b.players || a.id - b.id);
  return open[0]?.id ?? null;
}

export async function join(db: Db, code: string, body: JoinBody & { language: Language }): Promise<{ token: string; player: Player }> {
  const ctx = await gameOf(db, code);
  // The one joining rule (issue 28), the organiser page's words too: paid and not ended; activation is not asked for.
  const refusal = joinRefusal({ bookingStatus: ctx.booking.status, state: ctx.instance?.status ?? 'not_started' });
  if (refusal) throw new TransitionError(refusal);
  const token = randomToken(32);
  const area = areaOf(ctx);
  const player = await db.transaction(async (tx) => {
    // The open instance stays locked to the end: joins of one game take turns, so counts and capacities hold.
    const instance = await openLobby(tx, { game: ctx.game, bookingId: ctx.booking.id, area });
    // While a waiver is published each player accepts the current version to join (issue 41, decision 0570).
    const waiverVersion = await requireCurrentVersion(tx, 'waiver', body.waiver_version);
    if (await nameTaken(tx, instance.id, body.name)) throw new ConflictError(GAME_MESSAGES.nameTaken);
    let row: PlayerRow;
    if (body.chicken_key !== undefined) {
      if (!safeEqual(body.chicken_key, ctx.game.chickenKey)) throw new ForbiddenError(GAME_MESSAGES.chickenKeyWrong);
      if (body.team_id !== undefined || body.team_name !== undefined) throw ValidationError.field('team_id', GAME_MESSAGES.chickenNoTeam);
      if (await chickenJoined(tx, instance.id)) throw new ConflictError(GAME_MESSAGES.chickenTaken);
      row = await insertPlayer(tx, { instanceId: instance.id, name: body.name, role: 'chicken', tokenHash: sha256(token), language: body.language });
    } else {
      if ((await countPlayers(tx, instance.id)) >= ctx.booking.players) throw new ConflictError(GAME_MESSAGES.gameFull, 'game_full');
      const choice = await resolveTeam(tx, instance, ctx.booking.players, body, null);
      const teamId = choice.teamId ?? (instance.status === 'live' ? await emptiestTeam(tx, instance.id, ctx.booking.players) : null);
      row = await insertPlayer(tx, { instanceId: instance.id, name: body.name, teamId, tokenHash: sha256(token), language: body.language });
    }
    if (waiverVersion !== null)
      await recordWaiverAcceptance(tx, {
        playerId: row.id,
        bookingId: ctx.booking.id,
        name: row.name,
        version: waiverVersion,
        photoConsent: body.photo_consent ?? false,
        at: new Date(),
      });
    await publishPlayer(tx, ctx.game.id, instance.id, row);
    if (row.teamId !== null) await publishTeams(tx, ctx.game.id, instance.id, ctx.booking.players);
    return row;
  });
  return { token, player: playerDto(player) };
}

function publishPlayer(tx: Tx, gameId: number, instanceId: number, row: PlayerRow) {
  const player = playerDto(row);
  return publishGameEvent(tx, { gameId, instanceId, type: 'player', data: { player }, meta: { playerId: row.id, teamId: row.teamId, role: player.role } });
}

export async function me(db: Db, auth: PlayerAuth): Promise<MeResponse> {
  const ctx = await loadGame(db, auth.game.code);
  if (!ctx) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
  const team = auth.player.teamId === null ? undefined : (await teamsWithCounts(db, auth.instance.id)).find((t) => t.id === auth.player.teamId);
  return { player: playerDto(auth.player), game: publicGame(ctx), team: team ? teamScoreOf(team) : null };
}

export async function updateMe(
  db: Db,
  auth: PlayerAuth,
  body: { ready?: boolean | undefined; location?: 'granted' | 'denied' | undefined; language?: Language | undefined },
): Promise<Player> {
  if (body.ready === undefined && body.location === undefined && body.language === undefined) return playerDto(auth.player);
  const row = await db.transaction(async (tx) => {
    const updated = await updatePlayer(tx, auth.player.id, {
      ...(body.ready === undefined ? {} : { ready: body.ready }),
      ...(body.location === undefined ? {} : { location: body.location }),
      ...(body.language === undefined ? {} : { language: body.language }),
    });
    await publishPlayer(tx, auth.game.id, auth.instance.id, updated);
    return updated;
  });
  return playerDto(row);
}

export async function changeTeam(db: Db, auth: PlayerAuth, choice: TeamChoice) {
  if (auth.player.role === 'chicken') throw ValidationError.field('team_id', GAME_MESSAGES.chickenNoTeam);
  const ctx = await gameOf(db, auth.game.code);
  return db.transaction(async (tx) => {
    const instance = await openLobby(tx, { game: ctx.game, bookingId: ctx.booking.id, area: areaOf(ctx) });
    if (instance.id !== auth.instance.id || instance.status !== 'lobby') throw new ConflictError(GAME_MESSAGES.gameNotLobby, 'game_not_lobby');
    const { teamId } = await resolveTeam(tx, instance, ctx.booking.players, choice, auth.player.teamId);
    const row = teamId === auth.player.teamId ? auth.player : await updatePlayer(tx, auth.player.id, { teamId });
    if (row !== auth.player) {
      await publishPlayer(tx, ctx.game.id, instance.id, row);
      await publishTeams(tx, ctx.game.id, instance.id, ctx.booking.players);
    }
    return { player: playerDto(row), teams: lobbyTeams(await teamsWithCounts(tx, instance.id), ctx.booking.players) };
  });
}

/**
 * A position fix: only while live, on the globe, no faster than 70 m/s since the last accepted fix and at most one a
 * second (times are the server's). One statement writes it (domains/game/position-fixes.ts); nothing is stored on a refusal.
 * A fix kept offline carries `made_at` (issue 29, decision 0431): it is judged at that time (taken only if the game was
 * live then), and one older than the player's latest fix joins the trail without moving the player.
 */
export async function postPosition(db: Db, auth: PlayerAuth, body: PositionBody, now: Date = new Date()): Promise<void> {
  const { player } = auth;
  const at = await fixTime(db, auth, body.made_at, now);
  const last = lastFixOf(player);
  if (body.made_at !== undefined && last && at < last.at) {
    if (!isOnEarth(body)) throw ValidationError.field('lat', GAME_MESSAGES.outsideWorld);
    await storeOlderFix(db, auth, body, at);
    return;
  }
  if (judgeOrRefuse({ lat: body.lat, lng: body.lng, at }, last, 'lat') === 'too_often') throw new TooManyRequestsError(1, GAME_MESSAGES.tooOften);
  if (!(await storeFix(db, auth, body, at))) throw new TooManyRequestsError(1, GAME_MESSAGES.tooOften);
  // Arriving at a check-in challenge's place scores it, once per team (decision 0440).
  await checkInOnArrival(db, auth, { lat: body.lat, lng: body.lng, at }, at);
}

/** The time a fix counts at: now, or its made_at (judged by the shared rule) if the game was live then. */
async function fixTime(db: Db, auth: PlayerAuth, madeAt: string | undefined, now: Date): Promise<Date> {
  if (madeAt === undefined) {
    if (!isLiveNow(auth.instance, now)) throw new ConflictError(GAME_MESSAGES.gameNotLive, 'game_not_live');
    return now;
  }
  const verdict = judgeMadeAt(madeAt, now);
  if (!verdict.ok) throw ValidationError.field('made_at', verdict.message);
  const instance = await instancePlayTimes(db, auth.instance.id);
  if (!instance || wasLiveAt(instance, verdict.at) !== 'live') throw new ConflictError(GAME_MESSAGES.gameNotLive, 'game_not_live');
  return verdict.at;
}

export async function map(db: Db, auth: PlayerAuth): Promise<MapResponse> {
  const ctx = await gameOf(db, auth.game.code);
  const viewer = viewerOf(auth);
  const snapshot = await mapSnapshot(db, ctx, viewer);
  return {
    game: snapshot.game,
    teams: snapshot.teamRows.map(teamScoreOf),
    players: snapshot.players,
    messages: snapshot.messages,
    last_event_id: snapshot.last_event_id,
  };
}
