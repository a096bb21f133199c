import type { OutgoingMail } from '../../../platform/mail';
import { staffPaths } from '../../../../shared/staff-access';

export const PASSWORD_RESET_MAIL_KIND = 'auth.password_reset';

/** The mailed link to set a new password: from the configured public origin, never from the request's Host. */
export function passwordResetMail(user: { name: string; email: string }, baseUrl: string, token: string): OutgoingMail {
  const link = `${baseUrl.replace(/\/+$/, '')}${staffPaths.resetPassword(token)}`;
  return {
    to: user.email,
    subject: 'Set a new password for your hatch account',
    kind: PASSWORD_RESET_MAIL_KIND,
    text: [
      `Hi ${user.name},`,
      '',
      'Someone (we hope you) asked to set a new password for your hatch staff account. Open this link to choose one:',
      '',
      link,
      '',
      'The link works once, within 1 hour. Setting a new password logs your account out everywhere.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

export const MASKED_TOKEN = '••••••••';

/**
 * The mail's text with every reset (and sign-in) link's token hidden. A reset link is the account: whoever opens it sets the
 * password. Staff reading the outbox see that a link went out, not the link (decision 0371).
 */
export function maskResetLinks(text: string): string {
  // A mailed sign-in link (decision 0528) is the account too, for its 15 minutes.
  return [staffPaths.resetPassword, staffPaths.signIn].reduce((masked, pathOf) => {
    const escaped = pathOf('TOKEN')
      .replace('TOKEN', '')
      .replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    return masked.replace(new RegExp(`(${escaped})[^\\s/?#]+`, 'g'), `$1${MASKED_TOKEN}`);
  }, text);
}
