import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetRequestBody, type PasswordResetRequestBody } from '../../../shared/api/auth';
import { Button, Field, FieldError, Input } from '../../components/ui';
import { useMessageText, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useAction } from '../../lib/use-action';

/**
 * A staff page that asks for a mailed link by email (a new password's, or a one-time sign-in's): the form, then the
 * server's answer in its place, the same whether the email is known or not, so the page never tells.
 */
export function MailedLinkRequest({
  title,
  intro,
  inputId,
  submitLabel,
  call,
}: {
  title: string;
  intro: string;
  inputId: string;
  submitLabel: string;
  /** Sends the request; answers the server's message. Both requests take the same body: the email. */
  call: (body: PasswordResetRequestBody) => Promise<string>;
}) {
  const t = useT('account');
  const message = useMessageText();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<PasswordResetRequestBody>({ resolver: zodResolver(passwordResetRequestBody), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const request = useAction({
    call,
    failure: t('mailedLink.failed'),
    failureToast: 'none',
    onSuccess: setSent,
  });
  const sending = request.isPending;

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold">{title}</h1>
        {sent ? (
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
            {message(sent)}
          </p>
        ) : (
          <form onSubmit={(e) => void form.handleSubmit(request.run)(e)} className="space-y-4" noValidate>
            <p className="text-sm text-slate-600">{intro}</p>
            <Field label={t('auth.email')} id={inputId} size="md" error={errors.email?.message && message(errors.email.message)}>
              <Input type="email" autoComplete="username" required {...form.register('email')} />
            </Field>
            <FieldError message={request.error && message(request.error)} className="rounded-md bg-red-50 px-3 py-2 font-normal" />
            <Button type="submit" variant="primary" size="md" disabled={sending} className="w-full">
              {sending ? t('mailedLink.sending') : submitLabel}
            </Button>
          </form>
        )}
        <p className="text-sm">
          <Link to={paths.login} className="text-brand-700 underline">
            {t('auth.backToLogin')}
          </Link>
        </p>
      </div>
    </main>
  );
}
