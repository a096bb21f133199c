import type { Db } from '../db/client';
import { pruneIdempotencyKeys } from './idempotency';
import { pruneRateLimits } from './rate-limit';
import { pruneSessions, SESSION_IDLE_MS } from './sessions';

/** A feature's own housekeeping, handed in by the server (lib never imports a feature). */
export type MaintenanceTask = (db: Db) => Promise<void>;

/** Clears what expires (sessions, rate-limit windows, idempotency keys) so the tables stay small, then the features' tasks. */
export async function runMaintenance(db: Db, tasks: MaintenanceTask[] = []): Promise<void> {
  await pruneSessions(db, SESSION_IDLE_MS);
  await pruneRateLimits(db);
  await pruneIdempotencyKeys(db);
  for (const task of tasks) await task(db);
}
