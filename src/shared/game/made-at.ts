import { z } from 'zod';
import { IDEMPOTENCY_KEY_TTL_MS } from '../api/idempotency';

/**
 * When a player's answer or position was made (issue 29, decision 0430): a phone without signal keeps what the
 * player makes and sends it later with `made_at`. The server judges it at that time (a late answer made while the
 * game was live is taken after the end), within what it can trust of a phone's clock.
 */

/** A phone's clock may run this far ahead of the server's: such a made_at counts as now; further ahead is refused. */
export const MADE_AT_SKEW_MS = 5 * 60_000;
/**
 * How long after it was made an answer may still be sent. It must stay below the time the server keeps an
 * Idempotency-Key (IDEMPOTENCY_KEY_TTL_MS), so a replay can never outlive the key that makes it a replay.
 */
export const MADE_AT_MAX_AGE_MS = IDEMPOTENCY_KEY_TTL_MS - 60 * 60_000;

export const MADE_AT_MESSAGES = {
  invalid: 'made_at must be an ISO 8601 date and time with its offset, e.g. 2026-11-27T10:15:00Z',
  future: "made_at is in the future: check the phone's clock and send again",
  tooOld: 'This answer was made more than 23 hours ago and can no longer be sent',
  afterEnd: 'The game had already ended when this answer was made, so it was not counted',
  beforeStart: 'This answer was made before the game started, so it was not counted',
} as const;

/** The optional made_at of a body or query: an ISO 8601 date-time with Z or an offset. */
export const madeAtSchema = z.iso.datetime({ offset: true, message: MADE_AT_MESSAGES.invalid });

export type MadeAtVerdict = { ok: true; at: Date } | { ok: false; message: string };

/**
 * The time an answer counts at: `now` without made_at; made_at itself when it is in the past (no older than
 * MADE_AT_MAX_AGE_MS); `now` when the phone's clock is ahead by up to MADE_AT_SKEW_MS; refused beyond.
 */
export function judgeMadeAt(madeAt: string | undefined, now: Date): MadeAtVerdict {
  if (madeAt === undefined) return { ok: true, at: now };
  const at = new Date(madeAt);
  const ahead = at.getTime() - now.getTime();
  if (Number.isNaN(ahead)) return { ok: false, message: MADE_AT_MESSAGES.invalid };
  if (ahead > MADE_AT_SKEW_MS) return { ok: false, message: MADE_AT_MESSAGES.future };
  if (ahead > 0) return { ok: true, at: now };
  if (-ahead > MADE_AT_MAX_AGE_MS) return { ok: false, message: MADE_AT_MESSAGES.tooOld };
  return { ok: true, at };
}

/**
 * Whether a game was being played at `at` (a time in the past or now): it went live (startTime) before `at`, and
 * `at` is before its end: the end by hand or by the ticker for an ended game, its booked end while live.
 */
export function wasLiveAt(
  instance: { status: string; startTime: Date; endsAt: Date | null; endTime: Date | null },
  at: Date,
): 'live' | 'before_start' | 'after_end' {
  if (instance.status !== 'live' && instance.status !== 'ended') return 'before_start';
  if (at < instance.startTime) return 'before_start';
  const end = instance.status === 'ended' ? (instance.endTime ?? instance.endsAt) : instance.endsAt;
  if (instance.status === 'ended' && end === null) return 'after_end';
  if (end !== null && at >= end) return 'after_end';
  return 'live';
}
