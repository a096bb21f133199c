import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES } from '../../../shared/api/auth';
import { resetPasswordForm, type ResetPasswordForm } from '../../../shared/api/password-forms';
import { Button, Field, FieldError, Input } from '../../components/ui';
import { ApiError, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { confirmPasswordReset } from '../../lib/session-api';

/** /reset-password/:token: the mailed link's page: choose a new password (the rule shown before sending). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ResetPasswordForm>({ resolver: zodResolver(resetPasswordForm), defaultValues: { password: '', confirm_password: '' } });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit({ password }: ResetPasswordForm) {
    setError(null);
    try {
      setDone(await confirmPasswordReset({ token, password }));
    } catch (e) {
      const passwordError = e instanceof ApiError ? e.errors.password?.[0] : undefined;
      if (passwordError) form.setError('password', { message: passwordError });
      else setError(errorMessage(e, 'The password could not be changed. Please try again.'));
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold">Set a new password</h1>
        {done ? (
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
            {done}
          </p>
        ) : (
          <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="space-y-4" noValidate>
            <Field label="New password" id="reset-password" size="md" error={errors.password?.message}>
              <Input type="password" autoComplete="new-password" required {...form.register('password')} />
            </Field>
            <Field label="New password again" id="reset-confirm" size="md" error={errors.confirm_password?.message}>
              <Input type="password" autoComplete="new-password" required {...form.register('confirm_password')} />
            </Field>
            <FieldError message={error} className="rounded-md bg-red-50 px-3 py-2 font-normal" />
            {error === ACCOUNT_MESSAGES.resetInvalid ? (
              <p className="text-sm">
                <Link to={paths.forgotPassword} className="text-brand-700 underline">
                  Ask for a new link
                </Link>
              </p>
            ) : null}
            <Button type="submit" variant="primary" size="md" disabled={isSubmitting} className="w-full">
              {isSubmitting ? 'Saving…' : 'Set new password'}
            </Button>
          </form>
        )}
        <p className="text-sm">
          <Link to={paths.login} className="text-brand-700 underline">
            {done ? 'Log in' : 'Back to login'}
          </Link>
        </p>
      </div>
    </main>
  );
}
