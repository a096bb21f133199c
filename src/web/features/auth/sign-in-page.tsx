import { Link, useParams } from 'react-router';
import { staffHome } from '../../../shared/staff-access';
import { Button, FieldError } from '../../components/ui';
import { useMessageText, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { signInByLink } from '../../lib/session-api';
import { useAction } from '../../lib/use-action';

/**
 * /sign-in/:token: the mailed one-time sign-in link's page (decision 0528). The link is used by a click, not as the page
 * opens: a mail scanner that opens links would otherwise use it up before its owner does.
 */
export function SignInPage() {
  const t = useT('account');
  const message = useMessageText();
  const { token = '' } = useParams();
  const signIn = useAction({
    call: () => signInByLink(token),
    // The server's reason when it gave one: for a used, expired or unknown link, ACCOUNT_MESSAGES.signInLinkInvalid.
    failure: t('signIn.failed'),
    failureToast: 'none',
    // A full load, as after a login: the new session's pages carry its own CSRF token.
    onSuccess: (user) => window.location.assign(staffHome(user)),
  });
  const busy = signIn.isPending || signIn.isSuccess;

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold">{t('signIn.title')}</h1>
        <p className="text-sm text-slate-600">{t('signIn.intro')}</p>
        <FieldError message={signIn.error && message(signIn.error)} className="rounded-md bg-red-50 px-3 py-2 font-normal" />
        <Button type="button" variant="primary" size="md" disabled={busy} className="w-full" onClick={() => void signIn.run()}>
          {busy ? t('signIn.signingIn') : t('signIn.submit')}
        </Button>
        {signIn.error ? (
          <p className="text-sm">
            <Link to={paths.signInLink} className="text-brand-700 underline">
              {t('auth.askNewLink')}
            </Link>
          </p>
        ) : null}
        <p className="text-sm">
          <Link to={paths.login} className="text-brand-700 underline">
            {t('auth.backToLogin')}
          </Link>
        </p>
      </div>
    </main>
  );
}
