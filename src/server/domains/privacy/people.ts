import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../platform/db/client';
import type { MediaStorage } from '../../platform/storage';
import { NotFoundError } from '../../platform/errors';
import { recordActivity } from '../identity';
import { PRIVACY_MESSAGES, type PersonExport, type PersonHit } from '../../../shared/api/privacy';
import { normalEmail } from '../../../shared/privacy/erasure';
import { erasures } from './tables/privacy';

/**
 * A person as every part sees them once located (decision 0570): their email, the bookings they made under it and the
 * names they went by there (as booker, and so as a player of those games).
 */
export type PersonRef = { email: string; bookingIds: number[]; names: string[] };
export type ErasureContext = { erasureId: number; now: Date };
/** What one part erased: counts by kind, and stored media keys to delete once the erasure has committed. */
export type PartErasure = { counts: Record<string, number>; mediaKeys?: string[] };

/**
 * One holder of personal data (a domain, or the platform's mail outbox). The privacy domain owns the search, export
 * and erasure and asks each part through this shape, handed in by app.ts, so no domain calls back into another
 * (decision 0570).
 */
export type PersonalDataPart = {
  readonly name: string;
  /** Optional: what this part adds to the person's reference (the booking domain: their bookings and names). */
  locate?(db: DbOrTx, email: string): Promise<{ bookingIds: number[]; names: string[] }>;
  find(db: DbOrTx, q: string): Promise<PersonHit[]>;
  export(db: DbOrTx, person: PersonRef): Promise<Record<string, unknown>[]>;
  erase(tx: Tx, person: PersonRef, ctx: ErasureContext): Promise<PartErasure>;
};

export const emailHash = (email: string) => createHash('sha256').update(normalEmail(email)).digest('hex');

async function locate(db: DbOrTx, parts: readonly PersonalDataPart[], email: string): Promise<PersonRef> {
  const person: PersonRef = { email: normalEmail(email), bookingIds: [], names: [] };
  for (const part of parts) {
    if (!part.locate) continue;
    const found = await part.locate(db, person.email);
    person.bookingIds.push(...found.bookingIds.filter((id) => !person.bookingIds.includes(id)));
    person.names.push(...found.names.filter((n) => n.trim() !== '' && !person.names.some((m) => m.toLowerCase() === n.toLowerCase())));
  }
  return person;
}

export async function findPeople(db: Db, parts: readonly PersonalDataPart[], q: string): Promise<PersonHit[]> {
  const hits = await Promise.all(parts.map((part) => part.find(db, q.trim())));
  return hits.flat();
}

export async function exportPerson(db: Db, parts: readonly PersonalDataPart[], email: string, now: Date): Promise<PersonExport> {
  const person = await locate(db, parts, email);
  const out: PersonExport = { email: person.email, exported_at: now.toISOString(), parts: {} };
  for (const part of parts) out.parts[part.name] = await part.export(db, person);
  if (Object.values(out.parts).every((rows) => rows.length === 0)) throw new NotFoundError(PRIVACY_MESSAGES.personNotFound);
  return out;
}

/**
 * Erases a person in one transaction: every part replaces or deletes what is theirs, the erasure is logged (hash only)
 * and written to the activity log; their stored media are deleted after the commit (a failed delete is logged and left
 * for the retention job, which finds no row pointing at it).
 */
export async function erasePerson(
  deps: { db: Db; media: MediaStorage; log: { warn: (obj: object, msg: string) => void } },
  parts: readonly PersonalDataPart[],
  input: { email: string; actorId: number | null; now: Date },
): Promise<{ id: number; erased_at: string; counts: Record<string, number> }> {
  const { id, counts, mediaKeys } = await deps.db.transaction(async (tx) => {
    const person = await locate(tx, parts, input.email);
    const [logged] = await tx
      .insert(erasures)
      .values({ emailHash: emailHash(person.email), erasedBy: input.actorId, erasedAt: input.now, counts: {} })
      .returning({ id: erasures.id });
    if (!logged) throw new Error('erasure not logged');
    const all: Record<string, number> = {};
    const keys: string[] = [];
    for (const part of parts) {
      const done = await part.erase(tx, person, { erasureId: logged.id, now: input.now });
      for (const [k, n] of Object.entries(done.counts)) all[`${part.name}.${k}`] = n;
      keys.push(...(done.mediaKeys ?? []));
    }
    if (Object.values(all).every((n) => n === 0)) throw new NotFoundError(PRIVACY_MESSAGES.personNotFound);
    await tx.update(erasures).set({ counts: all }).where(eq(erasures.id, logged.id));
    await recordActivity(tx, {
      actorId: input.actorId,
      action: 'person.erase',
      entityType: 'person',
      entityId: logged.id,
      after: { erasure_id: logged.id, counts: all },
    });
    return { id: logged.id, counts: all, mediaKeys: keys };
  });
  for (const key of mediaKeys) await deps.media.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'erased media not deleted'));
  return { id, erased_at: input.now.toISOString(), counts };
}
