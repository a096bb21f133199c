import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { users } from '../tables/users';
import { userColumns } from '../user-dto';

export type UserRecord = { id: number; name: string; email: string; isAdmin: boolean; isHost: boolean; createdAt: Date };

export function listUsers(db: DbOrTx): Promise<UserRecord[]> {
  return db.select(userColumns).from(users).orderBy(desc(users.createdAt), desc(users.id));
}

export function listHosts(db: DbOrTx) {
  return db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.isHost, true)).orderBy(asc(users.name), asc(users.id));
}

export async function findUserById(db: DbOrTx, id: number, forUpdate = false): Promise<UserRecord | undefined> {
  const query = db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return (await (forUpdate ? query.for('update') : query))[0];
}

export async function findUserByEmail(db: DbOrTx, email: string, forUpdate = false): Promise<UserRecord | undefined> {
  const query = db
    .select(userColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return (await (forUpdate ? query.for('update') : query))[0];
}

export async function insertUser(
  db: DbOrTx,
  values: { name: string; email: string; passwordHash: string; isAdmin: boolean; isHost: boolean },
): Promise<UserRecord> {
  const [row] = await db.insert(users).values(values).returning(userColumns);
  if (!row) throw new Error('user not inserted');
  return row;
}

export async function setUserRoles(db: DbOrTx, id: number, roles: { isAdmin: boolean; isHost: boolean }): Promise<UserRecord> {
  const [row] = await db
    .update(users)
    .set({ ...roles, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(userColumns);
  if (!row) throw new Error('user not updated');
  return row;
}

/** Ends a user's sessions except one (the admin editing their own roles keeps the session in use). */
