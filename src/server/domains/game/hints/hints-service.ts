import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors';
import { libraryChallenge as challenges } from '../../catalogue/records';
import { teamScoreById, type GameContext } from '../game-state';
import type { PlayerAuth } from '../player-auth';
import { challengesOfGame, type ChallengeRow } from '../play-challenges/play-challenges-repository';
import { publishTeamPoints } from '../team-points';
import { hintTakes } from '../tables/hints';
import { gameInstances, instanceTeams, players } from '../tables/games';
import { HINT_MESSAGES, hintReleasedByTime, type Hint } from '../../../../shared/game/hints';
import { gameTimeMs } from '../../../../shared/game/script';
import { hintCharge } from '../../../../shared/scoring/hint-cost';
import type { HostHint, TeamHint } from '../../../../shared/api/hints';
import type { TeamScore } from '../../../../shared/scoring/leaderboard';

/**
 * Hints in play (issue 40, decision 0581). A challenge's hints are shown to every team once the game's time reaches
 * their minutes (pauses left out), or to one team that asks for one, for its cost. The take is one row per team,
 * challenge and hint (a unique index): two requests at once store one row and charge once; what it charges is
 * scoring's rule (shared/scoring/hint-cost.ts), and the team's total subtracts the sum (game-state.ts selectTeams).
 */

type Clock = typeof gameInstances.$inferSelect;

async function clockOf(db: Db, instanceId: number): Promise<Clock> {
  const [instance] = await db.select().from(gameInstances).where(eq(gameInstances.id, instanceId));
  if (!instance) throw new NotFoundError(HINT_MESSAGES.notFound);
  return instance;
}

/** Game time: nothing before the game went live. */
const gameMsOf = (clock: Clock, now: Date) => (clock.status === 'lobby' ? 0 : gameTimeMs(clock, now));

function view(challengeId: number, index: number, hint: Hint, facts: { released: boolean; taken: boolean }): TeamHint {
  const shown = facts.released || facts.taken;
  return { challenge_id: challengeId, index, after_minutes: hint.after_minutes, cost: hint.cost, shown, taken: facts.taken, text: shown ? hint.text : null };
}

async function takenKeys(db: Db, teamId: number | null): Promise<Set<string>> {
  if (teamId === null) return new Set();
  const rows = await db.select({ challengeId: hintTakes.challengeId, index: hintTakes.hintIndex }).from(hintTakes).where(eq(hintTakes.teamId, teamId));
  return new Set(rows.map((r) => `${r.challengeId}:${r.index}`));
}

/** The hints of the game's challenges as this player's team sees them. */
export async function teamHints(db: Db, auth: PlayerAuth, now = new Date()): Promise<TeamHint[]> {
  const [list, clock, taken] = await Promise.all([challengesOfGame(db, auth.game.id), clockOf(db, auth.instance.id), takenKeys(db, auth.player.teamId)]);
  const gameMs = gameMsOf(clock, now);
  return list.flatMap((c) =>
    c.hints.map((hint, index) => view(c.id, index, hint, { released: hintReleasedByTime(hint, gameMs), taken: taken.has(`${c.id}:${index}`) })),
  );
}

/** A team asks for a hint: shown at once, charged once (nothing for one already taken or shown by time). */
export async function takeHint(
  db: Db,
  auth: PlayerAuth,
  ask: { challenge_id: number; index: number },
  now = new Date(),
): Promise<{ hint: TeamHint; charged: number; team: TeamScore }> {
  const teamId = auth.player.teamId;
  if (teamId === null || auth.player.role === 'chicken') throw ValidationError.field('challenge_id', HINT_MESSAGES.noTeam);
  const list: ChallengeRow[] = await challengesOfGame(db, auth.game.id);
  const challenge = list.find((c) => c.id === ask.challenge_id);
  const hint = challenge?.hints[ask.index];
  if (!challenge || !hint) throw new NotFoundError(HINT_MESSAGES.notFound);
  const clock = await clockOf(db, auth.instance.id);
  if (clock.status !== 'live') throw new ConflictError(HINT_MESSAGES.notLive, clock.status === 'ended' ? 'game_ended' : 'game_not_live');
  const released = hintReleasedByTime(hint, gameMsOf(clock, now));
  if (!released && hint.cost === null) throw new ConflictError(HINT_MESSAGES.notYet);
  const charged = await db.transaction(async (tx) => {
    const cost = hintCharge(hint, { releasedByTime: released, alreadyTaken: false });
    if (released) return 0;
    // The unique index decides a race: the second request stores nothing and is charged nothing.
    const stored = await tx
      .insert(hintTakes)
      .values({ teamId, challengeId: challenge.id, hintIndex: ask.index, playerId: auth.player.id, cost, takenAt: now })
      .onConflictDoNothing({ target: [hintTakes.teamId, hintTakes.challengeId, hintTakes.hintIndex] })
      .returning({ id: hintTakes.id });
    if (stored.length === 0) return 0;
    if (cost !== 0) await publishTeamPoints(tx, auth.instance.id);
    return cost;
  });
  const taken = !released || (await takenKeys(db, teamId)).has(`${challenge.id}:${ask.index}`);
  const team = await teamScoreById(db, teamId);
  if (!team) throw new NotFoundError(HINT_MESSAGES.noTeam);
  return { hint: view(challenge.id, ask.index, hint, { released, taken }), charged, team };
}

/** The host's list: which team took which hint, when, for how much; oldest first. */
export async function takenHints(db: Db, ctx: GameContext): Promise<HostHint[]> {
  if (!ctx.instance) return [];
  const rows = await db
    .select({ take: hintTakes, teamName: instanceTeams.name, challengeName: challenges.name, playerName: players.name })
    .from(hintTakes)
    .innerJoin(instanceTeams, eq(instanceTeams.id, hintTakes.teamId))
    .innerJoin(challenges, eq(challenges.id, hintTakes.challengeId))
    .leftJoin(players, eq(players.id, hintTakes.playerId))
    .where(and(eq(instanceTeams.instanceId, ctx.instance.id)))
    .orderBy(asc(hintTakes.takenAt), asc(hintTakes.id));
  return rows.map((r) => ({
    team_id: r.take.teamId,
    team_name: r.teamName,
    challenge_id: r.take.challengeId,
    challenge_name: r.challengeName,
    index: r.take.hintIndex,
    cost: r.take.cost,
    player_name: r.playerName,
    taken_at: r.take.takenAt.toISOString(),
  }));
}
