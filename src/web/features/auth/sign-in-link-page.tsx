import { useT } from '../../lib/i18n';
import { requestSignInLink } from '../../lib/session-api';
import { MailedLinkRequest } from './mailed-link-request';

/**
 * /sign-in-link: ask for a mailed one-time sign-in link (issue 36), the way in when someone else's wrong passwords
 * lock this browser out. The answer never tells whether the email is known.
 */
export function SignInLinkPage() {
  const t = useT('account');
  return (
    <MailedLinkRequest
      title={t('signInLink.title')}
      intro={t('signInLink.intro')}
      inputId="sign-in-link-email"
      submitLabel={t('auth.emailMeALink')}
      call={requestSignInLink}
    />
  );
}
