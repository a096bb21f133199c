import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { pruneIdempotencyKeys } from './idempotency';
import { pruneRateLimits } from './rate-limit';
import { pruneSessions, SESSION_IDLE_MS } from './sessions';

const EVERY_MS = 10 * 60 * 1000;

/** A feature's own housekeeping, handed in by the server (lib never imports a feature). */
export type MaintenanceTask = (db: Db) => Promise<void>;

/** Clears what expires (sessions, rate-limit windows, idempotency keys) so the tables stay small, then the features' tasks. */
export async function runMaintenance(db: Db, tasks: MaintenanceTask[] = []): Promise<void> {
  await pruneSessions(db, SESSION_IDLE_MS);
  await pruneRateLimits(db);
  await pruneIdempotencyKeys(db);
  for (const task of tasks) await task(db);
}

/** Every process runs it now and then; each step is idempotent, so running it twice is harmless. */
export function startMaintenance(db: Db, log: FastifyBaseLogger, tasks: MaintenanceTask[] = []): () => void {
  const run = () => runMaintenance(db, tasks).catch((err: unknown) => log.warn({ err }, 'maintenance failed'));
  const first = setTimeout(run, 30_000);
  const timer = setInterval(run, EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
