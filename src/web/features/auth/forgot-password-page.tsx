import { requestPasswordReset } from '../../lib/session-api';
import { MailedLinkRequest } from './mailed-link-request';

/** /forgot-password: ask for a mailed link to set a new password. The answer never tells whether the email is known. */
export function ForgotPasswordPage() {
  return (
    <MailedLinkRequest
      title="Forgot your password?"
      intro="Enter the email of your staff account and we will mail you a link to set a new password."
      inputId="forgot-email"
      submitLabel="Send me a link"
      call={requestPasswordReset}
    />
  );
}
