import { Link, useParams } from 'react-router';
import { staffHome } from '../../../shared/staff-access';
import { Button, FieldError } from '../../components/ui';
import { paths } from '../../lib/paths';
import { signInByLink } from '../../lib/session-api';
import { useAction } from '../../lib/use-action';

/**
 * /sign-in/:token: the mailed one-time sign-in link's page (decision 0528). The link is used by a click, not as the page
 * opens: a mail scanner that opens links would otherwise use it up before its owner does.
 */
export function SignInPage() {
  const { token = '' } = useParams();
  const signIn = useAction({
    call: () => signInByLink(token),
    // The server's reason when it gave one: for a used, expired or unknown link, ACCOUNT_MESSAGES.signInLinkInvalid.
    failure: 'Signing in failed. Please try again.',
    failureToast: 'none',
    // A full load, as after a login: the new session's pages carry its own CSRF token.
    onSuccess: (user) => window.location.assign(staffHome(user)),
  });
  const busy = signIn.isPending || signIn.isSuccess;

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold">Sign in</h1>
        <p className="text-sm text-slate-600">This link signs you in once, in this browser, which is then remembered for your account.</p>
        <FieldError message={signIn.error} className="rounded-md bg-red-50 px-3 py-2 font-normal" />
        <Button type="button" variant="primary" size="md" disabled={busy} className="w-full" onClick={() => void signIn.run()}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
        {signIn.error ? (
          <p className="text-sm">
            <Link to={paths.signInLink} className="text-brand-700 underline">
              Ask for a new link
            </Link>
          </p>
        ) : null}
        <p className="text-sm">
          <Link to={paths.login} className="text-brand-700 underline">
            Back to login
          </Link>
        </p>
      </div>
    </main>
  );
}
