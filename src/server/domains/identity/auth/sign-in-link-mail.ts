import type { OutgoingMail } from '../../../platform/mail';
import { pageUrl, paths } from '../../../../shared/page-paths';

export const SIGN_IN_LINK_MAIL_KIND = 'auth.sign_in_link';

/** The mailed one-time sign-in link (decision 0528): from the configured public origin, never from the request's Host. */
export function signInLinkMail(user: { name: string; email: string }, baseUrl: string, token: string, minutes: number): OutgoingMail {
  return {
    to: user.email,
    subject: 'Your hatch sign-in link',
    kind: SIGN_IN_LINK_MAIL_KIND,
    text: [
      `Hi ${user.name},`,
      '',
      'Someone (we hope you) asked for a link to sign in to your hatch staff account. Open this link to sign in:',
      '',
      pageUrl(baseUrl, paths.signIn(token)),
      '',
      `The link works once, within ${minutes} minutes, and the browser you open it in is remembered for your account.`,
      'If you did not ask for this, ignore this email: nobody can sign in without opening the link.',
    ].join('\n'),
  };
}
