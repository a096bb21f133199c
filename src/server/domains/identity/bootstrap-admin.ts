import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './tables/users';
import { hashPassword, randomToken } from '../../platform/crypto';

export type BootstrapResult = { created: false } | { created: true; email: string; password: string | null };

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: that admin exists afterwards (created with that password if missing).
 * With neither set and no user at all, the first start creates an admin with a random password.
 */
export async function bootstrapAdmin(db: Db, env: { email?: string | undefined; password?: string | undefined }): Promise<BootstrapResult> {
  if (env.email) {
    const existing = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${env.email})`)
      .limit(1);
    if (existing[0]) {
      await db
        .update(users)
        .set({ isAdmin: true })
        .where(sql`${users.id} = ${existing[0].id}`);
      return { created: false };
    }
    const password = env.password ?? randomToken(12);
    await db
      .insert(users)
      .values({ name: 'Administrator', email: env.email, passwordHash: await hashPassword(password), isAdmin: true })
      .onConflictDoNothing();
    return { created: true, email: env.email, password: env.password ? null : password };
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
    const count = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
    if ((count[0]?.n ?? 0) > 0) return { created: false } as const;
    const email = 'admin@hatch.local';
    const password = randomToken(12);
    await tx.insert(users).values({ name: 'Administrator', email, passwordHash: await hashPassword(password), isAdmin: true });
    return { created: true, email, password } as const;
  });
}
