import { availableParallelism } from 'node:os';
import { ServiceUnavailableError } from './errors';

/**
 * A process-wide limit on password hashing and checking. One scrypt call costs 128 MiB and a few
 * hundred milliseconds of a libuv thread, so a login flood without a limit would exhaust memory and
 * starve every other thread-pool task (file reads, DNS). At most `maxConcurrent` run at once, at most
 * `maxQueue` wait; anyone beyond that gets 503 with Retry-After straight away, before any work.
 */
export type PasswordGate = {
  run<T>(work: () => Promise<T>): Promise<T>;
  stats(): { active: number; queued: number; peakActive: number; peakQueued: number; refused: number };
};

class PasswordGateBusyError extends ServiceUnavailableError {
  readonly retryAfterSeconds = 2;
  constructor() {
    super('The server is busy checking other sign-ins. Please try again in a moment.');
  }
}

export function createPasswordGate(options: { maxConcurrent: number; maxQueue: number }): PasswordGate {
  let active = 0;
  let peakActive = 0;
  let peakQueued = 0;
  let refused = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };

  return {
    async run(work) {
      if (active >= options.maxConcurrent) {
        if (waiting.length >= options.maxQueue) {
          refused++;
          throw new PasswordGateBusyError();
        }
        // The slot is handed over by release(): `active` stays the same.
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          peakQueued = Math.max(peakQueued, waiting.length);
        });
      } else {
        active++;
      }
      peakActive = Math.max(peakActive, active);
      try {
        return await work();
      } finally {
        release();
      }
    },
    stats: () => ({ active, queued: waiting.length, peakActive, peakQueued, refused }),
  };
}

/** Two at a time (256 MiB at most), or half the cores on a bigger machine; 32 may wait (a few seconds). */
export const passwordGate = createPasswordGate({
  maxConcurrent: Math.max(2, Math.min(4, Math.floor(availableParallelism() / 2))),
  maxQueue: 32,
});
