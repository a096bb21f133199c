import type { OutgoingMail } from '../../../platform/mail';
import { staffPaths } from '../../../../shared/staff-access';

export const LOGIN_FAILURES_MAIL_KIND = 'auth.login_failures';

/** Tells an account's owner that someone keeps failing to sign in to it (decision 0347); sent at most once a window. */
export function loginFailuresMail(user: { name: string; email: string }, baseUrl: string, failures: number, windowMinutes: number): OutgoingMail {
  return {
    to: user.email,
    subject: 'Failed sign-ins to your hatch account',
    kind: LOGIN_FAILURES_MAIL_KIND,
    text: [
      `Hi ${user.name},`,
      '',
      `Someone has tried to sign in to your hatch staff account with a wrong password ${failures} times in the last ${windowMinutes} minutes.`,
      '',
      'If that was you, there is nothing to do. If not, someone may be guessing your password: choose a new, long one',
      `(${baseUrl.replace(/\/+$/, '')}${staffPaths.forgotPassword}).`,
      'You can still sign in from a browser you have used before; the addresses guessing are refused.',
    ].join('\n'),
  };
}
