import type { Db } from '../../db/client';
import { sha256, verifyAgainstDummy, verifyPassword } from '../../lib/crypto';
import { UnauthenticatedError } from '../../lib/errors';
import { consumeRateLimit, refundRateLimit } from '../../lib/rate-limit';
import { INVALID_CREDENTIALS } from '../../../shared/api/auth';
import { newSignedInToken } from '../../plugins/session';
import { SESSION_ABSOLUTE_MS } from '../../lib/sessions';
import { deleteSession, findUserByEmail, insertSession } from './auth-repository';

export const LOGIN_LIMITS = { perIp: 20, perEmail: 10, windowSeconds: 15 * 60 };

/**
 * Checks the credentials and opens a new session under a new id (never the anonymous one: no fixation).
 * An unknown email costs the same scrypt work as a wrong password and gets the same answer.
 */
export async function login(
  db: Db,
  input: { email: string; password: string; ip: string; userAgent: string | null },
) {
  await consumeRateLimit(db, `login:ip:${input.ip}`, LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowSeconds);
  await consumeRateLimit(db, `login:email:${input.email.toLowerCase()}`, LOGIN_LIMITS.perEmail, LOGIN_LIMITS.windowSeconds);
  const user = await findUserByEmail(db, input.email);
  const ok = user?.passwordHash ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstDummy(input.password);
  if (!user || !ok) throw new UnauthenticatedError(INVALID_CREDENTIALS, 'invalid_credentials');
  // Only failures count: a right password gives its attempt back, so staff who log in often
  // (several devices, a shared office address) never lock themselves out.
  await refundRateLimit(db, [`login:ip:${input.ip}`, `login:email:${input.email.toLowerCase()}`], LOGIN_LIMITS.windowSeconds);
  const token = newSignedInToken();
  await insertSession(db, {
    id: sha256(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    ip: input.ip,
  });
  return { user, token };
}

export async function logout(db: Db, sessionKey: string | null): Promise<void> {
  if (sessionKey) await deleteSession(db, sessionKey);
}
