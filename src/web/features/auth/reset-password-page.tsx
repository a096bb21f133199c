import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES } from '../../../shared/api/auth';
import { resetPasswordForm, type ResetPasswordForm } from '../../../shared/api/password-forms';
import { Button, Field, FieldError, Input } from '../../components/ui';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { confirmPasswordReset } from '../../lib/session-api';
import { useAction } from '../../lib/use-action';

/** /reset-password/:token: the mailed link's page: choose a new password (the rule shown before sending). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<ResetPasswordForm>({ resolver: zodResolver(resetPasswordForm), defaultValues: { password: '', confirm_password: '' } });
  const { errors } = form.formState;
  // A refused password is said under its field only; any other refusal (a used or expired link) under the form.
  const [refusedPassword, setRefusedPassword] = useState(false);
  const reset = useAction({
    call: ({ password }: ResetPasswordForm) => confirmPasswordReset({ token, password }),
    failure: 'The password could not be changed. Please try again.',
    failureToast: 'none',
    onSuccess: setDone,
    onError: (e) => {
      const passwordError = e instanceof ApiError ? e.errors.password?.[0] : undefined;
      setRefusedPassword(passwordError !== undefined);
      if (passwordError) form.setError('password', { message: passwordError });
    },
  });
  const saving = reset.isPending;
  const error = refusedPassword ? null : reset.error;

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold">Set a new password</h1>
        {done ? (
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
            {done}
          </p>
        ) : (
          <form onSubmit={(e) => void form.handleSubmit(reset.run)(e)} className="space-y-4" noValidate>
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
            <Button type="submit" variant="primary" size="md" disabled={saving} className="w-full">
              {saving ? 'Saving…' : 'Set new password'}
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
