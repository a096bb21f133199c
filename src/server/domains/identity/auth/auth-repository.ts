import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/client';
import { passwordResetTokens, sessions, signInLinks, users } from '../tables/users';
import { accountColumns } from '../user-dto';
import type { Language } from '../../../../shared/i18n/languages';

export function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1)
    .then((rows) => rows[0]);
}

export function findPasswordHash(db: DbOrTx, userId: number): Promise<string | null | undefined> {
  return db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0]?.passwordHash);
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function insertSession(
  db: DbOrTx,
  values: { id: string; userId: number; expiresAt: Date; userAgent: string | null; ip: string | null },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function insertResetToken(db: DbOrTx, values: { tokenHash: string; userId: number; expiresAt: Date }): Promise<void> {
  // Links past their hour are worth nothing: they go whenever a new one is made.
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date()));
  await db.insert(passwordResetTokens).values(values);
}

/**
 * Uses a reset link: deletes it only if it is still valid, answering whose it was, then every other link of that
 * user. Delete-and-return in one statement, so two tabs using one link cannot both succeed. Call inside a transaction.
 */
export async function consumeResetToken(tx: DbOrTx, tokenHash: string): Promise<number | null> {
  const used = await tx
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, new Date())))
    .returning({ userId: passwordResetTokens.userId });
  const userId = used[0]?.userId;
  if (userId === undefined) return null;
  await deleteResetTokens(tx, userId);
  return userId;
}

/** Whose a still-valid reset link is (the email, for the password rule), without using it up. */
export function findResetTokenUser(db: DbOrTx, tokenHash: string): Promise<{ id: number; email: string } | undefined> {
  return db
    .select({ id: users.id, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, new Date())))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function deleteResetTokens(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

export async function insertSignInLink(db: DbOrTx, values: { tokenHash: string; userId: number; expiresAt: Date }, now: Date): Promise<void> {
  // Links past their time are worth nothing: they go whenever a new one is made.
  await db.delete(signInLinks).where(lt(signInLinks.expiresAt, now));
  await db.insert(signInLinks).values(values);
}

/**
 * Uses a sign-in link: stamps it used only if it is unused and unexpired, answering whose it was. Check and use in one
 * statement, so a second click or two racing tabs sign in at most once.
 */
export async function consumeSignInLink(db: DbOrTx, tokenHash: string, now: Date): Promise<number | null> {
  const used = await db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.tokenHash, tokenHash), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
    .returning({ userId: signInLinks.userId });
  return used[0]?.userId ?? null;
}

export function findUserById(db: DbOrTx, id: number) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

/** Keeps the staff member's language on their account; the updated user, as their own answer reads it. */
export function setUserLanguage(db: DbOrTx, userId: number, language: Language) {
  return db
    .update(users)
    .set({ language, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(accountColumns)
    .then((rows) => rows[0]);
}
