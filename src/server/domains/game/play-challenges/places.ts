import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/client';
import { AppError, ConflictError, ValidationError } from '../../../platform/errors';
import { players, submissions } from '../tables/games';
import type { PlayerAuth } from '../player-auth';
import { lastFixOf } from '../position-fixes';
import { lockTeam } from '../team-points';
import { assertTeamMay } from '../team-effects';
import { reviewSubmission, teamSubmissionDto } from '../submissions/submission-review';
import { challengesOfGame, instanceNow, submissionOfInstance, type ChallengeRow, type SubmissionRow } from './play-challenges-repository';
import { checkAtPlace, placeOfColumns, PLACE_MESSAGES } from '../../../../shared/game/places';
import { matchesAcceptedAnswer } from '../../../../shared/game/answers';
import { SUBMIT_MESSAGES } from '../../../../shared/game/submission-kinds';
import { bookedTimeIsUp, isLiveNow } from '../../../../shared/lifecycle/game-states';
import { CHALLENGE_SCORING, MAX_RATING, type Verdict } from '../../../../shared/scoring/challenge-points';
import type { Fix } from '../../../../shared/game/positions';
import type { CheckInResponse } from '../../../../shared/api/places';
import type { TeamSubmission } from '../../../../shared/api/play-challenges';

/**
 * Challenges tied to a place and answers checked without a host (issue 29, decisions 0440, 0441). The rules are
 * shared/game/places.ts and shared/game/answers.ts; an automatic approval goes through the review queue's own
 * reviewSubmission (no reviewer), so points, events, the leaderboard and the activity log follow one path.
 */

/** Refuses (422, nothing stored) an answer to a place-tied challenge from a phone not there now; a check-in takes no answer. */
export function assertAtPlace(challenge: ChallengeRow, player: PlayerAuth['player'], now: Date): void {
  if (challenge.checkIn) throw ValidationError.field('kind', PLACE_MESSAGES.checkInHasNothingToSend);
  const place = placeOfColumns(challenge);
  if (!place) return;
  const check = checkAtPlace(place, lastFixOf(player), now);
  if (!check.ok) throw ValidationError.field('position', check.message);
}

/**
 * Approves a just-stored text answer at once when it matches one of the challenge's accepted answers (in the
 * submission's transaction; the caller holds the team's lock). Answers the submission as it stands after.
 */
export async function approveIfAccepted(tx: DbOrTx, challenge: ChallengeRow, inserted: SubmissionRow, gameCode: string): Promise<TeamSubmission | null> {
  if (challenge.type !== 'RightWrong' || inserted.kind !== 'text' || inserted.textAnswer === null) return null;
  if (!matchesAcceptedAnswer(inserted.textAnswer, challenge.acceptedAnswers)) return null;
  await reviewSubmission(tx, null, inserted.id, { kind: 'approve' });
  const after = await submissionOfInstance(tx, inserted.instanceId, inserted.id);
  return after ? teamSubmissionDto(after, gameCode) : null;
}

/** The last fixes of a team's players, for its hidden pins. */
export async function teamFixes(db: DbOrTx, teamId: number | null): Promise<Fix[]> {
  if (teamId === null) return [];
  const rows = await db
    .select({ lat: players.lastLat, lng: players.lastLng, at: players.lastAt })
    .from(players)
    .where(and(eq(players.teamId, teamId), isNotNull(players.lastAt)));
  return rows.flatMap((r) => (r.lat !== null && r.lng !== null && r.at !== null ? [{ lat: r.lat, lng: r.lng, at: r.at }] : []));
}

/** Full marks of a challenge type, given on arrival: a Rating's top rating, any other's approval. */
function arrivalVerdict(challenge: ChallengeRow): Verdict {
  return CHALLENGE_SCORING[challenge.type] === 'rate' ? { kind: 'rate', rating: MAX_RATING } : { kind: 'approve' };
}

type Team = { teamId: number; auth: PlayerAuth };

/**
 * Scores a team's arrival at a check-in challenge once: under the team's lock the check-in is inserted unless the
 * team has one (a unique index on team and challenge for kind check_in settles any race, even across processes),
 * then approved through the review path. Answers null when the team had already checked in.
 */
async function scoreArrival(db: Db, { teamId, auth }: Team, challenge: ChallengeRow, now: Date): Promise<TeamSubmission | null> {
  return db.transaction(async (tx) => {
    if (!(await lockTeam(tx, teamId))) throw new ConflictError(SUBMIT_MESSAGES.noTeam);
    const [row] = await tx
      .insert(submissions)
      .values({ instanceId: auth.instance.id, teamId, challengeId: challenge.id, kind: 'check_in', status: 'pending', submittedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await reviewSubmission(tx, null, row.id, arrivalVerdict(challenge));
    const after = await submissionOfInstance(tx, auth.instance.id, row.id);
    return after ? teamSubmissionDto(after, auth.game.code) : null;
  });
}

async function existingCheckIn(db: DbOrTx, teamId: number, challengeId: number): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.teamId, teamId), eq(submissions.challengeId, challengeId), eq(submissions.kind, 'check_in')))
    .limit(1);
  return row;
}

/** The game live now, or the same refusals as a submission. */
async function assertLive(db: DbOrTx, auth: PlayerAuth, now: Date): Promise<void> {
  const instance = await instanceNow(db, auth.instance.id);
  if (!instance || instance.status === 'ended' || (instance.status === 'live' && bookedTimeIsUp(instance.endsAt, now))) {
    throw new ConflictError(SUBMIT_MESSAGES.ended, 'game_ended');
  }
  if (!isLiveNow(instance, now)) throw new ConflictError(SUBMIT_MESSAGES.notLive, 'game_not_live');
}

/** A tap on "Check in": refused (4xx, nothing stored) unless the phone's fresh fix is inside the place. */
export async function checkIn(db: Db, auth: PlayerAuth, challengeId: number, now: Date = new Date()): Promise<CheckInResponse> {
  const teamId = auth.player.teamId;
  if (teamId === null) throw new ConflictError(SUBMIT_MESSAGES.noTeam);
  await assertLive(db, auth, now);
  await assertTeamMay(db, { gameId: auth.game.id, instanceId: auth.instance.id, teamId }, 'submit', now);
  const challenge = (await challengesOfGame(db, auth.game.id)).find((c) => c.id === challengeId);
  if (!challenge) throw ValidationError.field('challenge_id', SUBMIT_MESSAGES.unknownChallenge);
  const place = placeOfColumns(challenge);
  if (!challenge.checkIn || !place) throw ValidationError.field('challenge_id', PLACE_MESSAGES.notCheckIn);
  const check = checkAtPlace(place, lastFixOf(auth.player), now);
  if (!check.ok) throw ValidationError.field('position', check.message);
  const scored = await scoreArrival(db, { teamId, auth }, challenge, now);
  if (scored) return { submission: scored, already: false };
  const had = await existingCheckIn(db, teamId, challenge.id);
  if (!had) throw new ConflictError(PLACE_MESSAGES.alreadyCheckedIn);
  return { submission: teamSubmissionDto(had, auth.game.code), already: true };
}

/**
 * After a position write: every check-in challenge of the game whose place the new fix is inside scores for the
 * team, once. A refusal here (the team frozen, the game just over) is no error of the position: it counts later.
 */
export async function checkInOnArrival(db: Db, auth: PlayerAuth, fix: Fix, now: Date): Promise<void> {
  const teamId = auth.player.teamId;
  if (teamId === null || auth.player.role === 'chicken') return;
  const inside = (await challengesOfGame(db, auth.game.id)).filter((c) => {
    const place = placeOfColumns(c);
    return c.checkIn && place !== null && checkAtPlace(place, fix, now).ok;
  });
  for (const challenge of inside) {
    if (await existingCheckIn(db, teamId, challenge.id)) continue;
    try {
      await assertLive(db, auth, now);
      await assertTeamMay(db, { gameId: auth.game.id, instanceId: auth.instance.id, teamId }, 'submit', now);
      await scoreArrival(db, { teamId, auth }, challenge, now);
    } catch (error) {
      // Refusals (4xx: over, frozen) wait for a later fix; anything else is a real failure.
      if (error instanceof AppError && error.statusCode < 500) continue;
      throw error;
    }
  }
}
