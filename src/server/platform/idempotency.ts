import { and, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from './db/client';
import { idempotencyKeys } from './db/tables';
import { sha256 } from './crypto';
import { AppError, ValidationError } from './errors';
import { PUBLIC_BOOKING_MESSAGES } from '../../shared/api/public-booking';
import { IDEMPOTENCY_KEY_TTL_MS } from '../../shared/api/idempotency';

const IDEMPOTENCY_MESSAGES = {
  reused: PUBLIC_BOOKING_MESSAGES.idempotencyReused,
  invalid: PUBLIC_BOOKING_MESSAGES.idempotencyInvalid,
} as const;

export type IdempotentAnswer<T> = { statusCode: number; body: T };
export type IdempotentResult<T> = IdempotentAnswer<T> & { replayed: boolean };

/** A stable text for any JSON value: object keys sorted, so {a,b} and {b,a} hash alike. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function requestFingerprint(value: unknown): string {
  return sha256(canonicalJson(value));
}

/** The header's value, or null when absent; a malformed key is refused rather than ignored. */
export function readIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw ValidationError.field('idempotency_key', IDEMPOTENCY_MESSAGES.invalid);
  }
  return value;
}

/**
 * Runs `work` in one transaction at most once per (scope, key): the first call does the work and
 * stores its answer in the same transaction; a repeat with the same fingerprint gets that answer
 * back (`replayed`), a repeat with another fingerprint is refused with 422.
 *
 * The key row is inserted first with ON CONFLICT DO NOTHING: on PostgreSQL a concurrent duplicate
 * blocks on that insert until the first transaction ends, then finds the stored answer (or, if the
 * first one rolled back, does the work itself). Errors are not stored, so a failed request can be retried.
 * Without a key the work simply runs in a transaction.
 */
export async function runIdempotent<T>(
  db: Db,
  options: { scope: string; key: string | null; fingerprint: string; parse: (stored: unknown) => T },
  work: (tx: Tx) => Promise<IdempotentAnswer<T>>,
): Promise<IdempotentResult<T>> {
  const { scope, key, fingerprint } = options;
  if (key === null) return { ...(await db.transaction(work)), replayed: false };
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash: fingerprint })
      .onConflictDoNothing({ target: [idempotencyKeys.scope, idempotencyKeys.key] })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const replay = await storedAnswer(tx, { ...options, key });
      if (!replay) throw new AppError(409, 'A request with this Idempotency-Key is still being processed.');
      return replay;
    }
    const answer = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: answer.statusCode, response: answer.body })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    return { ...answer, replayed: false };
  });
}

/**
 * The stored answer of a finished request with this key, or null when there is none (yet). Lets a caller skip work
 * it would do before `runIdempotent`'s transaction (an upload) when the request is a replay; a key used for another
 * request is refused with 422.
 */
export async function storedAnswer<T>(
  db: Db | Tx,
  options: { scope: string; key: string; fingerprint: string; parse: (stored: unknown) => T },
): Promise<IdempotentResult<T> | null> {
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, options.scope), eq(idempotencyKeys.key, options.key)))
    .limit(1);
  if (!stored || stored.statusCode === null) return null;
  if (stored.requestHash !== options.fingerprint) throw ValidationError.field('idempotency_key', IDEMPOTENCY_MESSAGES.reused);
  return { statusCode: stored.statusCode, body: options.parse(stored.response), replayed: true };
}

/**
 * Keys outlive a client's retries, and a phone's queue of answers made offline (which refuses an answer older than
 * shared/game/made-at.ts, below this, so a pruned key can never be replayed into a second answer; decision 0430).
 */
export async function pruneIdempotencyKeys(db: Db, olderThanMs = IDEMPOTENCY_KEY_TTL_MS): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - olderThanMs)));
}
