/**
 * The rules of webhook delivery (issue 39, decision 0560), pure so the job, the staff screen and the tests share them.
 */

/** Waits after the 1st, 2nd, … failed attempt (the last repeats): soon for a blip, hours for an outage. */
export const RETRY_WAITS_MS: readonly number[] = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];
/** An event is retried until this long after it was planned, then given up. */
export const DELIVERY_WINDOW_MS = 72 * 3_600_000;
/** An endpoint whose attempts have all failed for this long is disabled and staff are told. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;
/** How much of a receiver's answer is read (the rest is dropped) and how much of it the log keeps. */
export const RESPONSE_READ_CAP_BYTES = 64 * 1024;
export const RESPONSE_LOG_BYTES = 1024;

export const retryWaitMs = (failedAttempts: number): number =>
  RETRY_WAITS_MS[Math.min(Math.max(failedAttempts, 1), RETRY_WAITS_MS.length) - 1] ?? 10 * 3_600_000;

export type AttemptResult = { ok: true; status: number } | { ok: false; status: number | null };

/**
 * What one attempt's result means: a 2xx ends it; a 410 (the receiver says the endpoint is gone) disables the endpoint;
 * anything else (another status, a timeout, a refused connection) is retried after its wait until the 72 hours are
 * up, and then the event is given up.
 */
export type AttemptVerdict = { kind: 'succeeded' } | { kind: 'gone' } | { kind: 'retry'; at: Date } | { kind: 'given_up' };

export function attemptVerdict(input: { status: number | null; attempts: number; createdAt: Date; now: Date }): AttemptVerdict {
  const { status, attempts, createdAt, now } = input;
  if (status !== null && status >= 200 && status < 300) return { kind: 'succeeded' };
  if (status === 410) return { kind: 'gone' };
  const at = new Date(now.getTime() + retryWaitMs(attempts));
  if (at.getTime() - createdAt.getTime() > DELIVERY_WINDOW_MS) return { kind: 'given_up' };
  return { kind: 'retry', at };
}

/** Whether an endpoint failing since `failingSince` has failed long enough to be disabled. */
export const failedTooLong = (failingSince: Date | null, now: Date): boolean =>
  failingSince !== null && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;

/**
 * The rate limit headers of the IETF draft (draft-ietf-httpapi-ratelimit-headers, structured fields): the policy
 * (`q` requests per `w` seconds) and where this key stands (`r` remaining, `t` seconds until the window frees up).
 */
export function rateLimitHeaders(input: { limit: number; windowSeconds: number; remaining: number; resetSeconds: number }): {
  'RateLimit-Policy': string;
  RateLimit: string;
} {
  return {
    'RateLimit-Policy': `"per-key";q=${input.limit};w=${input.windowSeconds}`,
    RateLimit: `"per-key";r=${Math.max(0, input.remaining)};t=${Math.max(0, Math.ceil(input.resetSeconds))}`,
  };
}
