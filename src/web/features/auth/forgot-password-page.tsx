import { useT } from '../../lib/i18n';
import { requestPasswordReset } from '../../lib/session-api';
import { MailedLinkRequest } from './mailed-link-request';

/** /forgot-password: ask for a mailed link to set a new password. The answer never tells whether the email is known. */
export function ForgotPasswordPage() {
  const t = useT('account');
  return (
    <MailedLinkRequest
      title={t('forgotPassword.title')}
      intro={t('forgotPassword.intro')}
      inputId="forgot-email"
      submitLabel={t('forgotPassword.submit')}
      call={requestPasswordReset}
    />
  );
}
