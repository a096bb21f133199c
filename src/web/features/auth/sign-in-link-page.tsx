import { requestSignInLink } from '../../lib/session-api';
import { MailedLinkRequest } from './mailed-link-request';

/**
 * /sign-in-link: ask for a mailed one-time sign-in link (issue 36), the way in when someone else's wrong passwords
 * lock this browser out. The answer never tells whether the email is known.
 */
export function SignInLinkPage() {
  return (
    <MailedLinkRequest
      title="Sign in by email"
      intro="Enter the email of your staff account and we will mail you a link that signs you in once."
      inputId="sign-in-link-email"
      submitLabel="Email me a sign-in link"
      call={requestSignInLink}
    />
  );
}
