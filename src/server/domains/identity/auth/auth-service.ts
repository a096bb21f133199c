import type { Db, DbOrTx } from '../../../platform/db/client';
import { recordActivity } from '../activity';
import { hashPassword, randomToken, sha256, verifyAgainstDummy, verifyPassword } from '../../../platform/crypto';
import { NotFoundError, TooManyRequestsError, UnauthenticatedError, ValidationError } from '../../../platform/errors';
import type { Mailer } from '../../../platform/mail';
import { consumeRateLimit, refundRateLimit } from '../../../platform/rate-limit';
import { ACCOUNT_MESSAGES, INVALID_CREDENTIALS } from '../../../../shared/api/auth';
import type { Language } from '../../../../shared/i18n/languages';
import { passwordProblem } from '../../../../shared/validation/password-rules';
import { newSignedInToken } from '../session-plugin';
import { endUserSessions, SESSION_ABSOLUTE_MS } from '../sessions';
import {
  consumeResetToken,
  deleteResetTokens,
  deleteSession,
  findPasswordHash,
  findResetTokenUser,
  findUserByEmail,
  findUserById,
  consumeSignInLink,
  insertSignInLink,
  insertResetToken,
  insertSession,
  setPasswordHash,
  setUserLanguage,
} from './auth-repository';
import { passwordResetMail } from './password-reset-mail';
import { loginFailuresMail } from './login-failures-mail';
import { signInLinkMail } from './sign-in-link-mail';

/**
 * Failed sign-ins a window allows (decision 0347): per address (any account), per account from one address (the
 * guesser is locked out, not the account), per account from all addresses together (a guess spread over many
 * addresses; a browser that signed in to the account before is exempt, so its owner is never locked out), and after
 * how many failures of an account its owner is told, once a window.
 */
export const LOGIN_LIMITS = { perIp: 20, perAccountFromAddress: 10, perAccount: 100, notifyAfter: 10, windowSeconds: 15 * 60 };

/**
 * Checks the credentials and opens a new session under a new id (never the anonymous one: no fixation).
 * An unknown email costs the same scrypt work as a wrong password and gets the same answer.
 */
export async function login(
  db: Db,
  input: { email: string; password: string; ip: string; userAgent: string | null; knownDevice: string | null; mailer: { mail: Mailer; baseUrl: string } },
) {
  const email = input.email.trim().toLowerCase();
  const window = LOGIN_LIMITS.windowSeconds;
  // A browser that signed in to this account before counts only its own failures (decision 0525): a stranger's guesses,
  // from any address or from the owner's, never lock it; others count per address, per account from an address and
  // per account.
  const limits: [string, number][] = input.knownDevice
    ? [[`login:email:${email}:device:${input.knownDevice}`, LOGIN_LIMITS.perAccountFromAddress]]
    : [
        [`login:ip:${input.ip}`, LOGIN_LIMITS.perIp],
        [`login:email:${email}:ip:${input.ip}`, LOGIN_LIMITS.perAccountFromAddress],
        [`login:email:${email}`, LOGIN_LIMITS.perAccount],
      ];
  for (const [key, limit] of limits) await consumeRateLimit(db, key, limit, window);
  const keys = limits.map(([key]) => key);
  const user = await findUserByEmail(db, input.email);
  const ok = user?.passwordHash ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    if (user) await noticeFailure(db, user, input.mailer);
    throw new UnauthenticatedError(INVALID_CREDENTIALS, 'invalid_credentials');
  }
  // Only failures count: a right password gives its attempt back, so staff who log in often
  // (several devices, a shared office address) never lock themselves out.
  await refundRateLimit(db, keys, window);
  return { user, token: await openSession(db, user.id, input) };
}

/** A new session under a new id (never the anonymous one: no fixation), as every way of signing in makes it. */
async function openSession(db: DbOrTx, userId: number, client: { ip: string; userAgent: string | null }): Promise<string> {
  const token = newSignedInToken();
  await insertSession(db, {
    id: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    ip: client.ip,
  });
  return token;
}

/**
 * Counts a failed sign-in of an existing account; at the `notifyAfter`-th in a window its owner gets one mail, and
 * no other until the window has passed (both counted in the shared rate-limit rows, so every process agrees).
 */
async function noticeFailure(db: Db, user: { name: string; email: string }, mailer: { mail: Mailer; baseUrl: string }): Promise<void> {
  const email = user.email.toLowerCase();
  const window = LOGIN_LIMITS.windowSeconds;
  try {
    await consumeRateLimit(db, `login:failed:${email}`, LOGIN_LIMITS.notifyAfter - 1, window);
    return;
  } catch (error) {
    if (!(error instanceof TooManyRequestsError)) throw error;
  }
  try {
    await consumeRateLimit(db, `login:notified:${email}`, 1, window);
  } catch (error) {
    if (error instanceof TooManyRequestsError) return;
    throw error;
  }
  await mailer.mail.queue(db, loginFailuresMail(user, mailer.baseUrl, LOGIN_LIMITS.notifyAfter, window / 60));
}

export async function logout(db: Db, sessionKey: string | null): Promise<void> {
  if (sessionKey) await deleteSession(db, sessionKey);
}

// ---------------------------------------------------------------------------------------------
// Staff passwords (issue 19, decision 0182).

export const PASSWORD_CHANGE_LIMITS = { perUser: 10, windowSeconds: 15 * 60 };
export const RESET_LIMITS = { perIp: 10, perEmail: 3, windowSeconds: 60 * 60 };
export const RESET_LINK_MS = 60 * 60 * 1000;
/** A reset request answers no sooner than this, so a known address (a token, a mail) takes as long as an unknown one. */
export const RESET_ANSWER_MS = 400;

function refusal(field: string, message: string): ValidationError {
  return ValidationError.field(field, message);
}

/**
 * A logged-in user sets a new password: the current one is checked (wrong tries are limited like logins), the new one
 * passes the password rule; every other session of theirs ends and reset links die, this session stays.
 */
export async function changePassword(
  db: Db,
  input: { user: { id: number; email: string }; sessionKey: string | null; currentPassword: string; newPassword: string },
): Promise<void> {
  // The rule first: it is public and cheap, while checking the current password costs a scrypt.
  const problem = passwordProblem(input.newPassword, input.user.email);
  if (problem) throw refusal('new_password', problem);
  if (input.newPassword === input.currentPassword) throw refusal('new_password', ACCOUNT_MESSAGES.sameAsCurrent);
  const limitKey = `password-change:user:${input.user.id}`;
  await consumeRateLimit(db, limitKey, PASSWORD_CHANGE_LIMITS.perUser, PASSWORD_CHANGE_LIMITS.windowSeconds, ACCOUNT_MESSAGES.tooManyAttempts);
  const stored = await findPasswordHash(db, input.user.id);
  const ok = stored ? await verifyPassword(input.currentPassword, stored) : await verifyAgainstDummy(input.currentPassword);
  if (!ok) throw refusal('current_password', ACCOUNT_MESSAGES.currentWrong);
  await refundRateLimit(db, [limitKey], PASSWORD_CHANGE_LIMITS.windowSeconds);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, input.user.id, passwordHash);
    await endUserSessions(tx, input.user.id, input.sessionKey);
    await deleteResetTokens(tx, input.user.id);
    await recordActivity(tx, {
      actorId: input.user.id,
      action: 'user.password_changed',
      entityType: 'user',
      entityId: input.user.id,
      subjectUserId: input.user.id,
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Mails a single-use link to set a new password when the address is a user's. The answer (and its timing, through a
 * fixed floor) is the same whether or not it is, and the limits count every address, known or not.
 */
export async function requestPasswordReset(db: Db, deps: { mail: Mailer; baseUrl: string }, input: { email: string; ip: string }): Promise<void> {
  const started = Date.now();
  try {
    const email = input.email.trim().toLowerCase();
    await consumeRateLimit(db, `password-reset:ip:${input.ip}`, RESET_LIMITS.perIp, RESET_LIMITS.windowSeconds, ACCOUNT_MESSAGES.tooManyResets);
    await consumeRateLimit(db, `password-reset:email:${email}`, RESET_LIMITS.perEmail, RESET_LIMITS.windowSeconds, ACCOUNT_MESSAGES.tooManyResets);
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const token = randomToken();
    await db.transaction(async (tx) => {
      await insertResetToken(tx, { tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_LINK_MS) });
      await deps.mail.queue(tx, passwordResetMail(user, deps.baseUrl, token));
    });
  } finally {
    await sleep(Math.max(0, started + RESET_ANSWER_MS - Date.now()));
  }
}

/**
 * Whether a mailed link's token is good (not used, not expired), using nothing up. A bad one is a NotFoundError, so
 * the routes count it as a wrong guess under the code-guess limit (platform/code-guesses.ts).
 */
export async function checkResetLink(db: Db, token: string): Promise<void> {
  if (!(await findResetTokenUser(db, sha256(token)))) throw new NotFoundError(ACCOUNT_MESSAGES.resetInvalid);
}

/** Sets a new password from a mailed link: the link is used up, every session of the user ends (they log in again). */
export async function confirmPasswordReset(db: Db, input: { token: string; password: string }): Promise<void> {
  const tokenHash = sha256(input.token);
  const holder = await findResetTokenUser(db, tokenHash);
  if (!holder) throw refusal('token', ACCOUNT_MESSAGES.resetInvalid);
  const problem = passwordProblem(input.password, holder.email);
  if (problem) throw refusal('password', problem);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Checked again as it is used up: the link may have been used (or expired) while the password was hashed.
    const userId = await consumeResetToken(tx, tokenHash);
    if (userId === null) throw refusal('token', ACCOUNT_MESSAGES.resetInvalid);
    await setPasswordHash(tx, userId, passwordHash);
    await endUserSessions(tx, userId);
    await recordActivity(tx, { actorId: userId, action: 'user.password_reset', entityType: 'user', entityId: userId, subjectUserId: userId });
  });
}

// ---------------------------------------------------------------------------------------------
// A mailed one-time sign-in link (issue 36, decision 0528): someone else's wrong passwords can lock a new browser out
// (LOGIN_LIMITS); the owner's mailbox is the second factor that lets them in anyway.

/** Requests are limited like reset requests; a link is good for 15 minutes, once. */
export const SIGN_IN_LINK_LIMITS = { perIp: 10, perEmail: 3, windowSeconds: 60 * 60 };
export const SIGN_IN_LINK_MS = 15 * 60 * 1000;

/**
 * Mails a one-time sign-in link when the address is a user's. The answer (and its timing, through the reset request's
 * floor) is the same whether or not it is, and the limits count every address, known or not.
 */
export async function requestSignInLink(db: Db, deps: { mail: Mailer; baseUrl: string }, input: { email: string; ip: string; now: Date }): Promise<void> {
  const started = Date.now();
  try {
    const email = input.email.trim().toLowerCase();
    const { perIp, perEmail, windowSeconds } = SIGN_IN_LINK_LIMITS;
    await consumeRateLimit(db, `sign-in-link:ip:${input.ip}`, perIp, windowSeconds, ACCOUNT_MESSAGES.tooManySignInLinks);
    await consumeRateLimit(db, `sign-in-link:email:${email}`, perEmail, windowSeconds, ACCOUNT_MESSAGES.tooManySignInLinks);
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const token = randomToken();
    await db.transaction(async (tx) => {
      const expiresAt = new Date(input.now.getTime() + SIGN_IN_LINK_MS);
      await insertSignInLink(tx, { tokenHash: sha256(token), userId: user.id, expiresAt }, input.now);
      await deps.mail.queue(tx, signInLinkMail(user, deps.baseUrl, token, SIGN_IN_LINK_MS / 60_000));
    });
  } finally {
    await sleep(Math.max(0, started + RESET_ANSWER_MS - Date.now()));
  }
}

/**
 * Signs in by a mailed link: uses it up (at most once, however many clicks) and opens a session as a login does. Not
 * under the password limits: the link is the proof. A bad token is a NotFoundError, so the route counts it as a guess.
 */
export async function signInByLink(db: Db, input: { token: string; ip: string; userAgent: string | null; now: Date }) {
  return db.transaction(async (tx) => {
    const userId = await consumeSignInLink(tx, sha256(input.token), input.now);
    const user = userId === null ? undefined : await findUserById(tx, userId);
    if (!user) throw new NotFoundError(ACCOUNT_MESSAGES.signInLinkInvalid);
    // Logins are not logged, but a way in that skips the password is: an admin can see who used one, and when.
    await recordActivity(tx, { actorId: user.id, action: 'user.signed_in_by_link', entityType: 'user', entityId: user.id, subjectUserId: user.id });
    return { user, token: await openSession(tx, user.id, input) };
  });
}

/**
 * The signed-in staff member keeps a language for the staff area and the host console (issue 38, decision 0620): their
 * pages open in it on any browser, after any sign-in. Their own preference, so no activity entry.
 */
export async function setAccountLanguage(db: Db, userId: number, language: Language) {
  const user = await setUserLanguage(db, userId, language);
  // The session's user was loaded at the start of this request: gone since means signed out for good.
  if (!user) throw new UnauthenticatedError();
  return user;
}
