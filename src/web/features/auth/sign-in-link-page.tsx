import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signInLinkRequestBody, type SignInLinkRequestBody } from '../../../shared/api/auth';
import { Button, Field, FieldError, Input } from '../../components/ui';
import { paths } from '../../lib/paths';
import { requestSignInLink } from '../../lib/session-api';
import { useAction } from '../../lib/use-action';

/**
 * /sign-in-link: ask for a mailed one-time sign-in link (issue 36), the way in when someone else's wrong passwords
 * lock this browser out. The answer never tells whether the email is known.
 */
export function SignInLinkPage() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<SignInLinkRequestBody>({ resolver: zodResolver(signInLinkRequestBody), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const request = useAction({
    call: requestSignInLink,
    failure: 'The link could not be requested. Please try again.',
    failureToast: 'none',
    onSuccess: setSent,
  });
  const sending = request.isPending;

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold">Sign in by email</h1>
        {sent ? (
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
            {sent}
          </p>
        ) : (
          <form onSubmit={(e) => void form.handleSubmit(request.run)(e)} className="space-y-4" noValidate>
            <p className="text-sm text-slate-600">Enter the email of your staff account and we will mail you a link that signs you in once.</p>
            <Field label="Email" id="sign-in-link-email" size="md" error={errors.email?.message}>
              <Input type="email" autoComplete="username" required {...form.register('email')} />
            </Field>
            <FieldError message={request.error} className="rounded-md bg-red-50 px-3 py-2 font-normal" />
            <Button type="submit" variant="primary" size="md" disabled={sending} className="w-full">
              {sending ? 'Sending…' : 'Email me a sign-in link'}
            </Button>
          </form>
        )}
        <p className="text-sm">
          <Link to={paths.login} className="text-brand-700 underline">
            Back to login
          </Link>
        </p>
      </div>
    </main>
  );
}
