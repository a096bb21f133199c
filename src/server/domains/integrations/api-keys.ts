import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import { safeEqual, sha256 } from '../../platform/crypto';
import { NotFoundError, UnauthenticatedError } from '../../platform/errors';
import { recordActivity } from '../identity';
import { staffMember } from '../identity/records';
import { apiKeys } from './tables/integrations';
import { INTEGRATION_MESSAGES, type ApiKey, type CreateApiKeyBody } from '../../../shared/api/integrations';
import type { ApiKeyScope } from '../../../shared/integrations/events';

/** Staff members as the identity domain lets others read them (decision 0545). */
const keyCreator = staffMember('key_creator');

/** The key as the outside API sees its caller. */
export type KeyCaller = { id: number; name: string; scopes: readonly ApiKeyScope[]; createdBy: number | null };

/** `hatch_<12 hex>_<43 base64url>`: the prefix finds the row, the whole key's hash proves it. */
const KEY_PATTERN = /^(hatch_[0-9a-f]{12})_[A-Za-z0-9_-]{43}$/;

export async function createApiKey(db: Db, actorId: number | null, body: { name: string; scopes: CreateApiKeyBody['scopes'] }) {
  const prefix = `hatch_${randomBytes(6).toString('hex')}`;
  const secret = `${prefix}_${randomBytes(32).toString('base64url')}`;
  const scopes = [...new Set(body.scopes)];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({ name: body.name, prefix, secretHash: sha256(secret), scopes, createdBy: actorId })
      .returning({ id: apiKeys.id });
    if (!row) throw new Error('API key not stored');
    // The log names the key by its prefix: the secret is in this one answer and nowhere else.
    await recordActivity(tx, { actorId, action: 'api_key.create', entityType: 'api_key', entityId: row.id, after: { name: body.name, prefix, scopes } });
    return { key: { id: row.id, name: body.name, prefix, scopes }, secret };
  });
}

export async function listApiKeys(db: DbOrTx): Promise<ApiKey[]> {
  const rows = await db
    .select({ key: apiKeys, creatorName: keyCreator.name })
    .from(apiKeys)
    .leftJoin(keyCreator, eq(keyCreator.id, apiKeys.createdBy))
    .orderBy(desc(apiKeys.id));
  return rows.map(({ key, creatorName }) => ({
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    created_at: key.createdAt.toISOString(),
    created_by: key.createdBy !== null && creatorName !== null ? { id: key.createdBy, name: creatorName } : null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  }));
}

/** Revoked at once: every request checks the row, nothing caches a key. A key revoked before stays revoked (204). */
export async function revokeApiKey(db: Db, actorId: number | null, id: number, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
    if (!row) throw new NotFoundError(INTEGRATION_MESSAGES.keyNotFound);
    if (row.revokedAt) return;
    await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, id));
    await recordActivity(tx, { actorId, action: 'api_key.revoke', entityType: 'api_key', entityId: id, before: { name: row.name, prefix: row.prefix } });
  });
}

/** The caller of an `Authorization: Bearer` header, or 401 for anything but a live key (compared in constant time). */
export async function authenticateKey(db: DbOrTx, authorization: string | undefined): Promise<KeyCaller> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  const presented = match?.[1] ?? '';
  const parts = KEY_PATTERN.exec(presented);
  const prefix = parts?.[1];
  if (!prefix) throw new UnauthenticatedError(INTEGRATION_MESSAGES.invalidKey);
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)))
    .limit(1);
  // Hashes of equal length compared in constant time; a missing row is compared too, so timing tells nothing.
  const matches = safeEqual(sha256(presented), row?.secretHash ?? sha256(`missing:${presented}`));
  if (!row || !matches) throw new UnauthenticatedError(INTEGRATION_MESSAGES.invalidKey);
  return { id: row.id, name: row.name, scopes: row.scopes, createdBy: row.createdBy };
}
