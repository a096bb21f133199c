import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { ValidationError } from '../../platform/errors';
import { PRIVACY_MESSAGES, type PrivacyText } from '../../../shared/api/privacy';
import { privacyTexts, type PRIVACY_TEXT_KINDS } from './tables/privacy';
import { preparedPerSession } from '../../platform/db/prepared';

export type PrivacyTextKind = (typeof PRIVACY_TEXT_KINDS)[number];
type TextRow = typeof privacyTexts.$inferSelect;

export const textDto = (row: TextRow): PrivacyText => ({ version: row.version, text: row.text, published_at: row.publishedAt.toISOString() });

/** The version now in force, or undefined before staff publish a first one (then nothing is asked). */
export async function currentText(db: DbOrTx, kind: PrivacyTextKind): Promise<TextRow | undefined> {
  const [row] = await currentOf(db).execute({ kind });
  return row;
}

/** Read by every booking and join (requireCurrentVersion): built once per session (decision 0600). */
const currentOf = preparedPerSession((db) =>
  db
    .select()
    .from(privacyTexts)
    .where(eq(privacyTexts.kind, sql.placeholder('kind')))
    .orderBy(desc(privacyTexts.version))
    .limit(1)
    .prepare('privacy_text_current'),
);

export async function textVersion(db: DbOrTx, kind: PrivacyTextKind, version: number): Promise<TextRow | undefined> {
  const [row] = await db
    .select()
    .from(privacyTexts)
    .where(and(eq(privacyTexts.kind, kind), eq(privacyTexts.version, version)))
    .limit(1);
  return row;
}

export function textHistory(db: DbOrTx, kind: PrivacyTextKind): Promise<TextRow[]> {
  return db.select().from(privacyTexts).where(eq(privacyTexts.kind, kind)).orderBy(desc(privacyTexts.version));
}

/**
 * Publishes a new version: the next number, whoever publishes at the same time (the transaction-scoped advisory lock
 * per kind makes two publishes take turns, so each gets its own number). Earlier versions stay as they were.
 */
export async function publishText(tx: DbOrTx, kind: PrivacyTextKind, text: string, userId: number | null, now: Date): Promise<TextRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(727041, ${kind === 'terms' ? 1 : 2})`);
  const current = await currentText(tx, kind);
  const [row] = await tx
    .insert(privacyTexts)
    .values({ kind, version: (current?.version ?? 0) + 1, text, publishedBy: userId, publishedAt: now })
    .returning();
  if (!row) throw new Error('privacy text not inserted');
  return row;
}

/**
 * The one rule of what a booking or a join must send (issue 41): nothing while no version is published; else exactly the
 * current version, refused on `field` with its message. Answers the accepted version (null: nothing was asked).
 */
export async function requireCurrentVersion(db: DbOrTx, kind: PrivacyTextKind, sent: number | undefined): Promise<number | null> {
  const current = await currentText(db, kind);
  if (!current) return null;
  if (sent === current.version) return current.version;
  const field = kind === 'terms' ? 'terms_version' : 'waiver_version';
  const missing = kind === 'terms' ? PRIVACY_MESSAGES.termsRequired : PRIVACY_MESSAGES.waiverRequired;
  const outdated = kind === 'terms' ? PRIVACY_MESSAGES.termsOutdated : PRIVACY_MESSAGES.waiverOutdated;
  throw ValidationError.field(field, sent === undefined ? missing : outdated);
}
