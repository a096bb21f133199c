import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../platform/db/client';
import { AppError, ForbiddenError, TooManyRequestsError } from '../../../platform/errors';
import { runIdempotent, requestFingerprint } from '../../../platform/idempotency';
import { instanceTeams, players } from '../tables/games';
import { teamQuestions } from '../tables/questions';
import { itemStations } from '../tables/items';
import { scoreAdjustments } from '../tables/scoring';
import { publishGameEvent } from '../game-events';
import { lockTeam, publishTeamPoints, refreshTeamPoints } from '../team-points';
import { lastFixOf } from '../position-fixes';
import { challengesOfGame, instanceNow } from '../play-challenges/play-challenges-repository';
import { openChallengeFilter } from '../script/script-repository';
import { questionRulesOf } from '../script/script-service';
import type { PlayerAuth } from '../player-auth';
import type { GameContext } from '../game-state';
import { isLiveNow } from '../../../../shared/lifecycle/game-states';
import { placeOfColumns } from '../../../../shared/game/places';
import type { Fix } from '../../../../shared/game/positions';
import type { LatLng } from '../../../../shared/geo';
import {
  answerQuestion,
  chickenNotice,
  cooldownLeftSeconds,
  QUESTION_KINDS,
  QUESTION_MESSAGES,
  QUESTION_RADII_M,
  questionSummary,
  type QuestionBody,
  type QuestionKind,
  type QuestionRefusal,
} from '../../../../shared/game/questions';
import { questionAnswerResponse, type AskedQuestion, type TeamQuestionsResponse } from '../../../../shared/api/questions';
import type { z } from 'zod';

/**
 * Questions about the Chicken (issue 40, decision 0585). A team asks; the answer comes from the asker's and the
 * Chicken's fresh fixes only, else 409 with the reason and nothing charged. Under the team's row lock: the cooldown
 * (429 with Retry-After) and the cost (a score adjustment, so every total counts it once), the question stored,
 * the team and staff told the answer, the Chicken told that it was asked. An Idempotency-Key makes a resent
 * question answer once and charge once.
 */

type QuestionRow = typeof teamQuestions.$inferSelect;
type Answer = z.infer<typeof questionAnswerResponse>;

const REFUSAL_CODES = {
  asker_no_fix: 'asker_no_fix',
  chicken_no_fix: 'chicken_no_fix',
  no_previous_ask: 'no_previous_ask',
  not_moved: 'not_moved',
  no_points: 'no_points',
  no_team: 'conflict',
  not_live: 'game_not_live',
} as const satisfies Record<QuestionRefusal, string>;

function refuse(reason: QuestionRefusal): never {
  throw new AppError(409, QUESTION_MESSAGES[reason], undefined, REFUSAL_CODES[reason]);
}

export function askedDto(row: QuestionRow, teamName: string): AskedQuestion {
  return {
    id: row.id,
    team_id: row.teamId,
    team_name: teamName,
    kind: row.kind,
    radius_m: row.radiusM,
    landmark: row.landmark,
    answer: row.answer,
    summary: questionSummary({ kind: row.kind, radius_m: row.radiusM, landmark: row.landmark, answer: row.answer }),
    cost: row.cost,
    asked_at: row.askedAt.toISOString(),
  };
}

async function chickenFix(db: DbOrTx, instanceId: number): Promise<{ id: number; fix: Fix | null } | null> {
  const [row] = await db
    .select({ id: players.id, lat: players.lastLat, lng: players.lastLng, at: players.lastAt })
    .from(players)
    .where(and(eq(players.instanceId, instanceId), eq(players.role, 'chicken')))
    .limit(1);
  if (!row) return null;
  return { id: row.id, fix: row.lat !== null && row.lng !== null && row.at ? { lat: row.lat, lng: row.lng, at: row.at } : null };
}

/** The game's landmarks a team may name: its open item stations and the open challenges whose place is not hidden. */
async function landmarksOf(db: DbOrTx, gameId: number, now: Date) {
  const [stations, list, isOpen] = await Promise.all([
    db
      .select()
      .from(itemStations)
      .where(and(eq(itemStations.gameId, gameId), eq(itemStations.active, true)))
      .orderBy(asc(itemStations.id)),
    challengesOfGame(db, gameId),
    openChallengeFilter(db, gameId, now),
  ]);
  return [
    ...stations.map((s) => ({ kind: 'station' as const, id: s.id, name: s.label || `Item station ${s.id}`, point: { lat: s.lat, lng: s.lng } })),
    ...list.flatMap((c) => {
      const place = placeOfColumns(c);
      if (!place || c.hiddenUntilNear || !isOpen(c.id)) return [];
      return [{ kind: 'challenge' as const, id: c.id, name: c.name, point: { lat: place.lat, lng: place.lng } }];
    }),
  ];
}

async function lastOfKind(db: DbOrTx, teamId: number, kind: QuestionKind): Promise<Date | null> {
  const [row] = await db
    .select({ at: teamQuestions.askedAt })
    .from(teamQuestions)
    .where(and(eq(teamQuestions.teamId, teamId), eq(teamQuestions.kind, kind)))
    .orderBy(desc(teamQuestions.askedAt))
    .limit(1);
  return row?.at ?? null;
}

/** Where the team last asked any question: the thermometer's "where we asked". */
async function lastAskPoint(db: DbOrTx, teamId: number): Promise<LatLng | null> {
  const [row] = await db
    .select({ lat: teamQuestions.askerLat, lng: teamQuestions.askerLng })
    .from(teamQuestions)
    .where(eq(teamQuestions.teamId, teamId))
    .orderBy(desc(teamQuestions.askedAt), desc(teamQuestions.id))
    .limit(1);
  return row ?? null;
}

/** The team's questions, its rules, how long until each kind may be asked, and the landmarks it may name. */
export async function teamQuestionsView(db: Db, auth: PlayerAuth, now: Date = new Date()): Promise<TeamQuestionsResponse> {
  const teamId = auth.player.teamId;
  const { rules } = await questionRulesOf(db, auth.game.id);
  const landmarks = await landmarksOf(db, auth.game.id, now);
  const wait = { radius: 0, thermometer: 0, landmark: 0 };
  let questions: AskedQuestion[] = [];
  if (teamId !== null) {
    const rows = await db
      .select({ q: teamQuestions, name: instanceTeams.name })
      .from(teamQuestions)
      .innerJoin(instanceTeams, eq(instanceTeams.id, teamQuestions.teamId))
      .where(and(eq(teamQuestions.teamId, teamId), eq(teamQuestions.instanceId, auth.instance.id)))
      .orderBy(desc(teamQuestions.askedAt), desc(teamQuestions.id));
    questions = rows.map((r) => askedDto(r.q, r.name));
    for (const kind of QUESTION_KINDS) {
      const last = rows.find((r) => r.q.kind === kind)?.q.askedAt ?? null;
      wait[kind] = cooldownLeftSeconds(last, rules, now);
    }
  }
  return {
    questions,
    rules,
    radii_m: [...QUESTION_RADII_M],
    wait_seconds: wait,
    landmarks: landmarks.map(({ kind, id, name }) => ({ kind, id, name })),
  };
}

/** Every question of the game's current instance, newest first, for the host console. */
export async function hostQuestions(db: Db, ctx: GameContext): Promise<{ questions: AskedQuestion[] }> {
  if (!ctx.instance) return { questions: [] };
  return { questions: await questionsOfInstance(db, ctx.instance.id, 'newest') };
}

export async function questionsOfInstance(db: DbOrTx, instanceId: number, order: 'newest' | 'oldest'): Promise<AskedQuestion[]> {
  const rows = await db
    .select({ q: teamQuestions, name: instanceTeams.name })
    .from(teamQuestions)
    .innerJoin(instanceTeams, eq(instanceTeams.id, teamQuestions.teamId))
    .where(eq(teamQuestions.instanceId, instanceId))
    .orderBy(order === 'newest' ? desc(teamQuestions.askedAt) : asc(teamQuestions.askedAt), asc(teamQuestions.id));
  return rows.map((r) => askedDto(r.q, r.name));
}

/** Where the team's questions were asked, for the recap's replay (public once published: no more than the answers). */
export async function askedPointsOf(db: DbOrTx, instanceId: number) {
  const rows = await db
    .select({ q: teamQuestions, name: instanceTeams.name })
    .from(teamQuestions)
    .innerJoin(instanceTeams, eq(instanceTeams.id, teamQuestions.teamId))
    .where(eq(teamQuestions.instanceId, instanceId))
    .orderBy(asc(teamQuestions.askedAt), asc(teamQuestions.id));
  return rows.map((r) => ({ ...askedDto(r.q, r.name), lat: r.q.askerLat, lng: r.q.askerLng }));
}

const scopeOf = (teamId: number) => `POST /api/play/questions team:${teamId}`;

export async function ask(db: Db, auth: PlayerAuth, body: QuestionBody, idempotencyKey: string | null, now: Date = new Date()): Promise<Answer> {
  if (auth.player.role === 'chicken') throw new ForbiddenError(QUESTION_MESSAGES.chickenAsks);
  const teamId = auth.player.teamId;
  if (teamId === null) refuse('no_team');
  const result = await runIdempotent(
    db,
    { scope: scopeOf(teamId), key: idempotencyKey, fingerprint: requestFingerprint(body), parse: (stored) => questionAnswerResponse.parse(stored) },
    async (tx) => ({ statusCode: 200, body: await askLocked(tx, auth, teamId, body, now) }),
  );
  return result.body;
}

async function askLocked(tx: Tx, auth: PlayerAuth, teamId: number, body: QuestionBody, now: Date): Promise<Answer> {
  // One question of a team at a time: a second one waits here, then sees the first (its cooldown, its cost).
  const team = await lockTeam(tx, teamId);
  if (!team) refuse('no_team');
  if (!isLiveNow(await instanceNow(tx, auth.instance.id), now)) refuse('not_live');
  const { rules } = await questionRulesOf(tx, auth.game.id);
  const wait = cooldownLeftSeconds(await lastOfKind(tx, teamId, body.kind), rules, now);
  if (wait > 0) throw new TooManyRequestsError(wait, QUESTION_MESSAGES.cooldown);
  // The asker's newest fix (the phone may have sent one since its token was read).
  const [me] = await tx.select().from(players).where(eq(players.id, auth.player.id)).limit(1);
  const asker = me ? lastFixOf(me) : null;
  const chicken = await chickenFix(tx, auth.instance.id);
  let reference: LatLng | null = null;
  let landmark: string | null = null;
  if (body.kind === 'thermometer') reference = await lastAskPoint(tx, teamId);
  if (body.kind === 'landmark') {
    const found = (await landmarksOf(tx, auth.game.id, now)).find((l) =>
      body.station_id !== undefined ? l.kind === 'station' && l.id === body.station_id : l.kind === 'challenge' && l.id === body.challenge_id,
    );
    if (!found)
      throw new AppError(422, QUESTION_MESSAGES.landmarkUnknown, {
        [body.station_id !== undefined ? 'station_id' : 'challenge_id']: [QUESTION_MESSAGES.landmarkUnknown],
      });
    reference = found.point;
    landmark = found.name;
  }
  const outcome = answerQuestion({
    kind: body.kind,
    asker,
    chicken: chicken?.fix ?? null,
    now,
    reference,
    ...(body.kind === 'radius' ? { radiusM: body.radius_m } : {}),
  });
  if (!outcome.ok) refuse(outcome.reason);
  if (!asker) refuse('asker_no_fix');
  const cost = rules.cost_points;
  if (cost > 0 && team.points < cost) refuse('no_points');
  const [row] = await tx
    .insert(teamQuestions)
    .values({
      instanceId: auth.instance.id,
      teamId,
      playerId: auth.player.id,
      kind: body.kind,
      radiusM: body.kind === 'radius' ? body.radius_m : null,
      landmark,
      answer: outcome.answer,
      askerLat: asker.lat,
      askerLng: asker.lng,
      cost,
      askedAt: now,
    })
    .returning();
  if (!row) throw new Error('question not stored');
  if (cost > 0) {
    // A score adjustment: every total (the team's points, the leaderboards, the recap) counts it, once.
    await tx
      .insert(scoreAdjustments)
      .values({ teamId, points: -cost, reason: `${QUESTION_MESSAGES.costReason} (${body.kind})`, actorId: null, createdAt: now });
    await refreshTeamPoints(tx, teamId);
    await publishTeamPoints(tx, auth.instance.id);
  }
  const question = askedDto(row, team.name);
  const notice = chickenNotice(team.name, body.kind);
  // The team and staff hear the answer; the Chicken only that it was asked (meta playerId: its own event).
  await publishGameEvent(tx, { gameId: auth.game.id, instanceId: auth.instance.id, type: 'question', data: { question, notice }, meta: { teamId } });
  if (chicken)
    await publishGameEvent(tx, {
      gameId: auth.game.id,
      instanceId: auth.instance.id,
      type: 'question',
      data: { question: null, notice },
      meta: { playerId: chicken.id, role: 'chicken', teamId: null },
    });
  return { answer: outcome.answer, question, moved_m: outcome.moved_m ?? null };
}
