import type { Db, DbOrTx, Tx } from '../../../platform/db/client';
import { answerFingerprint, answerTime, assertPlayedAt, ONLINE_ANSWER, recordOnce, storedAnswerOf, type OfflineAnswer } from './answer-once';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors';
import { publishGameEvent } from '../game-events';
import { loadGame, teamScoreById, type GameContext } from '../game-state';
import type { PlayerAuth } from '../player-auth';
import { checkedMedia, putMedia, type CheckedMedia, type MediaStorage, type ReceivedUpload } from '../../../platform/storage';
import { insertSubmission } from '../submissions/submissions-repository';
import { approveIfAccepted, assertAtPlace, teamFixes } from './places';
import { playChallengeView, ruleOf } from './challenge-view';
import {
  hostPhotoUrl,
  listSubmissions,
  publishReviewForStaff,
  reviewSubmission,
  submissionMediaKey,
  teamSubmissionDto,
  type PhotoUrl,
} from '../submissions/submission-review';

import { urlOf } from '../../../../shared/api/endpoint';
import { bookerResultsEndpoints } from '../../../../shared/api/endpoints/play-challenges';
import { lockTeam } from '../team-points';
import { assertTeamMay } from '../team-effects';
import { instanceLeaderboard } from '../leaderboard';
import { isLiveNow } from '../../../../shared/lifecycle/game-states';
import { acceptsKind, SUBMIT_MESSAGES } from '../../../../shared/game/submission-kinds';
import { mediaKindOfType, type MediaKind } from '../../../../shared/media';
import { GAME_MESSAGES } from '../../../../shared/game/teams';
import { canSubmitMore, SCORING_MESSAGES } from '../../../../shared/scoring/challenge-points';
import type { AlbumPhoto, PlayChallenge, PlayChallengesResponse, ResultsResponse, TeamSubmission } from '../../../../shared/api/play-challenges';
import { REVIEW_MESSAGES, type ReviewResponse, type ReviewSubmission } from '../../../../shared/api/submissions';
import type { SubmissionStatus, Verdict } from '../../../../shared/scoring/challenge-points';
import {
  albumRows,
  challengesOfGame,
  instanceNow,
  submissionOfGame,
  submissionOfInstance,
  statusesOf,
  submissionsOfTeam,
  type ChallengeRow,
} from './play-challenges-repository';
import { assertOrganiser } from '../../booking';
import { isDoubled, openChallengeFilter } from '../script/script-repository';
import { SCRIPT_MESSAGES } from '../../../../shared/game/script';

/**
 * Challenges in play (issue 14; decisions 0242, 0243, 0270, 0273): a team's list, its submissions (checked, then stored, all or
 * nothing), the host's review of its game through the shared review rules (game/submissions/submission-review.ts), and after the
 * game the results and the album of approved photos.
 */

export async function listChallenges(db: Db, auth: PlayerAuth): Promise<PlayChallengesResponse> {
  const teamId = auth.player.teamId;
  const [all, team, sent, instance, fixes, isOpen] = await Promise.all([
    challengesOfGame(db, auth.game.id),
    teamId === null ? undefined : teamScoreById(db, teamId),
    teamId === null ? [] : submissionsOfTeam(db, teamId),
    instanceNow(db, auth.instance.id),
    teamFixes(db, teamId),
    openChallengeFilter(db, auth.game.id, new Date()),
  ]);
  const now = new Date();
  // A challenge the game script has not opened yet, or has closed, is not shown (decision 0585).
  const list = all.filter((c) => isOpen(c.id));
  const status = instance ? instance.status : 'not_started';
  const challenges: PlayChallenge[] = list.map((c) =>
    playChallengeView(
      c,
      sent.filter((s) => s.challengeId === c.id).map((s) => teamSubmissionDto(s, auth.game.code)),
      fixes,
      now,
      auth.player.language,
    ),
  );
  return {
    game_status: status,
    team: team ?? null,
    can_submit: team !== undefined && instance !== undefined && isLiveNow(instance, new Date()),
    challenges,
  };
}

export type SubmitInput = { challengeId: number; kind: 'text'; text: string } | { challengeId: number; kind: 'count'; count: number };
/** A photo or video answer: what it is for, before its body is read. */
export type MediaInput = { challengeId: number; kind: MediaKind };
type RuleInput = { challengeId: number; kind: SubmitInput['kind'] | MediaKind };

/**
 * A team's submission, pending review. Refused with a 4xx and nothing stored: no team, not live (or over), a team
 * frozen by an Egg Strike (423, until when), a challenge not of this game, a kind the challenge does not take, max_submissions reached, a photo that is too
 * large or not an image. The team row is locked, so two phones of one team cannot both take the last place.
 */
/**
 * The challenge a team may send this submission to now, or the refusal: the game live, the team not frozen, a known
 * challenge of the game that takes this kind, submissions left. Asked once without a lock (so a refused submission
 * uploads nothing) and again under the team's lock (another phone of the team may have sent meanwhile).
 */
async function acceptedChallenge(
  tx: DbOrTx,
  auth: PlayerAuth,
  teamId: number,
  input: RuleInput,
  now: Date,
  offline: OfflineAnswer = ONLINE_ANSWER,
): Promise<ChallengeRow> {
  // `now` is the time the answer was made (answerTime): an answer made offline is judged as of then (decision 0430).
  assertPlayedAt(await instanceNow(tx, auth.instance.id), now, offline);
  await assertTeamMay(tx, { gameId: auth.game.id, instanceId: auth.instance.id, teamId }, 'submit', now);
  const challenge = (await challengesOfGame(tx, auth.game.id)).find((c) => c.id === input.challengeId);
  if (!challenge) throw ValidationError.field('challenge_id', SUBMIT_MESSAGES.unknownChallenge);
  if (!(await openChallengeFilter(tx, auth.game.id, now))(challenge.id)) throw new ConflictError(SCRIPT_MESSAGES.challengeClosed);
  assertAtPlace(challenge, auth.player, now);
  const rule = ruleOf(challenge);
  if (!acceptsKind(rule.type, input.kind, challenge.answerMedia)) throw ValidationError.field('kind', SUBMIT_MESSAGES.wrongKind);
  if (!canSubmitMore(rule, await statusesOf(tx, teamId, challenge.id))) throw new ConflictError(SCORING_MESSAGES.maxSubmissions);
  return challenge;
}

/** A team's text or count answer. */
export async function submit(
  db: Db,
  auth: PlayerAuth,
  input: SubmitInput,
  now: Date = new Date(),
  offline: OfflineAnswer = ONLINE_ANSWER,
): Promise<TeamSubmission> {
  const teamId = auth.player.teamId;
  if (teamId === null) throw new ConflictError(SUBMIT_MESSAGES.noTeam);
  const fingerprint = answerFingerprint(input, offline.madeAt);
  return record(db, auth, teamId, input, null, answerTime(offline, now), { offline, fingerprint });
}

/**
 * A team's photo or video (issue 29, decision 0421). The rules are asked before a byte of the body is read (a refused
 * answer uploads nothing); then `receive` streams the body to a spooled file under its cap, the bytes are checked
 * (a video's container and length), the media is streamed into storage before the transaction, so the team's row
 * is locked only for the database writes, never across an upload; if the writes fail (the rules refuse under the
 * lock, or the database does), the stored media is deleted. The spooled file is always removed.
 */
export async function submitMedia(
  db: Db,
  storage: MediaStorage,
  auth: PlayerAuth,
  input: MediaInput,
  receive: () => Promise<ReceivedUpload>,
  now: Date = new Date(),
  offline: OfflineAnswer = ONLINE_ANSWER,
): Promise<TeamSubmission> {
  const teamId = auth.player.teamId;
  if (teamId === null) throw new ConflictError(SUBMIT_MESSAGES.noTeam);
  // A replay of a stored answer is answered before its body is read (decision 0430).
  const fingerprint = answerFingerprint(input, offline.madeAt);
  const replay = await storedAnswerOf(db, teamId, offline, fingerprint);
  if (replay) return replay;
  const at = answerTime(offline, now);
  await acceptedChallenge(db, auth, teamId, input, at, offline);
  const upload = await receive();
  let key: string | null = null;
  try {
    const media: CheckedMedia = await checkedMedia(input.kind, upload);
    key = await putMedia(storage, auth.instance.id, media);
    const stored = key;
    const once = { offline, fingerprint, onReplay: () => storage.delete(stored).catch(() => undefined) };
    return await record(db, auth, teamId, { challengeId: input.challengeId, kind: mediaKindOfType(media.type) }, key, at, once);
  } catch (error) {
    if (key !== null) await storage.delete(key).catch(() => undefined);
    throw error;
  } finally {
    await upload.discard();
  }
}

/** Stores a submission under the team's lock, the rules asked again there, and tells the host's queue and the team. */
async function record(
  db: Db,
  auth: PlayerAuth,
  teamId: number,
  input: SubmitInput | MediaInput,
  mediaKey: string | null,
  now: Date,
  once: { offline: OfflineAnswer; fingerprint: string; onReplay?: () => Promise<void> },
): Promise<TeamSubmission> {
  // Once per Idempotency-Key: the key is claimed in this transaction, before the team's lock (answer-once.ts).
  const work = async (tx: Tx) => {
    const team = await lockTeam(tx, teamId);
    if (!team) throw new ConflictError(SUBMIT_MESSAGES.noTeam);
    const challenge = await acceptedChallenge(tx, auth, teamId, input, now, once.offline);
    const inserted = await insertSubmission(tx, {
      instanceId: auth.instance.id,
      teamId,
      challengeId: challenge.id,
      playerId: auth.player.id,
      kind: input.kind,
      textAnswer: input.kind === 'text' ? input.text : null,
      count: input.kind === 'count' ? input.count : null,
      mediaKey: mediaKey,
      submittedAt: now,
      // Made while the script doubled this challenge: its share counts twice when approved (decision 0585).
      doubled: await isDoubled(tx, auth.game.id, challenge.id, now),
    });
    const dto = teamSubmissionDto(inserted, auth.game.code);
    const score = await teamScoreById(tx, team.id);
    if (!score) throw new ConflictError(SUBMIT_MESSAGES.noTeam);
    // The host's queue and the team's other phones hear of it at once.
    await publishGameEvent(tx, {
      gameId: auth.game.id,
      instanceId: auth.instance.id,
      type: 'submission',
      data: { submission: dto, team: score },
      meta: { teamId },
    });
    await publishReviewForStaff(tx, inserted.id);
    // A right/wrong answer matching an accepted one is approved now, by the review path (decision 0441).
    return (await approveIfAccepted(tx, challenge, inserted, auth.game.code)) ?? dto;
  };
  return recordOnce(db, teamId, once.offline, once.fingerprint, work, once.onReplay);
}

/** The media key of a submission a player may see: its own team's, or (once the game is over) an approved one of the album. */
export async function playerMediaKey(db: Db, auth: PlayerAuth, id: number): Promise<string> {
  const row = await submissionOfInstance(db, auth.instance.id, id);
  const instance = await instanceNow(db, auth.instance.id);
  const own = row !== undefined && auth.player.teamId !== null && row.teamId === auth.player.teamId;
  const inAlbum = row !== undefined && row.status === 'approved' && instance?.status === 'ended';
  if (!row || !row.mediaKey || !(own || inAlbum)) throw new NotFoundError(SUBMIT_MESSAGES.photoNotFound);
  return row.mediaKey;
}

// ---- After the game ----

type Ended = { instanceId: number; code: string; city: string; endedAt: Date | null };

async function endedInstance(db: Db, instanceId: number, code: string, city: string): Promise<Ended> {
  const instance = await instanceNow(db, instanceId);
  if (!instance || instance.status !== 'ended') throw new ConflictError(SUBMIT_MESSAGES.notEnded, 'game_not_live');
  return { instanceId, code, city, endedAt: instance.endTime ?? instance.endsAt };
}

export async function playerEnded(db: Db, auth: PlayerAuth): Promise<Ended> {
  const ctx = await loadGame(db, auth.game.code);
  return endedInstance(db, auth.instance.id, auth.game.code, ctx?.booking.city ?? '');
}

/** The organiser's game by code and private management key (the game code alone is the players' join code, 0140). */
export async function bookerEnded(db: Db, code: string, manageKey: string | null): Promise<Ended> {
  const ctx = await loadGame(db, code);
  if (!ctx) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
  assertOrganiser(ctx.booking, manageKey);
  if (!ctx.instance) throw new ConflictError(SUBMIT_MESSAGES.notEnded, 'game_not_live');
  return endedInstance(db, ctx.instance.id, ctx.game.code, ctx.booking.city);
}

export async function results(db: Db, ended: Ended): Promise<ResultsResponse> {
  return {
    game: { code: ended.code, city: ended.city, ended_at: ended.endedAt?.toISOString() ?? null },
    teams: await instanceLeaderboard(db, ended.instanceId),
  };
}

export async function album(db: Db, ended: Ended, mediaUrlOf: (id: number) => string): Promise<{ photos: AlbumPhoto[] }> {
  const rows = await albumRows(db, ended.instanceId);
  return {
    photos: rows.map((r) => ({
      id: r.submission.id,
      team_name: r.teamName,
      challenge_name: r.challengeName,
      points_awarded: r.submission.pointsAwarded,
      submitted_at: r.submission.submittedAt.toISOString(),
      kind: r.submission.kind === 'video' ? 'video' : 'photo',
      media_url: mediaUrlOf(r.submission.id),
    })),
  };
}

export async function albumMediaKey(db: Db, ended: Ended, id: number): Promise<string> {
  const row = await submissionOfInstance(db, ended.instanceId, id);
  if (!row || row.status !== 'approved' || !row.mediaKey) throw new NotFoundError(SUBMIT_MESSAGES.photoNotFound);
  return row.mediaKey;
}

// ---- The host's review of its game (the same rules as /admin/submissions) ----

/** Where the organiser fetches an album photo or video (by code and management key). */
export const albumPhotoUrl =
  (code: string): PhotoUrl =>
  (id) =>
    urlOf(bookerResultsEndpoints.media, { code, id });

export async function hostSubmissions(db: Db, ctx: GameContext, status: SubmissionStatus | undefined): Promise<{ submissions: ReviewSubmission[] }> {
  const { submissions } = await listSubmissions(
    db,
    { gameCode: ctx.game.code, ...(status ? { status } : {}) },
    { page: 1, perPage: 100 },
    hostPhotoUrl(ctx.game.code),
  );
  return { submissions };
}

/** A submission of this game, or 404: a host reviews and sees only its own game's. */
async function assertOfGame(db: Db, ctx: GameContext, id: number): Promise<void> {
  if (!(await submissionOfGame(db, ctx.game.id, id))) throw new NotFoundError(REVIEW_MESSAGES.notFound);
}

export async function hostReview(
  db: Db,
  actorId: number,
  ctx: GameContext,
  id: number,
  verdict: Verdict,
  reason: string | null = null,
): Promise<ReviewResponse> {
  await assertOfGame(db, ctx, id);
  return reviewSubmission(db, actorId, id, verdict, reason, hostPhotoUrl(ctx.game.code));
}

export async function hostMediaKey(db: Db, ctx: GameContext, id: number): Promise<string> {
  await assertOfGame(db, ctx, id);
  return submissionMediaKey(db, id);
}
