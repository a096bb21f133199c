import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES } from '../../../shared/api/auth';
import { resetPasswordForm, type ResetPasswordForm } from '../../../shared/api/password-forms';
import { Button, Field, FieldError, Input } from '../../components/ui';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useMessageText, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { checkResetLink, confirmPasswordReset } from '../../lib/session-api';
import { useAction } from '../../lib/use-action';

/** The way on from a dead link: the page that mails a new one. */
function NewLinkLink() {
  const t = useT('account');
  return (
    <p className="text-sm">
      <Link to={paths.forgotPassword} className="text-brand-700 underline">
        {t('auth.askNewLink')}
      </Link>
    </p>
  );
}

/**
 * /reset-password/:token: the mailed link's page. The link is checked as the page opens (issue 28: a used one showed
 * the form and failed only on submit): a dead link says so at once, with the way to a new one; an address past the
 * code-guess limit is told to wait. When the check cannot be made (no network, a server failure) the form shows, and
 * its submit says what the server says.
 */
export function ResetPasswordPage() {
  const t = useT('account');
  // The account rules' messages and the server's answers are written in English where they live: said in the reader's.
  const message = useMessageText();
  const { token = '' } = useParams();
  const check = useQuery({
    queryKey: ['auth', 'reset-link', token],
    queryFn: () => checkResetLink(token),
    retry: false,
    staleTime: Infinity,
  });
  const refused = check.error instanceof ApiError && (check.error.status === 404 || check.error.status === 429) ? check.error : null;
  const [done, setDone] = useState<string | null>(null);
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold">{t('resetPassword.title')}</h1>
        {check.isPending ? (
          <p className="text-slate-600" aria-live="polite">
            {t('resetPassword.checking')}
          </p>
        ) : refused ? (
          <>
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
              {message(refused.status === 404 ? ACCOUNT_MESSAGES.resetInvalid : errorMessage(refused, ACCOUNT_MESSAGES.tooManyAttempts))}
            </p>
            {refused.status === 404 ? <NewLinkLink /> : null}
          </>
        ) : done ? (
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
            {message(done)}
          </p>
        ) : (
          <ResetForm token={token} onDone={setDone} />
        )}
        <p className="text-sm">
          <Link to={paths.login} className="text-brand-700 underline">
            {done ? t('auth.logIn') : t('auth.backToLogin')}
          </Link>
        </p>
      </div>
    </main>
  );
}

/** Choose a new password (the rule shown before sending). */
function ResetForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const t = useT('account');
  const message = useMessageText();
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { password: '', confirm_password: '' },
  });
  const { errors } = form.formState;
  // A refused password is said under its field only; any other refusal (a used or expired link) under the form.
  const [refusedPassword, setRefusedPassword] = useState(false);
  const reset = useAction({
    call: ({ password }: ResetPasswordForm) => confirmPasswordReset({ token, password }),
    failure: t('resetPassword.failed'),
    failureToast: 'none',
    onSuccess: onDone,
    onError: (e) => {
      const passwordError = e instanceof ApiError ? e.errors.password?.[0] : undefined;
      setRefusedPassword(passwordError !== undefined);
      if (passwordError) form.setError('password', { message: passwordError });
    },
  });
  const saving = reset.isPending;
  const error = refusedPassword || !reset.error ? null : message(reset.error);

  return (
    <form onSubmit={(e) => void form.handleSubmit(reset.run)(e)} className="space-y-4" noValidate>
      <Field label={t('resetPassword.newPassword')} id="reset-password" size="md" error={errors.password?.message && message(errors.password.message)}>
        <Input type="password" autoComplete="new-password" required {...form.register('password')} />
      </Field>
      <Field
        label={t('resetPassword.newPasswordAgain')}
        id="reset-confirm"
        size="md"
        error={errors.confirm_password?.message && message(errors.confirm_password.message)}
      >
        <Input type="password" autoComplete="new-password" required {...form.register('confirm_password')} />
      </Field>
      <FieldError message={error} className="rounded-md bg-red-50 px-3 py-2 font-normal" />
      {/* Compared in the reader's language: the server says a dead link in it, the rule's English is looked up. */}
      {error === message(ACCOUNT_MESSAGES.resetInvalid) ? <NewLinkLink /> : null}
      <Button type="submit" variant="primary" size="md" disabled={saving} className="w-full">
        {saving ? t('resetPassword.saving') : t('resetPassword.submit')}
      </Button>
    </form>
  );
}
