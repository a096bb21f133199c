import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { recordActivity } from '../identity';
import { apiKeys } from './tables/integrations';

export type KeyUse = { keyId: number; method: string; route: string; status: number; at: Date };

export type KeyUseLog = {
  add(use: KeyUse): void;
  /** Writes what is held (the tests call it to read the log at once). */
  flush(): Promise<void>;
  close(): Promise<void>;
};

const FLUSH_EVERY_MS = 2_000;
const FLUSH_AT = 200;

/**
 * Every use of an API key goes into the activity log (issue 39): one entry per request, with its route pattern and
 * status, never the key. Written in batches (every 2 s or 200 uses, and on close) so a client's request waits for no
 * extra write; the key's last use moves with the batch.
 */
export function createKeyUseLog(db: Db, onError: (error: unknown) => void): KeyUseLog {
  let held: KeyUse[] = [];
  let writing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => void log.flush().catch(onError), FLUSH_EVERY_MS);
  timer.unref();

  async function write(batch: KeyUse[]): Promise<void> {
    if (!batch.length) return;
    await db.transaction(async (tx) => {
      const last = new Map<number, Date>();
      for (const use of batch) {
        await recordActivity(tx, {
          actorId: null,
          action: 'api_key.use',
          entityType: 'api_key',
          entityId: use.keyId,
          after: { method: use.method, route: use.route, status: use.status, at: use.at.toISOString() },
        });
        const seen = last.get(use.keyId);
        if (!seen || seen < use.at) last.set(use.keyId, use.at);
      }
      for (const [keyId, at] of last)
        await tx
          .update(apiKeys)
          .set({ lastUsedAt: sql`greatest(coalesce(${apiKeys.lastUsedAt}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)` })
          .where(eq(apiKeys.id, keyId));
    });
  }

  const log: KeyUseLog = {
    add(use) {
      held.push(use);
      if (held.length >= FLUSH_AT) void log.flush().catch(onError);
    },
    flush() {
      const batch = held;
      held = [];
      // One write at a time, in order; a failed batch is put back for the next flush.
      writing = writing
        .catch(() => undefined)
        .then(() =>
          write(batch).catch((error: unknown) => {
            held = [...batch, ...held];
            throw error;
          }),
        );
      return writing;
    },
    async close() {
      clearInterval(timer);
      await log.flush();
    },
  };
  return log;
}
