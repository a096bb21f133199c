import type { Db } from './db/client';
import { pruneIdempotencyKeys } from './idempotency';
import { pruneRateLimits } from './rate-limit';

/** A domain's own housekeeping, handed in by the server (the platform never imports a domain). */
export type MaintenanceTask = (db: Db) => Promise<void>;

/** Clears what expires on the platform (rate-limit windows, idempotency keys) so the tables stay small, then the domains' tasks (sessions, booking counts). */
export async function runMaintenance(db: Db, tasks: MaintenanceTask[] = []): Promise<void> {
  await pruneRateLimits(db);
  await pruneIdempotencyKeys(db);
  for (const task of tasks) await task(db);
}
