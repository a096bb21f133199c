import { z } from 'zod';
import { passwordProblem } from '../validation/password-rules';
import { ACCOUNT_MESSAGES, changePasswordBody, passwordResetConfirmBody } from './auth';

/**
 * The screens' password forms: the new password typed twice and judged by the password rule before it is sent, so
 * the page shows the server's verdict first. Kept apart from ./auth.ts: the rule's dictionaries (~400 kB) load only
 * with the pages that set a password, never with the login page.
 */
function checkNewPassword(password: string, confirm: string, field: string, email: string | null, ctx: z.RefinementCtx): void {
  const problem = passwordProblem(password, email);
  if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
  else if (password !== confirm) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: ACCOUNT_MESSAGES.confirmMismatch });
}

/** The account page: current password, the new one and again; the rule with the user's email, as the server runs it. */
export function changePasswordForm(email: string) {
  return changePasswordBody.extend({ confirm_password: z.string() }).superRefine((v, ctx) => {
    checkNewPassword(v.new_password, v.confirm_password, 'new_password', email, ctx);
    if (v.new_password === v.current_password && !passwordProblem(v.new_password, email)) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: ACCOUNT_MESSAGES.sameAsCurrent });
    }
  });
}
export type ChangePasswordForm = z.infer<ReturnType<typeof changePasswordForm>>;

/** The reset page: the new password and again (the email is the server's to add to the rule). */
export const resetPasswordForm = passwordResetConfirmBody
  .pick({ password: true })
  .extend({ confirm_password: z.string() })
  .superRefine((v, ctx) => checkNewPassword(v.password, v.confirm_password, 'password', null, ctx));
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;
