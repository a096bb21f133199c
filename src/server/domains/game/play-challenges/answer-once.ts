import type { Db, Tx } from '../../../platform/db/client';
import { ConflictError, ValidationError } from '../../../platform/errors';
import { requestFingerprint, runIdempotent, storedAnswer } from '../../../platform/idempotency';
import { teamSubmissionSchema, type TeamSubmission } from '../../../../shared/api/play-challenges';
import { judgeMadeAt, MADE_AT_MESSAGES, wasLiveAt } from '../../../../shared/game/made-at';
import { SUBMIT_MESSAGES } from '../../../../shared/game/submission-kinds';

/**
 * A player's answer taken exactly once, at the time it was made (issue 29, decision 0430). A phone keeps what the
 * player made offline and sends it later, perhaps several times (a lost answer, a restarted server): each answer
 * carries an Idempotency-Key made on the phone and its `made_at`. The key is the team's (the scope names the team),
 * so the platform's idempotency keys (one row per scope and key, claimed first in the answer's own transaction)
 * make two sends of one key store one answer, however they race; the second gets the first's answer back.
 */
export type OfflineAnswer = { key: string | null; madeAt: string | undefined };
export const ONLINE_ANSWER: OfflineAnswer = { key: null, madeAt: undefined };

const scopeOf = (teamId: number) => `POST /api/play/submissions team:${teamId}`;
const parse = (stored: unknown): TeamSubmission => teamSubmissionSchema.parse(stored);

/** What makes two sends the same answer: its challenge, its kind and content (a media answer: its kind), made_at. */
export const answerFingerprint = (what: { challengeId: number; kind: string; text?: string; count?: number }, madeAt: string | undefined) =>
  requestFingerprint({ ...what, madeAt: madeAt ?? null });

/** The time the answer counts at: now, or its made_at (refused with 422 when in the far future or too old). */
export function answerTime(offline: OfflineAnswer, now: Date): Date {
  const verdict = judgeMadeAt(offline.madeAt, now);
  if (!verdict.ok) throw ValidationError.field('made_at', verdict.message);
  return verdict.at;
}

/**
 * Refuses an answer made when the game was not being played (409): before it went live, or after its end. Without
 * made_at the messages are those of an answer sent now; with it they say it was made too early or too late.
 */
export function assertPlayedAt(
  instance: { status: string; startTime: Date; endsAt: Date | null; endTime: Date | null } | undefined,
  at: Date,
  offline: OfflineAnswer,
): void {
  const when = instance ? wasLiveAt(instance, at) : 'after_end';
  const late = offline.madeAt !== undefined && instance !== undefined && instance.status !== 'lobby';
  if (when === 'after_end') throw new ConflictError(late ? MADE_AT_MESSAGES.afterEnd : SUBMIT_MESSAGES.ended, 'game_ended');
  if (when === 'before_start') throw new ConflictError(late ? MADE_AT_MESSAGES.beforeStart : SUBMIT_MESSAGES.notLive, 'game_not_live');
}

/** The answer already stored for this key, if any: a media answer asks before its body is read, so a replay uploads nothing. */
export async function storedAnswerOf(db: Db, teamId: number, offline: OfflineAnswer, fingerprint: string): Promise<TeamSubmission | null> {
  if (offline.key === null) return null;
  const replay = await storedAnswer(db, { scope: scopeOf(teamId), key: offline.key, fingerprint, parse });
  return replay ? replay.body : null;
}

/**
 * Runs `work` (the answer's writes) in one transaction, once per key: a repeat answers the stored answer, and
 * `onReplay` undoes what the repeat did outside the transaction (its uploaded media).
 */
export async function recordOnce(
  db: Db,
  teamId: number,
  offline: OfflineAnswer,
  fingerprint: string,
  work: (tx: Tx) => Promise<TeamSubmission>,
  onReplay: () => Promise<void> = async () => undefined,
): Promise<TeamSubmission> {
  const result = await runIdempotent(db, { scope: scopeOf(teamId), key: offline.key, fingerprint, parse }, async (tx) => ({
    statusCode: 201,
    body: await work(tx),
  }));
  if (result.replayed) await onReplay();
  return result.body;
}
