import { z } from 'zod';
import { LANGUAGE_CODES } from '../i18n/languages';

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_host: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginBody = z.object({
  email: z.string().trim().min(1, 'Email address is required').max(320),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const userResponse = z.object({ user: userSchema });

/**
 * The signed-in staff member as their own calls answer (login, sign-in link, `/api/auth/me`): the user, and the
 * language they keep for the staff area and the host console (issue 38, decision 0620); null until they pick one.
 * Lists of users (the admin's) answer `userSchema` without it.
 */
export const accountUserSchema = userSchema.extend({ language: z.enum(LANGUAGE_CODES).nullable() });
export type AccountUser = z.infer<typeof accountUserSchema>;
export const accountUserResponse = z.object({ user: accountUserSchema });

/** PATCH /api/auth/me: the signed-in staff member changes what they keep (their language). */
export const updateAccountBody = z.object({ language: z.enum(LANGUAGE_CODES, { message: 'Please choose a language' }) });
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;
/** 204: no body. */
export const logoutResponse = z.null();

export const INVALID_CREDENTIALS = 'Invalid email or password';

// Staff passwords (issue 19, decision 0182): change your own, or reset a forgotten one by a mailed link.

export const ACCOUNT_MESSAGES = {
  currentRequired: 'Please enter your current password',
  currentWrong: 'Your current password is not correct',
  newRequired: 'Please enter a new password',
  sameAsCurrent: 'The new password must be different from the current one',
  confirmMismatch: 'The two passwords do not match',
  changed: 'Your password has been changed. Your other sessions have been logged out.',
  resetRequested: 'If an account exists for that email, we have sent it a link to set a new password. The link works once, within 1 hour.',
  resetInvalid: 'This link is invalid, has expired or was already used. Please ask for a new one.',
  resetDone: 'Your password has been changed. Please log in with your new password.',
  tooManyResets: 'Too many reset requests. Please try again later.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  signInLinkRequested: 'If an account exists for that email, we have sent it a link to sign in. The link works once, within 15 minutes.',
  signInLinkInvalid: 'This sign-in link has expired or was already used. Ask for a new one.',
  tooManySignInLinks: 'Too many sign-in link requests. Please try again later.',
} as const;

/** Passwords are judged by the password rule (validation/password-rules.ts) with the user's email, on the server. */
const newPassword = z.string({ message: ACCOUNT_MESSAGES.newRequired }).min(1, ACCOUNT_MESSAGES.newRequired).max(4096);

/** POST /api/auth/password: a logged-in user changes their own password. */
export const changePasswordBody = z.object({
  current_password: z.string({ message: ACCOUNT_MESSAGES.currentRequired }).min(1, ACCOUNT_MESSAGES.currentRequired).max(1024),
  new_password: newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /api/auth/password-reset: mail a reset link to this address, if it is a user's. */
export const passwordResetRequestBody = z.object({ email: loginBody.shape.email });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBody>;

const resetToken = z.string({ message: ACCOUNT_MESSAGES.resetInvalid }).min(1, ACCOUNT_MESSAGES.resetInvalid).max(200, ACCOUNT_MESSAGES.resetInvalid);

/**
 * POST /api/auth/password-reset/check: is the link's token good (not used, not expired)? Asked as the page opens, so
 * a dead link says so at once instead of after the form (issue 28); it uses nothing up. The token goes in the body,
 * as for the confirm, so no request log line or proxy holds it. A good one answers `{ valid: true }`, any other 404.
 */
export const passwordResetCheckBody = z.object({ token: resetToken });
export const passwordResetCheckResponse = z.object({ valid: z.literal(true) });

/** POST /api/auth/password-reset/confirm: the link's token and the new password. */
export const passwordResetConfirmBody = z.object({
  token: resetToken,
  password: newPassword,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;

export const accountMessageResponse = z.object({ message: z.string() });

// A mailed one-time sign-in link (issue 36, decision 0528): the way in when a new browser is locked out.

/** POST /api/auth/sign-in-link: mail a sign-in link to this address, if it is a user's. */
export const signInLinkRequestBody = z.object({ email: loginBody.shape.email });
export type SignInLinkRequestBody = z.infer<typeof signInLinkRequestBody>;

/** POST /api/auth/sign-in-link/use: the link's token, in the body so no request log line or proxy holds it. */
export const signInLinkUseBody = z.object({
  token: z.string({ message: ACCOUNT_MESSAGES.signInLinkInvalid }).min(1, ACCOUNT_MESSAGES.signInLinkInvalid).max(200, ACCOUNT_MESSAGES.signInLinkInvalid),
});
export type SignInLinkUseBody = z.infer<typeof signInLinkUseBody>;
