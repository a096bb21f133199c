import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody, type LoginBody } from '../../../shared/api/auth';
import { landingAfterLogin } from '../../../shared/staff-access';
import { Button, Field, FieldError, Input } from '../../components/ui';
import { ApiError } from '../../lib/api-client';
import { useMessageText, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { safeNextPath } from '../../lib/safe-next';
import { login } from '../../lib/session-api';
import { useAction } from '../../lib/use-action';

export function LoginPage() {
  const t = useT('account');
  // The form's own rule and the server's refusal are written in English where they live: said in the reader's language.
  const message = useMessageText();
  const [params] = useSearchParams();
  const form = useForm<LoginBody>({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  // Refused by the sign-in limits (429): most likely someone else's wrong passwords; a mailed link still gets in (issue 36).
  const [lockedOut, setLockedOut] = useState(false);
  const signIn = useAction({
    call: login,
    failure: t('login.failed'),
    failureToast: 'none',
    onError: (error) => setLockedOut(error instanceof ApiError && error.status === 429),
    onSuccess: (user) => {
      // A full load: the new session's pages carry its own CSRF token.
      // Only a path on this site (a crafted ?next= must not send staff to another site after login), and only one
      // this user may open: else where their roles let them work (a host: their games).
      const next = safeNextPath(params.get('next'), window.location.origin, '');
      window.location.assign(landingAfterLogin(user, next || null));
    },
  });
  // Busy from the click until the page is left: a successful login keeps the button disabled while it loads.
  const busy = signIn.isPending || signIn.isSuccess;

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <form onSubmit={(e) => void form.handleSubmit(signIn.run)(e)} className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-8 shadow-lg" noValidate>
        <h1 className="text-2xl font-bold">{t('login.title')}</h1>
        <Field label={t('auth.email')} id="login-email" size="md" error={errors.email?.message && message(errors.email.message)}>
          <Input type="email" autoComplete="username" required {...form.register('email')} />
        </Field>
        <Field label={t('login.password')} id="login-password" size="md" error={errors.password?.message && message(errors.password.message)}>
          <Input type="password" autoComplete="current-password" required {...form.register('password')} />
        </Field>
        <p className="-mt-2 text-right text-sm">
          <Link to={paths.forgotPassword} className="text-brand-700 underline">
            {t('login.forgotPassword')}
          </Link>
        </p>
        <FieldError message={signIn.error && message(signIn.error)} className="rounded-md bg-red-50 px-3 py-2 font-normal" />
        {lockedOut ? (
          <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('login.lockedOut')}{' '}
            <Link to={paths.signInLink} className="font-medium underline">
              {t('auth.emailMeALink')}
            </Link>
          </p>
        ) : null}
        <Button type="submit" variant="primary" size="md" disabled={busy} className="w-full">
          {busy ? t('login.loggingIn') : t('auth.logIn')}
        </Button>
        <p className="text-center text-sm">
          <Link to={paths.signInLink} className="text-brand-700 underline">
            {t('auth.emailMeALink')}
          </Link>
        </p>
      </form>
    </main>
  );
}
