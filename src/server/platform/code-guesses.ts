import type { Db } from './db/client';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from './errors';
import { createBatchedRateLimiter } from './rate-limit';

/**
 * Failed look-ups by a guessable code or token, per client address, in one bucket for every route that looks one up:
 * a booking by code or management key, a booking changed with X-Booking-Code, a game and its join, a proposal, a
 * player by X-Player-Token, the organiser's results and album, the booker's payment and checkout (decisions 0180 and
 * 0180; issue 28 found the last four without it). 60 wrong guesses a minute: a person mistyping never gets near it, a script gets nowhere.
 */
export const CODE_GUESS_LIMIT = { perIp: 60, windowSeconds: 60 };

export type CodeGuesses = {
  /**
   * Runs a look-up by a code or token the caller gave. An address past the limit is refused (429, Retry-After) before
   * the look-up, whatever the code, so a guesser learns nothing more; a look-up that finds nothing (NotFoundError)
   * counts against the address (`isMiss`: a NotFoundError, or with `isRefusal` also the 401 of an unknown token and
   * the 403 of a wrong key). Found codes never count: a game's phones behind one office address, joining and
   * refreshing the same valid code all day, are never refused.
   */
  guard<T>(ip: string, lookup: () => Promise<T>, isMiss?: (error: unknown) => boolean): Promise<T>;
  /** Writes the counts not written yet (before the database closes). */
  close(): Promise<void>;
};

const keyOf = (ip: string) => `code-guess:ip:${ip}`;

const isNotFound = (error: unknown) => error instanceof NotFoundError;

/** A look-up by a secret that answers "no such thing" (404), "not a token of ours" (401) or "not your key" (403). */
export const isRefusal = (error: unknown) => error instanceof NotFoundError || error instanceof UnauthenticatedError || error instanceof ForbiddenError;

/**
 * One per app (app.deps.codeGuesses): counted in memory and written to the shared rate_limits rows in batches, so a
 * look-up is no database write and every process shares the count (trade-off in rate-limit.ts createBatchedRateLimiter).
 */
export function createCodeGuesses(db: Db, onError: (error: unknown) => void): CodeGuesses {
  const limiter = createBatchedRateLimiter({ db, limit: CODE_GUESS_LIMIT.perIp, windowSeconds: CODE_GUESS_LIMIT.windowSeconds, onError });
  return {
    async guard(ip, lookup, isMiss = isNotFound) {
      limiter.check(keyOf(ip));
      try {
        return await lookup();
      } catch (error) {
        // A miss past the limit answers 429 instead of its 404.
        if (isMiss(error)) await limiter.consume(keyOf(ip));
        throw error;
      }
    },
    close: () => limiter.close(),
  };
}
